#include "figures/recent_cache.hpp"

#include <gtest/gtest.h>

#include <array>

namespace attn {

TEST(RecentCache, ComputesOncePerKeyAndForgetsTheOldestBeyondCapacity) {
  RecentCache<int, int> cache(2);
  EXPECT_EQ(cache.get(1, [] { return 10; }), 10);
  EXPECT_EQ(cache.get(1, [] { return -1; }), 10);  // remembered: not recomputed
  EXPECT_EQ(cache.computed(), 1u);
  cache.get(2, [] { return 20; });
  cache.get(3, [] { return 30; });                  // evicts key 1
  EXPECT_EQ(cache.get(1, [] { return 11; }), 11);
  EXPECT_EQ(cache.computed(), 4u);
}

// The length figure prepares the neighbours of the seed drawn: they must not push out the seed
// itself, which was computed first but is still the one on screen.
TEST(RecentCache, KeepsWhatWasUsedLastAndForgetsTheLeastRecentlyUsed) {
  RecentCache<int, int> cache(2);
  cache.get(1, [] { return 10; });
  cache.get(2, [] { return 20; });
  cache.get(1, [] { return -1; });                  // used again: now the most recent
  cache.get(3, [] { return 30; });                  // evicts key 2, not key 1
  EXPECT_TRUE(cache.contains(1));
  EXPECT_FALSE(cache.contains(2));
  EXPECT_EQ(cache.get(1, [] { return -1; }), 10);
  EXPECT_EQ(cache.computed(), 3u);
}

// Moving a used entry to the back must not use an iterator the move invalidated. (The deque the
// cache once kept its entries in let a stale iterator write out of bounds after a few thousand
// hits on entries as large as a trajectory; ASan saw it, the fuzzer found it through scorers.)
TEST(RecentCache, RepeatedHitsOnLargeEntriesKeepEveryEntryIntact) {
  struct Large {
    int key;
    std::array<char, 1000> bytes;
  };
  constexpr int kEntries = 8;
  RecentCache<int, Large> cache(kEntries);
  for (int key = 0; key < kEntries; ++key) cache.get(key, [&] { return Large{key, {}}; });
  for (int round = 0; round < 5000; ++round) {
    const int key = (round * 3) % kEntries;
    ASSERT_EQ(cache.get(key, [] { return Large{-1, {}}; }).key, key) << "round " << round;
  }
  for (int key = 0; key < kEntries; ++key) EXPECT_TRUE(cache.contains(key)) << key;
  EXPECT_EQ(cache.computed(), static_cast<std::size_t>(kEntries));
}

// A figure keeps the result it was given while it asks for others (scorers: a trajectory, then
// the claim's spread): reordering the entries, and forgetting others, must leave it in place.
TEST(RecentCache, AResultStaysWhereItIsUntilItIsForgotten) {
  RecentCache<int, int> cache(3);
  const int& first = cache.get(1, [] { return 10; });
  cache.get(2, [] { return 20; });
  cache.get(3, [] { return 30; });
  cache.get(2, [] { return -1; });  // reordered: 1, 3, 2
  cache.get(1, [] { return -1; });  // 3, 2, 1
  cache.get(4, [] { return 40; });  // forgets 3
  EXPECT_EQ(first, 10);
  EXPECT_EQ(&first, &cache.get(1, [] { return -1; }));
  EXPECT_FALSE(cache.contains(3));
}

}  // namespace attn

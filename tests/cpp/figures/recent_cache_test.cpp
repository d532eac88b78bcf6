#include "figures/recent_cache.hpp"

#include <gtest/gtest.h>

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

}  // namespace attn

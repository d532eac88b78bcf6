#pragma once
// A few recent results of an expensive computation, so that moving a control that does not
// change the inputs (a level, a training step) redraws from memory. Bounded: the entry used
// least recently goes when a new one comes, so memory stays flat however long a reader plays.
// Single-threaded by design (the page's core runs on one thread).
//
// The entries are a vector of `capacity` slots reserved once, each holding its result on the
// heap: the cache's own footprint is the same whatever the history of keys. (A deque rotating
// through its blocks held one block of 4 KB more or less depending on where the rotation
// stood: the page's memory benchmark read that as growth.) A result returned stays where it is
// until it is forgotten, however the entries are reordered meanwhile; it may be completed in
// place (a claim's spread, measured a slice at a time: sqrt_d.cpp).
#include <algorithm>
#include <cstddef>
#include <iterator>
#include <memory>
#include <utility>
#include <vector>

namespace attn {

template <class Key, class Result>
class RecentCache {
 public:
  explicit RecentCache(std::size_t capacity) : capacity_(capacity) { entries_.reserve(capacity); }

  template <class Compute>
  Result& get(const Key& key, Compute&& compute) {
    const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.key == key; });
    if (it != entries_.end()) {
      std::rotate(it, std::next(it), entries_.end());  // used now: the last to go
      return *entries_.back().result;
    }
    if (!entries_.empty() && entries_.size() >= capacity_) entries_.erase(entries_.begin());
    ++computed_;
    entries_.push_back(Entry{key, std::make_unique<Result>(compute())});
    return *entries_.back().result;
  }

  bool contains(const Key& key) const {
    return std::any_of(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.key == key; });
  }

  std::size_t computed() const { return computed_; }  // how many times compute ran (for tests)

 private:
  struct Entry {
    Key key;
    std::unique_ptr<Result> result;
  };
  std::size_t capacity_;
  std::size_t computed_ = 0;
  std::vector<Entry> entries_;  // least recently used first
};

}  // namespace attn

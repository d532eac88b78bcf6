#pragma once
// A few recent results of an expensive computation, so that moving a control that does not
// change the inputs (a level, a training step) redraws from memory. Bounded: the entry used
// least recently goes when a new one comes, so memory stays flat however long a reader plays.
// Single-threaded by design (the page's core runs on one thread).
#include <cstddef>
#include <deque>
#include <iterator>
#include <utility>

namespace attn {

template <class Key, class Result>
class RecentCache {
 public:
  explicit RecentCache(std::size_t capacity) : capacity_(capacity) {}

  template <class Compute>
  const Result& get(const Key& key, Compute&& compute) {
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->first != key) continue;
      if (std::next(it) != entries_.end()) {  // used now: the last to go
        // Out first: a deque's push_back invalidates every iterator, `it` included.
        auto entry = std::move(*it);
        entries_.erase(it);
        entries_.push_back(std::move(entry));
      }
      return entries_.back().second;
    }
    if (entries_.size() == capacity_) entries_.pop_front();
    ++computed_;
    entries_.emplace_back(key, compute());
    return entries_.back().second;
  }

  bool contains(const Key& key) const {
    for (const auto& entry : entries_)
      if (entry.first == key) return true;
    return false;
  }

  std::size_t computed() const { return computed_; }  // how many times compute ran (for tests)

 private:
  std::size_t capacity_;
  std::size_t computed_ = 0;
  std::deque<std::pair<Key, Result>> entries_;
};

}  // namespace attn

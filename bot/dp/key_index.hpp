// The hash index from DP keys to dense ids (draw states, discard states, wins, ukeire, readings).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include "bot/dp/hand_key.hpp"
#include "bot/dp/large_pages.hpp"

namespace tenbin::dp {

// Open addressing, linear probing, power-of-two capacity: key -> dense id. A slot is 16 bytes: the
// key's `lo`, and its `hi` with the id (22 bits) and the generation (3 bits) in the bits the key
// leaves free. clear() starts a new generation instead of wiping the slots, so a reused index
// costs nothing to empty (every 7th clear wipes them).
class KeyIndex {
 public:
  KeyIndex() { slots_.resize(1024); }

  void clear() {
    size_ = 0;
    if (++generation_ < kGenerations) return;
    std::fill(slots_.begin(), slots_.end(), Slot{});  // the counter wrapped: wipe once
    generation_ = 1;
  }

  // The id of `key`, inserting `fresh` when absent; second is true when inserted.
  std::pair<std::uint32_t, bool> find_or_insert(const HandKey& key, std::uint32_t fresh) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    if (fresh >= kMaxIds) throw std::length_error("dp: more than 4 million states");
    Slot& slot = probe(key);
    if (generation_of(slot) == generation_) return {id_of(slot), false};
    slot = {key.lo, key.hi | std::uint64_t{fresh} << kKeyBitsHi | generation_ << kGenerationShift};
    ++size_;
    return {fresh, true};
  }

  std::size_t bytes() const { return slots_.capacity() * sizeof(Slot); }

  // Starts loading the slot `key` hashes to, for a lookup a little later (the tables outgrow the
  // caches on the larger hands, and the lookups are otherwise independent misses).
  void prefetch(const HandKey& key) const {
    __builtin_prefetch(&slots_[hash_key(key) & (slots_.size() - 1)]);
  }

 private:
  static constexpr std::uint64_t kMaxIds = std::uint64_t{1} << 22;
  static constexpr int kGenerationShift = 61;
  static constexpr std::uint64_t kGenerations = 8;
  static constexpr std::uint64_t kKeyMaskHi = (std::uint64_t{1} << kKeyBitsHi) - 1;

  struct Slot {
    std::uint64_t lo = 0;
    std::uint64_t hi = 0;  // the key's hi, then the id and the generation (0: empty)
  };

  static std::uint64_t generation_of(const Slot& slot) { return slot.hi >> kGenerationShift; }
  static std::uint32_t id_of(const Slot& slot) {
    return static_cast<std::uint32_t>((slot.hi >> kKeyBitsHi) & (kMaxIds - 1));
  }
  static HandKey key_of_slot(const Slot& slot) { return {slot.lo, slot.hi & kKeyMaskHi}; }

  Slot& probe(const HandKey& key) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash_key(key) & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (generation_of(slot) != generation_ || (slot.lo == key.lo && (slot.hi & kKeyMaskHi) == key.hi)) return slot;
    }
  }

  void grow() {
    LargePageVector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    const std::uint64_t live = generation_;
    generation_ = 1;
    size_ = 0;
    for (const Slot& slot : old) {
      if (generation_of(slot) != live) continue;
      const HandKey key = key_of_slot(slot);
      probe(key) = {slot.lo, key.hi | std::uint64_t{id_of(slot)} << kKeyBitsHi | generation_ << kGenerationShift};
      ++size_;
    }
  }

  LargePageVector<Slot> slots_;
  std::size_t size_ = 0;
  std::uint64_t generation_ = 1;
};

}  // namespace tenbin::dp

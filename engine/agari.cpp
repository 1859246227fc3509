#include "engine/agari.hpp"

#include <algorithm>

namespace tenbin {
namespace {

// Reads the remaining tiles as sets from the lowest kind up: the lowest tile left is either in
// a triplet of its kind or starts a run (it cannot be the middle or top of a run, since every
// lower tile is already used). Both branches are followed, so every reading is found once.
void read_sets(TileCounts& counts, int from, Decomposition& reading,
               std::vector<Decomposition>& out) {
  int kind = from;
  while (kind < kNumKinds && counts[kind] == 0) ++kind;
  if (kind == kNumKinds) {
    out.push_back(reading);
    return;
  }
  if (reading.sets == reading.set.size()) return;
  if (counts[kind] >= 3) {
    counts[kind] -= 3;
    reading.set[reading.sets++] = {SetShape::triplet, static_cast<std::uint8_t>(kind)};
    read_sets(counts, kind, reading, out);
    --reading.sets;
    counts[kind] += 3;
  }
  if (!is_honor(kind) && kind % 9 <= 6 && counts[kind + 1] > 0 && counts[kind + 2] > 0) {
    --counts[kind];
    --counts[kind + 1];
    --counts[kind + 2];
    reading.set[reading.sets++] = {SetShape::run, static_cast<std::uint8_t>(kind)};
    read_sets(counts, kind, reading, out);
    --reading.sets;
    ++counts[kind];
    ++counts[kind + 1];
    ++counts[kind + 2];
  }
}

}  // namespace

std::vector<Decomposition> decompose(const TileCounts& concealed) {
  std::vector<Decomposition> readings;
  if (total_tiles(concealed) % 3 != 2) return readings;
  TileCounts counts = concealed;
  for (int pair = 0; pair < kNumKinds; ++pair) {
    if (counts[pair] < 2) continue;
    counts[pair] -= 2;
    Decomposition reading;
    reading.pair = static_cast<std::uint8_t>(pair);
    read_sets(counts, 0, reading, readings);
    counts[pair] += 2;
  }
  return readings;
}

bool is_seven_pairs(const TileCounts& concealed) {
  int pairs = 0;
  for (const auto count : concealed) {
    if (count != 0 && count != 2) return false;
    pairs += count == 2 ? 1 : 0;
  }
  return pairs == 7;
}

bool is_thirteen_orphans(const TileCounts& concealed) {
  int total = 0;
  for (const int kind : kOrphanKinds) {
    if (concealed[kind] == 0) return false;
    total += concealed[kind];
  }
  return total == 14 && total_tiles(concealed) == 14;
}

bool is_complete(const TileCounts& concealed) {
  return is_seven_pairs(concealed) || is_thirteen_orphans(concealed) ||
         !decompose(concealed).empty();
}

}  // namespace tenbin

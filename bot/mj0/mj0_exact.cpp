// MJ-0's exact mode: every concealed tenpai hand of one opponent, counted.
//
// The definition (docs/mj0.md; the "every tenpai form equally likely" danger of "牌の危険度予測ツール",
// https://tomohxx.hatenablog.com/entry/2022/06/30/121500): a tenpai form is a concealed hand of 3n+1 tiles (n = 4 - melds) that can
// be taken from the unseen copies, weighing its number of physical combinations
// prod_k C(unseen_k, h_k); it counts when it is tenpai (regular form, and for 13 tiles seven
// pairs and thirteen orphans) and none of its waits is furiten (own river, and after riichi every
// kind passed since). P(k) = weight of the counted hands waiting on k / weight of all counted.
//
// The count is a product over the four groups (three suits and the honours), because whether a
// hand is tenpai and what it waits on depends on each group only through a small summary:
//  - regular form (engine/waits.hpp): a group of size 3m reads as sets or kills the regular form;
//    the hand needs either one group of size 3m+1 (its completing kinds are the waits) or two of
//    size 3m+2, each contributing its completing kinds when the other reads as sets and the pair;
//  - seven pairs: how many pairs, whether one single, no count above 2;
//  - for each part, whether its completing kinds are empty, clean or touch a furiten kind.
// Every pattern of a group (each kind 0..unseen copies) is enumerated once and summed into its
// summary class (size, regular class, seven-pairs class) with its weight and, per kind, the
// weight of the patterns whose part waits on it; the classes are then combined group by group.
// Thirteen orphans cannot be regular or seven-pairs tenpai (at most one pair, no triplet) and is
// added by a direct count. All weights are exact 64-bit integers (C(123,13) < 2^64).
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "bot/mj0/mj0.hpp"
#include "engine/waits.hpp"
#include "engine/shanten_tables.hpp"

namespace tenbin::mj0 {
namespace {

using shanten_tables::kHonorRanks;
using shanten_tables::kMaxTilesPerGroup;
using shanten_tables::kSuitRanks;

// Regular class: 0 all sets; 1-2 one 3m+1 part (clean, dirty); 3-8 one 3m+2 part (pair-complete
// 0/1 x waits empty, clean, dirty); 9-10 two 3m+2 parts resolved (clean, dirty); 11 dead.
constexpr int kRegularClasses = 12;
constexpr int kZero = 0, kRegularDead = 11;
constexpr int kEmpty = 0, kClean = 1, kDirty = 2;
constexpr int one_class(int status) { return status == kClean ? 1 : 2; }
constexpr int two_class(bool pair_complete, int status) { return 3 + (pair_complete ? 3 : 0) + status; }
constexpr int resolved_class(int status) { return status == kClean ? 9 : 10; }

// Seven-pairs class: 0 dead; else 1 + pairs * 3 + (0 no single, 1 clean single, 2 dirty single).
constexpr int kPairsClasses = 25;
constexpr int pairs_class(int pairs, int single) { return 1 + pairs * 3 + single; }

constexpr int kMaxSize = 13;

struct Tally {
  std::uint64_t total = 0;
  std::array<std::uint64_t, kNumKinds> regular{};  // waiting on k through the regular part
  std::array<std::uint64_t, kNumKinds> single{};   // the seven-pairs single is k
  std::array<std::uint64_t, kNumKinds> both{};     // both at once
};

// The non-empty classes, sparse: slot[index] is the class's place in `tallies` (or -1).
struct Classes {
  std::vector<int> slot = std::vector<int>((kMaxSize + 1) * kRegularClasses * kPairsClasses, -1);
  std::vector<Tally> tallies;
  std::vector<int> used;  // the index of each tally

  static int index(int size, int regular, int pairs) {
    return (size * kRegularClasses + regular) * kPairsClasses + pairs;
  }
  Tally& at(int size, int regular, int pairs) {
    const int i = index(size, regular, pairs);
    if (slot[i] < 0) {
      slot[i] = static_cast<int>(tallies.size());
      tallies.emplace_back();
      used.push_back(i);
    }
    return tallies[static_cast<std::size_t>(slot[i])];
  }
};

std::uint64_t choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t result = 1;
  for (int i = 1; i <= k; ++i) result = result * static_cast<std::uint64_t>(n - k + i) / i;
  return result;
}

int status_of(KindMask waits, KindMask furiten) {
  if (waits == 0) return kEmpty;
  return (waits & furiten) != 0 ? kDirty : kClean;
}

struct GroupCounter {
  int first = 0;    // first kind
  int kinds = 9;
  int max_size = 13;
  bool seven_pairs = true;
  KindMask furiten = 0;
  const TileCounts* unseen = nullptr;
  Classes* out = nullptr;
  std::array<std::uint8_t, 9> counts{};

  void run() { visit(0, 0, 1, 0); }

  void visit(int i, int size, std::uint64_t weight, std::uint32_t rank) {
    if (i == kinds) {
      add(size, weight, rank);
      return;
    }
    const int room = kMaxTilesPerGroup - size;
    const int most = std::min<int>({(*unseen)[first + i], kCopiesPerKind, max_size - size});
    for (int c = 0; c <= most; ++c) {
      counts[i] = static_cast<std::uint8_t>(c);
      const std::uint32_t offset = kinds == 9 ? kSuitRanks.offset(i, room, c) : kHonorRanks.offset(i, room, c);
      visit(i + 1, size + c, weight * choose((*unseen)[first + i], c), rank + offset);
    }
    counts[i] = 0;
  }

  void add(int size, std::uint64_t weight, std::uint32_t rank) {
    const std::uint16_t entry = kinds == 9 ? suit_completion_at(rank) : honor_completion_at(rank);
    const KindMask waits = static_cast<KindMask>(entry & 0x1FF) << first;
    const bool complete = (entry & kCompleteBit) != 0;
    const int status = status_of(waits, furiten);
    int regular = kRegularDead;
    switch (size % 3) {
      case 0: regular = complete ? kZero : kRegularDead; break;
      case 1: regular = status == kEmpty ? kRegularDead : one_class(status); break;
      default: regular = !complete && status == kEmpty ? kRegularDead : two_class(complete, status);
    }
    int pairs_cls = 0;
    int single = -1;
    if (seven_pairs) {
      int pairs = 0;
      int singles = 0;
      bool bad = false;
      for (int i = 0; i < kinds; ++i) {
        if (counts[i] == 2) ++pairs;
        if (counts[i] == 1) {
          ++singles;
          single = first + i;
        }
        if (counts[i] > 2) bad = true;
      }
      if (!bad && singles <= 1) {
        const int single_status = singles == 0 ? 0 : ((furiten >> single) & 1 ? 2 : 1);
        pairs_cls = pairs_class(pairs, single_status);
      }
      if (singles != 1) single = -1;
    }
    if (regular == kRegularDead && pairs_cls == 0) return;
    Tally& t = out->at(size, regular, pairs_cls);
    t.total += weight;
    if (regular != kRegularDead && regular != kZero) {
      for (KindMask w = waits; w != 0; w &= w - 1) t.regular[std::countr_zero(w)] += weight;
    }
    if (pairs_cls != 0 && single >= 0) {
      t.single[single] += weight;
      if (regular != kRegularDead && regular != kZero && ((waits >> single) & 1)) t.both[single] += weight;
    }
  }
};

// The regular class of two parts together, and which parts' waits survive (bit 0: a's, bit 1:
// b's); dead when the shapes cannot make a tenpai hand.
struct RegularJoin {
  int cls = kRegularDead;
  int keep = 0;
};

RegularJoin join_regular(int a, int b) {
  if (a == kRegularDead || b == kRegularDead) return {};
  if (a == kZero) return {b, 2};
  if (b == kZero) return {a, 1};
  const bool a_two = a >= 3 && a <= 8;
  const bool b_two = b >= 3 && b <= 8;
  if (!a_two || !b_two) return {};
  const bool a_pair = a >= 6;
  const bool b_pair = b >= 6;
  const int a_status = (a - 3) % 3;
  const int b_status = (b - 3) % 3;
  int keep = 0;
  int status = kEmpty;
  const auto include = [&](int part_status, int bit) {
    if (part_status == kEmpty) return;
    keep |= bit;
    status = std::max(status, part_status);  // dirty beats clean
  };
  if (b_pair) include(a_status, 1);
  if (a_pair) include(b_status, 2);
  if (status == kEmpty) return {};
  return {resolved_class(status), keep};
}

int join_pairs(int a, int b) {
  if (a == 0 || b == 0) return 0;
  const int pairs = (a - 1) / 3 + (b - 1) / 3;
  const int sa = (a - 1) % 3;
  const int sb = (b - 1) % 3;
  if (sa != 0 && sb != 0) return 0;
  if (pairs > 7) return 0;
  return pairs_class(pairs, sa + sb);
}

void add_scaled(std::array<std::uint64_t, kNumKinds>& to, const std::array<std::uint64_t, kNumKinds>& from,
                std::uint64_t scale) {
  for (int k = 0; k < kNumKinds; ++k) to[k] += from[k] * scale;
}

Classes combine(const Classes& a, const Classes& b, int max_size) {
  Classes out;
  for (std::size_t sa = 0; sa < a.used.size(); ++sa) {
    const int ia = a.used[sa];
    const Tally& ta = a.tallies[sa];
    const int size_a = ia / (kRegularClasses * kPairsClasses);
    const int reg_a = ia / kPairsClasses % kRegularClasses;
    const int pairs_a = ia % kPairsClasses;
    for (std::size_t sb = 0; sb < b.used.size(); ++sb) {
      const int ib = b.used[sb];
      const Tally& tb = b.tallies[sb];
      const int size_b = ib / (kRegularClasses * kPairsClasses);
      if (size_a + size_b > max_size) continue;
      const int reg_b = ib / kPairsClasses % kRegularClasses;
      const int pairs_b = ib % kPairsClasses;
      const RegularJoin regular = join_regular(reg_a, reg_b);
      const int pairs = join_pairs(pairs_a, pairs_b);
      if (regular.cls == kRegularDead && pairs == 0) continue;
      Tally& t = out.at(size_a + size_b, regular.cls, pairs);
      t.total += ta.total * tb.total;
      if (regular.cls != kRegularDead) {
        if (regular.keep & 1) {
          add_scaled(t.regular, ta.regular, tb.total);
          add_scaled(t.both, ta.both, tb.total);
        }
        if (regular.keep & 2) {
          add_scaled(t.regular, tb.regular, ta.total);
          add_scaled(t.both, tb.both, ta.total);
        }
      }
      if (pairs != 0) {
        add_scaled(t.single, ta.single, tb.total);
        add_scaled(t.single, tb.single, ta.total);
      }
    }
  }
  return out;
}

void add_thirteen_orphans(const TileCounts& unseen, KindMask furiten, ExactForms& forms) {
  KindMask orphans = 0;
  for (const int kind : kOrphanKinds) orphans |= KindMask{1} << kind;
  // Thirteen different orphans: waits on all thirteen.
  if ((orphans & furiten) == 0) {
    std::uint64_t weight = 1;
    for (const int kind : kOrphanKinds) weight *= unseen[kind];
    forms.total += weight;
    for (const int kind : kOrphanKinds) forms.waiting[kind] += weight;
  }
  // Twelve with a pair: waits on the missing one.
  for (const int missing : kOrphanKinds) {
    if ((furiten >> missing) & 1) continue;
    for (const int pair : kOrphanKinds) {
      if (pair == missing) continue;
      std::uint64_t weight = choose(unseen[pair], 2);
      for (const int kind : kOrphanKinds) {
        if (kind != missing && kind != pair) weight *= unseen[kind];
      }
      forms.total += weight;
      forms.waiting[missing] += weight;
    }
  }
}

}  // namespace

ExactForms count_tenpai_forms(const Position& position, int opponent_index) {
  if (opponent_index < 0 || opponent_index >= static_cast<int>(position.opponents.size())) {
    throw std::invalid_argument("no opponent " + std::to_string(opponent_index));
  }
  const Opponent& o = position.opponents[static_cast<std::size_t>(opponent_index)];
  KindMask furiten = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (o.discarded[kind] > 0 || (o.riichi && o.passed_in_riichi[kind] > 0)) furiten |= KindMask{1} << kind;
  }
  const int sets = std::clamp(o.concealed_sets(), 0, 4);
  const int size = 3 * sets + 1;
  const bool thirteen = sets == 4;

  Classes hand;
  hand.at(0, kZero, thirteen ? pairs_class(0, 0) : 0).total = 1;
  for (int group = 0; group < 4; ++group) {
    Classes classes;
    GroupCounter counter;
    counter.first = group * 9;
    counter.kinds = group < 3 ? 9 : 7;
    counter.max_size = size;
    counter.seven_pairs = thirteen;
    counter.furiten = furiten;
    counter.unseen = &position.unseen;
    counter.out = &classes;
    counter.run();
    hand = combine(hand, classes, size);
  }

  ExactForms forms;
  for (std::size_t slot = 0; slot < hand.used.size(); ++slot) {
    const int i = hand.used[slot];
    const Tally& t = hand.tallies[slot];
    if (i / (kRegularClasses * kPairsClasses) != size) continue;
    const int regular = i / kPairsClasses % kRegularClasses;
    const int pairs = i % kPairsClasses;
    const bool regular_tenpai = regular == 1 || regular == 2 || regular == 9 || regular == 10;
    const bool regular_clean = regular == 1 || regular == 9;
    const bool pairs_tenpai = thirteen && pairs != 0 && (pairs - 1) / 3 == 6 && (pairs - 1) % 3 != 0;
    const bool pairs_clean = pairs_tenpai && (pairs - 1) % 3 == 1;
    if (regular_tenpai && pairs_tenpai) {
      if (!regular_clean || !pairs_clean) continue;
      forms.total += t.total;
      for (int k = 0; k < kNumKinds; ++k) forms.waiting[k] += t.regular[k] + t.single[k] - t.both[k];
    } else if (regular_tenpai) {
      if (!regular_clean) continue;
      forms.total += t.total;
      for (int k = 0; k < kNumKinds; ++k) forms.waiting[k] += t.regular[k];
    } else if (pairs_tenpai) {
      if (!pairs_clean) continue;
      forms.total += t.total;
      for (int k = 0; k < kNumKinds; ++k) forms.waiting[k] += t.single[k];
    }
  }
  if (thirteen) add_thirteen_orphans(position.unseen, furiten, forms);
  return forms;
}

OpponentEstimate exact_riichi_danger(const Position& position, int opponent_index) {
  if (opponent_index < 0 || opponent_index >= static_cast<int>(position.opponents.size())) {
    throw std::invalid_argument("no opponent " + std::to_string(opponent_index));
  }
  const Opponent& o = position.opponents[static_cast<std::size_t>(opponent_index)];
  if (!o.riichi) throw std::invalid_argument("seat " + std::to_string(o.seat) + " is not in riichi");
  const ExactForms forms = count_tenpai_forms(position, opponent_index);
  OpponentEstimate e;
  e.seat = o.seat;
  e.tenpai_probability = o.tenpai_probability;
  e.mode_frequency = {1, 0, 0};
  e.acceptance_rate = 1;
  if (forms.total == 0) return e;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    e.tiles[kind].deal_in = o.tenpai_probability * static_cast<double>(forms.waiting[kind]) /
                            static_cast<double>(forms.total);
  }
  return e;
}

}  // namespace tenbin::mj0

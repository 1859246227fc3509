// MJ-0's sampler: the opponents' hands drawn set by set from the unseen tiles (docs/mj0.md has the
// model). Implementation notes:
//
//  - The space keeps, per kind, the triplet and pair weights C(c,3) and C(c,2) and, per run
//    start, c1*c2*c3, with their sums per group, updated on every tile taken (a suit's runs
//    together); a set is drawn by picking a group from the sums, then a set within the group, in
//    16-bit integers and branch-free. Mode factors multiply whole groups: a flush hunter sees its
//    suit and the honours, an all-triplets hunter no runs, a caller triplets x4, runs x2.
//  - Red fives: a five taken from the space is the red copy with probability (red copies left) /
//    (copies left), so every physical copy is equally likely.
//  - Scoring: the first `scored_samples` accepted samples of each opponent have every wait scored
//    by engine/score in the opponent's context (riichi, ippatsu, melds, winds, dora, red fives,
//    honba and sticks; houtei when the observer discards the last tile). The observer's discard
//    counts as a plain five. Ura dora for a riichi hand: as many indicators as the dora indicators
//    drawn from the tiles no opponent holds, so their expectation is over the unseen space. From
//    the scored samples, per kind: the mean points paid by the observer and, for an opponent not
//    in riichi, the share of those wins that have a yaku (ron needs one); kinds without a scored
//    hit take the opponent's overall figures. Scoring is the costly part (engine/score allocates),
//    which is why it is a subsample; the deal-in counts use every accepted sample.
//  - The structure short of a tile is drawn from "partial" weights: a run start's
//    c_a c_a+1 + c_a c_a+2 + c_a+1 c_a+2 (refreshed on demand; then which tile is missing, by the
//    product of the other two), a triplet's C(c,2), the pair's single tile c; the missing kind is
//    recorded and the waits come from engine/waits.hpp's waits_after_removal (one or two table
//    look-ups).
//  - Construction can fail (a flush hunter whose suit cannot give the sets): the draw is started
//    again, at most max_failed_draws times in all; the estimate then reports fewer samples.
#include <algorithm>
#include <bit>
#include <cmath>

#include "bot/mj0/mj0.hpp"
#include "engine/score.hpp"
#include "engine/waits.hpp"

namespace tenbin::mj0 {
namespace {

constexpr int kRunStarts = 21;  // 7 per suit
constexpr int kMaxConcealedSets = 4;

constexpr int run_first_kind(int index) { return index / 7 * 9 + index % 7; }

// SplitMix64 (a published public-domain generator: a Weyl sequence through a 64-bit mixer), kept
// inline because the sampling loop draws some twenty numbers per sample; it passes the usual
// statistical batteries, which is all a Monte Carlo estimate needs.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed = 0) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

enum class Mode : std::uint8_t { normal = 0, flush = 1, all_triplets = 2 };

using Weight = std::uint16_t;  // every weight and group sum here is below 2^16
constexpr std::array<Weight, 5> kPairWays = {0, 0, 1, 3, 6};     // C(c, 2)
constexpr std::array<Weight, 5> kTripletWays = {0, 0, 0, 1, 4};  // C(c, 3)

// The candidate that r (uniform below the scaled total) falls on: the number of prefix sums of
// factor * weight that are <= r; r becomes its offset within that candidate. Branch-free, as the
// walk's exit is unpredictable.
template <int N, typename Weight>
int pick(const Weight* weight, std::uint32_t& r, std::uint32_t factor = 1) {
  std::uint32_t sum = 0;
  std::uint32_t before = 0;
  int index = 0;
  for (int i = 0; i < N; ++i) {
    sum += factor * weight[i];
    const bool past = sum <= r;
    index += past ? 1 : 0;
    before = past ? sum : before;
  }
  r -= before;
  return index;
}

// What is left of the tile space, with every set's and pair's number of ways kept up to date.
struct Space {
  TileCounts count{};
  KindMask red_kinds = 0;  // the fives whose red copy is still in the space
  std::array<Weight, kNumKinds> triplet{};
  std::array<Weight, kNumKinds> pair{};
  std::array<Weight, kRunStarts> run{};
  // A run less one of its tiles, by the two tiles held: c_a c_a+1 + c_a c_a+2 + c_a+1 c_a+2.
  std::array<Weight, kRunStarts> partial_run{};
  std::array<Weight, 4> triplet_sum{};
  std::array<Weight, 4> pair_sum{};
  std::array<Weight, 3> run_sum{};
  std::array<Weight, 3> partial_run_sum{};
  std::array<Weight, 4> tiles{};  // per group
  std::uint8_t stale_partials = 0;  // suits whose partial runs need refreshing

  void init(const TileCounts& counts, const std::array<bool, 3>& red_unseen) {
    count = counts;
    red_kinds = 0;
    for (int s = 0; s < 3; ++s) {
      if (red_unseen[s] && count[s * 9 + 4] > 0) red_kinds |= KindMask{1} << (s * 9 + 4);
    }
    triplet_sum = {};
    pair_sum = {};
    run_sum = {};
    partial_run_sum = {};
    tiles = {};
    for (int kind = 0; kind < kNumKinds; ++kind) {
      count[kind] = std::min<std::uint8_t>(count[kind], kCopiesPerKind);
      triplet[kind] = kTripletWays[count[kind]];
      pair[kind] = kPairWays[count[kind]];
      triplet_sum[suit_of(kind)] += triplet[kind];
      pair_sum[suit_of(kind)] += pair[kind];
      tiles[suit_of(kind)] += count[kind];
    }
    run = {};
    partial_run = {};
    for (int suit = 0; suit < 3; ++suit) refresh_runs(suit);
    refresh_partial_runs();
  }

  void refresh_kind(int kind) {
    const int group = suit_of(kind);
    const Weight t = kTripletWays[count[kind]];
    const Weight p = kPairWays[count[kind]];
    triplet_sum[group] = static_cast<Weight>(triplet_sum[group] + t - triplet[kind]);
    pair_sum[group] = static_cast<Weight>(pair_sum[group] + p - pair[kind]);
    triplet[kind] = t;
    pair[kind] = p;
  }

  // Every run of a suit, from its nine counts; the partial runs only when asked for (they serve
  // one draw per opponent and sample), so a suit is marked and refreshed on demand.
  void refresh_runs(int suit) {
    const std::uint8_t* c = &count[suit * 9];
    Weight* w = &run[suit * 7];
    Weight runs = 0;
    for (int i = 0; i < 7; ++i) {
      w[i] = static_cast<Weight>(c[i] * c[i + 1] * c[i + 2]);
      runs = static_cast<Weight>(runs + w[i]);
    }
    run_sum[suit] = runs;
    stale_partials |= static_cast<std::uint8_t>(1u << suit);
  }

  void refresh_partial_runs() {
    for (int suit = 0; suit < 3; ++suit) {
      if (!((stale_partials >> suit) & 1)) continue;
      const std::uint8_t* c = &count[suit * 9];
      Weight* p = &partial_run[suit * 7];
      Weight partials = 0;
      for (int i = 0; i < 7; ++i) {
        const int a = c[i], b = c[i + 1], d = c[i + 2];
        p[i] = static_cast<Weight>(a * b + a * d + b * d);
        partials = static_cast<Weight>(partials + p[i]);
      }
      partial_run_sum[suit] = partials;
    }
    stale_partials = 0;
  }

  void take(int kind, int copies) {
    count[kind] = static_cast<std::uint8_t>(count[kind] - copies);
    tiles[suit_of(kind)] = static_cast<Weight>(tiles[suit_of(kind)] - copies);
    refresh_kind(kind);
    if (kind < kinds::east) refresh_runs(suit_of(kind));
  }
  void take_run(int first) {
    for (int i = 0; i < 3; ++i) {
      --count[first + i];
      refresh_kind(first + i);
    }
    tiles[suit_of(first)] = static_cast<Weight>(tiles[suit_of(first)] - 3);
    refresh_runs(suit_of(first));
  }
};

}  // namespace

struct Sampler::Workspace {
  struct Seat {
    // Fixed for the position.
    KindMask furiten = 0;
    bool riichi = false;
    int sets_needed = 4;
    std::array<double, 3> flush_cumulative{};
    double all_triplets = 0;
    bool caller = false;
    WinningHand win_template;
    WinContext context;
    // This draw.
    Mode mode = Mode::normal;
    std::uint8_t allowed_groups = 0xF;  // bit g: group g usable
    std::uint32_t run_factor = 1;
    std::uint32_t triplet_factor = 1;
    TileCounts hand{};
    std::array<int, 4> group_size{};
    std::array<std::uint8_t, 3> red{};
    std::array<int, kMaxConcealedSets> runs{};
    int run_count = 0;
    int sets_left = 0;
    int incomplete = 0;  // the structure short of a tile: set 0..sets_needed-1, or sets_needed: the pair
    int removed = -1;    // the kind it lacks
    KindMask waits = 0;
    bool accepted = false;
    // Tallies.
    int accepted_count = 0;
    int scored = 0;
    int scored_with_yaku = 0;  // scored samples with a wait that has a yaku (or none without)
    std::array<int, kNumKinds> hits{};
    std::array<int, kNumKinds> scored_hits{};
    std::array<int, kNumKinds> yaku_hits{};
    std::array<double, kNumKinds> points{};
    std::array<int, 3> modes{};
  };

  std::array<Seat, kMaxOpponents> seats;
  int seat_count = 0;
  Space initial;
  Space space;
  SplitMix64 rng;
  std::array<std::uint32_t, kNumKinds> held_sum{};  // over the samples, all opponents together
  TileCounts residual{};                             // scratch for ura dora

  std::uint32_t below(std::uint32_t bound) {
    return static_cast<std::uint32_t>(((rng.next() >> 32) * bound) >> 32);
  }
  double uniform() { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

  void seed(std::uint64_t seed) { rng = SplitMix64(seed); }

  void set_up(const Position& position, const Settings& settings);
  bool draw_once(const Settings& settings);
  void choose_mode(Seat& seat, const Settings& settings);
  bool draw_set(Seat& seat);
  bool draw_partial_set(Seat& seat);
  bool draw_pair(Seat& seat, const Settings& settings);
  bool draw_partial_pair(Seat& seat, const Settings& settings);
  void note_taken(Seat& seat, int kind, int copies);
  void judge_waits(Seat& seat);
  void score_waits(Seat& seat, const Position& position);
  int sample_ura(const WinningHand& hand, int indicators);
  void finish(const Position& position, const Settings& settings, int samples, int failed,
              Estimate& out) const;
};

void Sampler::Workspace::set_up(const Position& position, const Settings& settings) {
  seed(settings.seed);
  initial.init(position.unseen, position.red_unseen);
  seat_count = static_cast<int>(std::min<std::size_t>(position.opponents.size(), kMaxOpponents));
  held_sum = {};
  for (int i = 0; i < seat_count; ++i) {
    const Opponent& o = position.opponents[i];
    Seat& seat = seats[i];
    seat = Seat{};
    for (int kind = 0; kind < kNumKinds; ++kind) {
      const bool passed = o.riichi && o.passed_in_riichi[kind] > 0;
      if (o.discarded[kind] > 0 || passed) seat.furiten |= KindMask{1} << kind;
    }
    seat.riichi = o.riichi;
    seat.sets_needed = std::clamp(o.concealed_sets(), 0, kMaxConcealedSets);
    double cumulative = 0;
    for (int s = 0; s < 3; ++s) {
      cumulative += std::max(0.0, o.modes.flush[s]);
      seat.flush_cumulative[s] = cumulative;
    }
    seat.all_triplets = o.modes.all_triplets;
    seat.caller = o.modes.caller && !o.riichi;

    WinningHand& hand = seat.win_template;
    hand.meld_count = 0;
    hand.red_fives = 0;
    for (const Meld& meld : o.melds) {
      if (hand.meld_count == 4) break;
      hand.melds[static_cast<std::size_t>(hand.meld_count++)] = meld;
      hand.red_fives += meld.red_fives();
    }
    WinContext& c = seat.context;
    c.round_wind = position.round_wind;
    c.seat_wind = o.seat_wind;
    c.dealer = position.dealer;
    c.winner = o.seat;
    c.discarder = position.observer;
    c.tsumo = false;
    c.riichi = o.riichi && !o.double_riichi;
    c.double_riichi = o.riichi && o.double_riichi;
    c.ippatsu = o.riichi && o.ippatsu;
    c.houtei = position.live_tiles_left == 0;
    c.honba = position.honba;
    c.riichi_sticks = position.kyotaku;
  }
}

void Sampler::Workspace::choose_mode(Seat& seat, const Settings& settings) {
  seat.mode = Mode::normal;
  seat.allowed_groups = 0xF;
  const bool weighs_calls = seat.caller && settings.modes;
  seat.run_factor = weighs_calls ? static_cast<std::uint32_t>(settings.mode_params.caller_run_weight) : 1;
  seat.triplet_factor = weighs_calls ? static_cast<std::uint32_t>(settings.mode_params.caller_triplet_weight) : 1;
  if (!settings.modes) return;
  const double u = uniform();
  for (int s = 0; s < 3; ++s) {
    if (u < seat.flush_cumulative[s]) {
      seat.mode = Mode::flush;
      seat.allowed_groups = static_cast<std::uint8_t>((1u << s) | (1u << 3));
      return;
    }
  }
  if (uniform() < seat.all_triplets) {
    seat.mode = Mode::all_triplets;
    seat.run_factor = 0;
  }
}

// Red fives: a five taken is the red copy with probability (red left) / (copies left).
void Sampler::Workspace::note_taken(Seat& seat, int kind, int copies) {
  seat.hand[kind] = static_cast<std::uint8_t>(seat.hand[kind] + copies);
  if (!((space.red_kinds >> kind) & 1)) return;
  // The red copy is among `copies` of the count[kind] left with probability copies / count.
  if (below(space.count[kind]) < static_cast<std::uint32_t>(copies)) {
    space.red_kinds &= ~(KindMask{1} << kind);
    ++seat.red[suit_of(kind)];
  }
}

bool Sampler::Workspace::draw_set(Seat& seat) {
  const std::uint32_t tf = seat.triplet_factor;
  const std::uint32_t rf = seat.run_factor;
  std::array<std::uint32_t, 4> triplets{};
  std::array<std::uint32_t, 4> group_weight{};
  std::uint32_t total = 0;
  for (int g = 0; g < 4; ++g) {
    const std::uint32_t allowed = (seat.allowed_groups >> g) & 1u;
    triplets[g] = allowed * tf * space.triplet_sum[g];
    group_weight[g] = triplets[g] + (g < 3 ? allowed * rf * space.run_sum[g] : 0);
    total += group_weight[g];
  }
  if (total == 0) return false;
  std::uint32_t r = below(total);
  const int g = pick<4>(group_weight.data(), r);
  if (r < triplets[g]) {
    const int offset = g < 3 ? pick<9>(&space.triplet[g * 9], r, tf) : pick<7>(&space.triplet[27], r, tf);
    const int kind = g * 9 + offset;
    note_taken(seat, kind, 3);
    space.take(kind, 3);
    seat.group_size[g] += 3;
    return true;
  }
  r -= triplets[g];
  const int first = g * 9 + pick<7>(&space.run[g * 7], r, rf);
  for (int i = 0; i < 3; ++i) note_taken(seat, first + i, 1);
  space.take_run(first);
  seat.group_size[g] += 3;
  seat.runs[static_cast<std::size_t>(seat.run_count++)] = first;
  return true;
}

// The set short of a tile: a triplet by the pair held (C(c,2)), a run by the two tiles held, for
// each of its three tiles missing; the missing tile is not taken from the space.
bool Sampler::Workspace::draw_partial_set(Seat& seat) {
  space.refresh_partial_runs();
  const std::uint32_t tf = seat.triplet_factor;
  const std::uint32_t rf = seat.run_factor;
  std::array<std::uint32_t, 4> triplets{};
  std::array<std::uint32_t, 4> group_weight{};
  std::uint32_t total = 0;
  for (int g = 0; g < 4; ++g) {
    const std::uint32_t allowed = (seat.allowed_groups >> g) & 1u;
    triplets[g] = allowed * tf * space.pair_sum[g];
    group_weight[g] = triplets[g] + (g < 3 ? allowed * rf * space.partial_run_sum[g] : 0);
    total += group_weight[g];
  }
  if (total == 0) return false;
  std::uint32_t r = below(total);
  const int g = pick<4>(group_weight.data(), r);
  if (r < triplets[g]) {
    const int kind = g * 9 + (g < 3 ? pick<9>(&space.pair[g * 9], r, tf) : pick<7>(&space.pair[27], r, tf));
    note_taken(seat, kind, 2);
    space.take(kind, 2);
    seat.group_size[g] += 2;
    seat.removed = kind;
    return true;
  }
  r -= triplets[g];
  const int index = g * 7 + pick<7>(&space.partial_run[g * 7], r, rf);
  const int first = run_first_kind(index);
  const auto c = [&](int i) { return static_cast<std::uint32_t>(space.count[first + i]); };
  // Which tile is missing: weight the product of the other two.
  const std::array<std::uint32_t, 3> by_missing = {c(1) * c(2), c(0) * c(2), c(0) * c(1)};
  std::uint32_t which = below(by_missing[0] + by_missing[1] + by_missing[2]);
  const int missing = pick<3>(by_missing.data(), which);
  for (int i = 0; i < 3; ++i) {
    if (i == missing) continue;
    note_taken(seat, first + i, 1);
    space.take(first + i, 1);
  }
  seat.group_size[g] += 2;
  seat.removed = first + missing;
  seat.runs[static_cast<std::size_t>(seat.run_count++)] = first;
  return true;
}

bool Sampler::Workspace::draw_pair(Seat& seat, const Settings& settings) {
  // Candidates: the plain pairs (C(c,2)) and, beside each concealed run a..a+2, the suji pairs
  // (a-1, a+2) and (a, a+3) (weight c_x * c_y).
  std::array<std::uint32_t, 4> group_weight{};
  std::array<std::uint32_t, 2 * kMaxConcealedSets> suji{};
  std::uint32_t total = 0;
  for (int g = 0; g < 4; ++g) {
    if (!(seat.allowed_groups & (1u << g))) continue;
    group_weight[g] = space.pair_sum[g];
    total += group_weight[g];
  }
  const std::uint32_t plain = total;
  for (int i = 0; settings.suji_pairs && i < seat.run_count; ++i) {
    const int a = seat.runs[static_cast<std::size_t>(i)];
    const int number = a % 9;
    if (number >= 1) suji[2 * i] = static_cast<std::uint32_t>(space.count[a - 1] * space.count[a + 2]);
    if (number + 3 <= 8) suji[2 * i + 1] = static_cast<std::uint32_t>(space.count[a] * space.count[a + 3]);
    total += suji[2 * i] + suji[2 * i + 1];
  }
  if (total == 0) return false;
  std::uint32_t r = below(total);
  if (r < plain) {
    const int g = pick<4>(group_weight.data(), r);
    const int kind = g * 9 + (g < 3 ? pick<9>(&space.pair[g * 9], r) : pick<7>(&space.pair[27], r));
    note_taken(seat, kind, 2);
    space.take(kind, 2);
    seat.group_size[g] += 2;
    return true;
  }
  r -= plain;
  int i = 0;
  while (r >= suji[i]) r -= suji[i++];
  const int a = seat.runs[static_cast<std::size_t>(i / 2)];
  const int x = i % 2 == 0 ? a - 1 : a;
  for (const int kind : {x, x + 3}) {
    note_taken(seat, kind, 1);
    space.take(kind, 1);
  }
  seat.group_size[suit_of(x)] += 2;
  return true;
}

// The pair short of a tile: a single tile (c), or one tile of a suji pair beside a concealed
// run (the other's count); the missing tile is not taken from the space.
bool Sampler::Workspace::draw_partial_pair(Seat& seat, const Settings& settings) {
  std::array<std::uint32_t, 4> group_weight{};
  std::array<std::uint32_t, 4 * kMaxConcealedSets> suji{};  // per run: held a-1, a+2, a, a+3
  std::uint32_t total = 0;
  for (int g = 0; g < 4; ++g) {
    group_weight[g] = ((seat.allowed_groups >> g) & 1u) * space.tiles[g];
    total += group_weight[g];
  }
  const std::uint32_t plain = total;
  for (int i = 0; settings.suji_pairs && i < seat.run_count; ++i) {
    const int a = seat.runs[static_cast<std::size_t>(i)];
    const int number = a % 9;
    if (number >= 1) {
      suji[4 * i] = space.count[a - 1];
      suji[4 * i + 1] = space.count[a + 2];
    }
    if (number + 3 <= 8) {
      suji[4 * i + 2] = space.count[a];
      suji[4 * i + 3] = space.count[a + 3];
    }
    total += suji[4 * i] + suji[4 * i + 1] + suji[4 * i + 2] + suji[4 * i + 3];
  }
  if (total == 0) return false;
  std::uint32_t r = below(total);
  int held = 0;
  int missing = 0;
  if (r < plain) {
    const int g = pick<4>(group_weight.data(), r);
    held = g * 9 + (g < 3 ? pick<9>(&space.count[g * 9], r) : pick<7>(&space.count[27], r));
    missing = held;
  } else {
    r -= plain;
    int i = 0;
    while (r >= suji[i]) r -= suji[i++];
    const int a = seat.runs[static_cast<std::size_t>(i / 4)];
    const std::array<int, 4> held_kind = {a - 1, a + 2, a, a + 3};
    const std::array<int, 4> missing_kind = {a + 2, a - 1, a + 3, a};
    held = held_kind[static_cast<std::size_t>(i % 4)];
    missing = missing_kind[static_cast<std::size_t>(i % 4)];
  }
  note_taken(seat, held, 1);
  space.take(held, 1);
  ++seat.group_size[suit_of(held)];
  seat.removed = missing;
  return true;
}

void Sampler::Workspace::judge_waits(Seat& seat) {
  // A complete hand less a tile is never thirteen-orphans tenpai; seven pairs needs 13 tiles.
  seat.waits = waits_after_removal(seat.hand, seat.group_size, seat.removed);
  if (seat.sets_needed == 4) seat.waits |= seven_pairs_waits(seat.hand);
  seat.accepted = (seat.waits & seat.furiten) == 0;
}

int Sampler::Workspace::sample_ura(const WinningHand& hand, int indicators) {
  // Indicators drawn without replacement from the tiles no opponent holds (the space).
  residual = space.count;
  int total = 0;
  for (const auto c : residual) total += c;
  TileCounts all = hand.concealed;
  for (const Meld& meld : hand.called()) {
    for (const Tile tile : meld.all_tiles()) ++all[tile.kind()];
  }
  int ura = 0;
  std::array<int, 5> drawn{};
  int n = 0;
  for (; n < indicators && total > 0; ++n) {
    std::uint32_t r = below(static_cast<std::uint32_t>(total));
    int kind = 0;
    for (; kind < kNumKinds; ++kind) {
      if (r < residual[kind]) break;
      r -= residual[kind];
    }
    --residual[kind];
    --total;
    drawn[static_cast<std::size_t>(n)] = kind;
    ura += all[dora_from_indicator(kind)];
  }
  for (int i = 0; i < n; ++i) ++residual[drawn[static_cast<std::size_t>(i)]];
  return ura;
}

void Sampler::Workspace::score_waits(Seat& seat, const Position& position) {
  ++seat.scored;
  const int observer = position.observer;
  const int indicators = static_cast<int>(std::min<std::size_t>(position.dora_markers.size(), 5));
  bool any_yaku = false;
  bool any_yakuless = false;
  for (KindMask w = seat.waits; w != 0; w &= w - 1) {
    const int kind = std::countr_zero(w);
    WinningHand hand = seat.win_template;
    hand.concealed = seat.hand;
    ++hand.concealed[kind];
    hand.win_kind = kind;
    hand.red_fives += seat.red[0] + seat.red[1] + seat.red[2];
    WinContext context = seat.context;
    context.dora = count_dora(hand, position.dora_markers);
    context.aka_dora = position.rules.red_fives ? hand.red_fives : 0;
    if (seat.riichi) context.ura_dora = sample_ura(hand, indicators);
    const ScoreOutcome outcome = score_win(hand, context, position.rules);
    // A fifth copy: the observer holds none of the kind, so this wait is never its discard.
    if (outcome.error == ScoreError::impossible) continue;
    ++seat.scored_hits[kind];
    if (!outcome.ok()) {
      any_yakuless = true;
      continue;
    }
    ++seat.yaku_hits[kind];
    seat.points[kind] += -outcome.score.deltas[observer];
    any_yaku = true;
  }
  if (any_yaku || !any_yakuless) ++seat.scored_with_yaku;
}

bool Sampler::Workspace::draw_once(const Settings& settings) {
  space = initial;
  int most = 0;
  for (int i = 0; i < seat_count; ++i) {
    Seat& seat = seats[i];
    choose_mode(seat, settings);
    seat.hand = {};
    seat.group_size = {};
    seat.red = {};
    seat.run_count = 0;
    seat.sets_left = seat.sets_needed;
    most = std::max(most, seat.sets_needed);
    // Which structure is short of a tile: each of the 3n+2 tiles of the complete hand equally
    // likely to be the missing one.
    const auto u = static_cast<int>(below(static_cast<std::uint32_t>(3 * seat.sets_needed + 2)));
    seat.incomplete = u < 3 * seat.sets_needed ? u / 3 : seat.sets_needed;
  }
  // The sets, round-robin over the opponents, then the pairs (docs/mj0.md, "One sample").
  for (int round = 0; round < most; ++round) {
    for (int i = 0; i < seat_count; ++i) {
      Seat& seat = seats[i];
      if (seat.sets_left == 0) continue;
      const bool partial = seat.sets_needed - seat.sets_left == seat.incomplete;
      if (!(partial ? draw_partial_set(seat) : draw_set(seat))) return false;
      --seat.sets_left;
    }
  }
  for (int i = 0; i < seat_count; ++i) {
    Seat& seat = seats[i];
    const bool partial = seat.incomplete == seat.sets_needed;
    if (!(partial ? draw_partial_pair(seat, settings) : draw_pair(seat, settings))) return false;
  }
  for (int i = 0; i < seat_count; ++i) judge_waits(seats[i]);
  return true;
}

void Sampler::Workspace::finish(const Position& position, const Settings& settings, int samples,
                                int failed, Estimate& out) const {
  out.samples = samples;
  out.failed_draws = failed;
  out.opponents.resize(static_cast<std::size_t>(seat_count));
  // The wall: what no opponent holds, times the live share of those tiles (bot/mj0/mj0.hpp).
  int held_tiles = 0;
  int unseen_tiles = 0;
  for (int i = 0; i < seat_count; ++i) held_tiles += 3 * seats[i].sets_needed + 1;
  for (int kind = 0; kind < kNumKinds; ++kind) unseen_tiles += initial.count[kind];
  const int rest_tiles = unseen_tiles - held_tiles;
  const int live = std::max(0, position.live_tiles_left);
  const double share = rest_tiles > 0 ? std::min(1.0, static_cast<double>(live) / rest_tiles) : 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    const double held = samples > 0 ? static_cast<double>(held_sum[kind]) / samples : 0;
    out.held[kind] = held;
    out.wall[kind] = samples > 0 ? (initial.count[kind] - held) * share : 0;
  }
  for (int i = 0; i < seat_count; ++i) {
    const Seat& seat = seats[i];
    const Opponent& o = position.opponents[i];
    OpponentEstimate& e = out.opponents[static_cast<std::size_t>(i)];
    e = OpponentEstimate{};
    e.seat = o.seat;
    e.tenpai_probability = o.tenpai_probability;
    e.accepted_samples = seat.accepted_count;
    e.scored_samples = seat.scored;
    e.acceptance_rate = samples > 0 ? static_cast<double>(seat.accepted_count) / samples : 0;
    for (int m = 0; m < 3; ++m) e.mode_frequency[m] = samples > 0 ? static_cast<double>(seat.modes[m]) / samples : 0;
    int scored_hits = 0;
    int yaku_hits = 0;
    double points = 0;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      scored_hits += seat.scored_hits[kind];
      yaku_hits += seat.yaku_hits[kind];
      points += seat.points[kind];
    }
    const bool scored = settings.score && scored_hits > 0;
    e.yaku_rate = !scored || seat.riichi ? 1.0 : static_cast<double>(yaku_hits) / scored_hits;
    e.mean_points = yaku_hits > 0 ? points / yaku_hits : 0;
    if (seat.accepted_count == 0) continue;
    // An open hand's waits are drawn from the samples that can win: their share is the
    // normaliser, so the tenpai probability stays that of a hand with a yaku.
    const bool yaku_normalised = scored && settings.open_hands_have_yaku && !o.closed() && seat.scored_with_yaku > 0;
    const double ready_share = yaku_normalised ? static_cast<double>(seat.scored_with_yaku) / seat.scored : 1.0;
    const double n = seat.accepted_count * ready_share;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      const double p = std::min(1.0, seat.hits[kind] / n);
      double yaku = e.yaku_rate;
      if (scored && !seat.riichi && seat.scored_hits[kind] > 0) {
        yaku = static_cast<double>(seat.yaku_hits[kind]) / seat.scored_hits[kind];
      }
      const double mean = seat.yaku_hits[kind] > 0 ? seat.points[kind] / seat.yaku_hits[kind] : e.mean_points;
      TileDanger& t = e.tiles[kind];
      t.deal_in = o.tenpai_probability * p * yaku;
      t.std_error = o.tenpai_probability * yaku * std::sqrt(p * (1 - p) / n);
      t.expected_loss = scored ? t.deal_in * mean : 0;
    }
  }
}

Sampler::Sampler() : work_(std::make_unique<Workspace>()) {}
Sampler::~Sampler() = default;

const Estimate& Sampler::estimate(const Position& position, const Settings& settings) {
  Workspace& w = *work_;
  w.set_up(position, settings);
  const int wanted = std::max(0, settings.samples);
  const int max_failed = settings.max_failed_draws > 0 ? settings.max_failed_draws : 4 * std::max(1, wanted);
  int samples = 0;
  int failed = 0;
  const bool timed = settings.deadline != std::chrono::steady_clock::time_point::max();
  for (int attempt = 0; samples < wanted && failed <= max_failed; ++attempt) {
    if (timed && attempt > 0 && attempt % kDeadlineCheckEvery == 0 && std::chrono::steady_clock::now() >= settings.deadline) break;
    if (!w.draw_once(settings)) {
      ++failed;
      continue;
    }
    ++samples;
    for (int i = 0; i < w.seat_count; ++i) {
      Workspace::Seat& seat = w.seats[i];
      ++seat.modes[static_cast<int>(seat.mode)];
      for (int kind = 0; kind < kNumKinds; ++kind) w.held_sum[kind] += seat.hand[kind];
      if (!seat.accepted) continue;
      ++seat.accepted_count;
      for (KindMask m = seat.waits; m != 0; m &= m - 1) ++seat.hits[std::countr_zero(m)];
      if (settings.score && seat.scored < settings.scored_samples) w.score_waits(seat, position);
    }
  }
  w.finish(position, settings, samples, failed, result_);
  return result_;
}

}  // namespace tenbin::mj0

// MJ-0's sampler: the opponents' hands drawn set by set from the unseen tiles (bot/mj0.hpp has
// the model). Implementation notes:
//
//  - The space keeps, per kind, the triplet weight C(c,3) and, per run start, c1*c2*c3, with
//    their sums per group, updated on every tile taken; a set is drawn by walking the group sums
//    and then one group's weights, in integers. Mode factors multiply whole groups: a flush hunter
//    sees its suit and the honours, an all-triplets hunter no runs, a caller triplets x4, runs x2.
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
//  - Construction can fail (a flush hunter whose suit cannot give the sets): the draw is started
//    again, at most max_failed_draws times in all; the estimate then reports fewer samples.
#include <algorithm>
#include <bit>
#include <cmath>

#include "bot/mj0.hpp"
#include "bot/mj0_waits.hpp"
#include "engine/score.hpp"
#include "engine/wall.hpp"

namespace tenbin::mj0 {
namespace {

constexpr int kRunStarts = 21;  // 7 per suit
constexpr int kMaxConcealedSets = 4;

constexpr int run_index(int kind) { return suit_of(kind) * 7 + kind % 9; }
constexpr int run_first_kind(int index) { return index / 7 * 9 + index % 7; }

// splitmix64, to spread one seed over the generator's state.
std::uint64_t splitmix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

enum class Mode : std::uint8_t { normal = 0, flush = 1, all_triplets = 2 };

struct Space {
  TileCounts count{};
  std::array<std::uint8_t, 3> red{};
  std::array<std::uint32_t, kNumKinds> triplet{};
  std::array<std::uint32_t, kRunStarts> run{};
  std::array<std::uint32_t, 4> triplet_sum{};
  std::array<std::uint32_t, 3> run_sum{};
  int tiles = 0;

  static std::uint32_t choose3(int c) { return static_cast<std::uint32_t>(c * (c - 1) * (c - 2) / 6); }

  void init(const TileCounts& counts, const std::array<bool, 3>& red_unseen) {
    count = counts;
    for (int s = 0; s < 3; ++s) red[s] = red_unseen[s] ? 1 : 0;
    triplet_sum = {};
    run_sum = {};
    tiles = 0;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      tiles += count[kind];
      triplet[kind] = choose3(count[kind]);
      triplet_sum[suit_of(kind)] += triplet[kind];
    }
    for (int r = 0; r < kRunStarts; ++r) {
      const int k = run_first_kind(r);
      run[r] = static_cast<std::uint32_t>(count[k] * count[k + 1] * count[k + 2]);
      run_sum[r / 7] += run[r];
    }
  }

  void refresh(int kind) {
    const int group = suit_of(kind);
    const std::uint32_t t = choose3(count[kind]);
    triplet_sum[group] += t - triplet[kind];
    triplet[kind] = t;
    if (group == 3) return;
    const int number = kind % 9;
    for (int first = std::max(0, number - 2); first <= std::min(number, 6); ++first) {
      const int k = group * 9 + first;
      const int r = group * 7 + first;
      const auto w = static_cast<std::uint32_t>(count[k] * count[k + 1] * count[k + 2]);
      run_sum[group] += w - run[r];
      run[r] = w;
    }
  }

  void take(int kind) {
    --count[kind];
    --tiles;
    refresh(kind);
  }
  void put(int kind) {
    ++count[kind];
    ++tiles;
    refresh(kind);
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
    std::array<std::uint8_t, 3> red{};
    std::array<int, kMaxConcealedSets> runs{};
    int run_count = 0;
    int sets_left = 0;
    int removed = -1;
    bool removed_red = false;
    KindMask waits = 0;
    bool accepted = false;
    // Tallies.
    int accepted_count = 0;
    int scored = 0;
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
  Xoshiro256 rng{{1, 2, 3, 4}};
  std::array<double, kNumKinds> residual_sum{};
  std::array<double, kNumKinds> held_sum{};
  double residual_tiles_sum = 0;
  TileCounts residual{};

  std::uint32_t below(std::uint32_t bound) {
    return static_cast<std::uint32_t>(((rng.next() >> 32) * bound) >> 32);
  }
  double uniform() { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

  void seed(std::uint64_t seed) {
    std::uint64_t x = seed;
    rng = Xoshiro256({splitmix(x), splitmix(x), splitmix(x), splitmix(x)});
  }

  void set_up(const Position& position, const Settings& settings);
  bool draw_once(const Settings& settings);
  void choose_mode(Seat& seat, const Settings& settings);
  bool draw_set(Seat& seat);
  bool draw_pair(Seat& seat, const Settings& settings);
  void take_from_space(Seat& seat, int kind);
  void remove_one(Seat& seat);
  void score_waits(Seat& seat, const Position& position);
  int sample_ura(const WinningHand& hand, int indicators);
  void finish(const Position& position, const Settings& settings, int samples, int failed,
              Estimate& out) const;
};

void Sampler::Workspace::set_up(const Position& position, const Settings& settings) {
  seed(settings.seed);
  initial.init(position.unseen, position.red_unseen);
  seat_count = static_cast<int>(std::min<std::size_t>(position.opponents.size(), kMaxOpponents));
  residual_sum = {};
  held_sum = {};
  residual_tiles_sum = 0;
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
  seat.run_factor = seat.caller && settings.modes ? 2 : 1;
  seat.triplet_factor = seat.caller && settings.modes ? 4 : 1;
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

void Sampler::Workspace::take_from_space(Seat& seat, int kind) {
  if (number_of(kind) == 5 && !is_honor(kind)) {
    const int suit = suit_of(kind);
    if (space.red[suit] > 0 && below(space.count[kind]) < space.red[suit]) {
      --space.red[suit];
      ++seat.red[suit];
    }
  }
  space.take(kind);
  ++seat.hand[kind];
}

bool Sampler::Workspace::draw_set(Seat& seat) {
  std::uint64_t total = 0;
  for (int g = 0; g < 4; ++g) {
    if (!(seat.allowed_groups & (1u << g))) continue;
    total += std::uint64_t{seat.triplet_factor} * space.triplet_sum[g];
    if (g < 3) total += std::uint64_t{seat.run_factor} * space.run_sum[g];
  }
  if (total == 0) return false;
  std::uint64_t r = below(static_cast<std::uint32_t>(total));
  for (int g = 0; g < 4; ++g) {
    if (!(seat.allowed_groups & (1u << g))) continue;
    const std::uint64_t triplets = std::uint64_t{seat.triplet_factor} * space.triplet_sum[g];
    if (r < triplets) {
      const int first = g * 9;
      const int last = g == 3 ? kNumKinds : first + 9;
      for (int kind = first; kind < last; ++kind) {
        const std::uint64_t w = std::uint64_t{seat.triplet_factor} * space.triplet[kind];
        if (r < w) {
          for (int i = 0; i < 3; ++i) take_from_space(seat, kind);
          return true;
        }
        r -= w;
      }
    }
    r -= triplets;
    if (g == 3) break;
    const std::uint64_t runs = std::uint64_t{seat.run_factor} * space.run_sum[g];
    if (r < runs) {
      for (int index = g * 7; index < g * 7 + 7; ++index) {
        const std::uint64_t w = std::uint64_t{seat.run_factor} * space.run[index];
        if (r < w) {
          const int kind = run_first_kind(index);
          for (int i = 0; i < 3; ++i) take_from_space(seat, kind + i);
          seat.runs[static_cast<std::size_t>(seat.run_count++)] = kind;
          return true;
        }
        r -= w;
      }
    }
    r -= runs;
  }
  return false;  // not reached: the weights sum to total
}

bool Sampler::Workspace::draw_pair(Seat& seat, const Settings& settings) {
  // Candidates: the plain pairs (C(c,2)) and, beside each concealed run a..a+2, the suji pairs
  // (a-1, a+2) and (a, a+3) (weight c_x * c_y).
  std::array<std::uint32_t, kNumKinds> plain{};
  std::array<std::uint32_t, 2 * kMaxConcealedSets> suji{};
  std::uint32_t total = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (!(seat.allowed_groups & (1u << suit_of(kind)))) continue;
    const int c = space.count[kind];
    plain[kind] = static_cast<std::uint32_t>(c * (c - 1) / 2);
    total += plain[kind];
  }
  const bool suji_pairs = settings.suji_pairs;
  for (int i = 0; suji_pairs && i < seat.run_count; ++i) {
    const int a = seat.runs[static_cast<std::size_t>(i)];
    const int number = a % 9;
    if (number >= 1) suji[2 * i] = static_cast<std::uint32_t>(space.count[a - 1] * space.count[a + 2]);
    if (number + 3 <= 8) suji[2 * i + 1] = static_cast<std::uint32_t>(space.count[a] * space.count[a + 3]);
    total += suji[2 * i] + suji[2 * i + 1];
  }
  if (total == 0) return false;
  std::uint32_t r = below(total);
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (r < plain[kind]) {
      take_from_space(seat, kind);
      take_from_space(seat, kind);
      return true;
    }
    r -= plain[kind];
  }
  for (int i = 0; i < 2 * seat.run_count; ++i) {
    if (r < suji[i]) {
      const int a = seat.runs[static_cast<std::size_t>(i / 2)];
      const int x = i % 2 == 0 ? a - 1 : a;
      take_from_space(seat, x);
      take_from_space(seat, x + 3);
      return true;
    }
    r -= suji[i];
  }
  return false;
}

void Sampler::Workspace::remove_one(Seat& seat) {
  // Uniform over the concealed tiles of the complete hand.
  int tiles = 3 * seat.sets_needed + 2;
  std::uint32_t r = below(static_cast<std::uint32_t>(tiles));
  int kind = 0;
  for (; kind < kNumKinds; ++kind) {
    if (r < seat.hand[kind]) break;
    r -= seat.hand[kind];
  }
  seat.removed = kind;
  seat.removed_red = false;
  if (number_of(kind) == 5 && !is_honor(kind)) {
    const int suit = suit_of(kind);
    if (seat.red[suit] > 0 && below(seat.hand[kind]) < seat.red[suit]) {
      seat.removed_red = true;
      --seat.red[suit];
    }
  }
  --seat.hand[kind];
  seat.waits = waits_of(seat.hand);
  seat.accepted = (seat.waits & seat.furiten) == 0;
}

int Sampler::Workspace::sample_ura(const WinningHand& hand, int indicators) {
  // Indicators drawn without replacement from the tiles no opponent holds.
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
    context.dora += context.aka_dora + context.ura_dora;
    ++seat.scored_hits[kind];
    const ScoreOutcome outcome = score_win(hand, context, position.rules);
    if (!outcome.ok()) continue;
    ++seat.yaku_hits[kind];
    seat.points[kind] += -outcome.score.deltas[observer];
  }
}

bool Sampler::Workspace::draw_once(const Settings& settings) {
  space = initial;
  int most = 0;
  for (int i = 0; i < seat_count; ++i) {
    Seat& seat = seats[i];
    choose_mode(seat, settings);
    seat.hand = {};
    seat.red = {};
    seat.run_count = 0;
    seat.sets_left = seat.sets_needed;
    most = std::max(most, seat.sets_needed);
  }
  // The sets, round-robin over the opponents (the source's step 3), then the pairs (step 4).
  for (int round = 0; round < most; ++round) {
    for (int i = 0; i < seat_count; ++i) {
      Seat& seat = seats[i];
      if (seat.sets_left == 0) continue;
      if (!draw_set(seat)) return false;
      --seat.sets_left;
    }
  }
  for (int i = 0; i < seat_count; ++i) {
    if (!draw_pair(seats[i], settings)) return false;
  }
  for (int i = 0; i < seat_count; ++i) remove_one(seats[i]);
  // What no opponent holds: the space and the tiles each took out of its complete hand.
  residual = space.count;
  for (int i = 0; i < seat_count; ++i) ++residual[seats[i].removed];
  return true;
}

void Sampler::Workspace::finish(const Position& position, const Settings& settings, int samples,
                                int failed, Estimate& out) const {
  out.samples = samples;
  out.failed_draws = failed;
  out.opponents.resize(static_cast<std::size_t>(seat_count));
  const double residual_mean = samples > 0 ? residual_tiles_sum / samples : 0;
  const int live = std::max(0, position.live_tiles_left);
  const double share = residual_mean > 0 ? std::min(1.0, live / residual_mean) : 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    const double held = samples > 0 ? held_sum[kind] / samples : 0;
    const double rest = samples > 0 ? residual_sum[kind] / samples : 0;
    out.held[kind] = held;
    out.wall[kind] = rest * share;
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
    const double n = seat.accepted_count;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      const double p = seat.hits[kind] / n;
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
  while (samples < wanted && failed <= max_failed) {
    if (!w.draw_once(settings)) {
      ++failed;
      continue;
    }
    ++samples;
    double residual_tiles = 0;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      w.residual_sum[kind] += w.residual[kind];
      residual_tiles += w.residual[kind];
    }
    w.residual_tiles_sum += residual_tiles;
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

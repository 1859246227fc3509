// The DP's calls (docs/dp.md, "Calls"):
// - an exact recursion of the model, written here from the page and not from the sweep (a call
//   slot before every draw and after the last; the offers of a hand's callable kinds at
//   1 - (1 - rate)^copies, scaled to sum to 1 at most; a call takes the tile as a draw would and
//   leaves the draw to come), agrees with the solver's tenpai and win odds at every time, for
//   open hands of one and two shanten, and for closed hands whose calls lead to their opened
//   states (Options::closed_hand_calls: every call, or its yakuhai pons alone), an opened hand
//   winning only where the engine finds it a yaku as an open hand; and for closed hands whose calls
//   lay their meld down (Options::lay_down_calls: each meld the hand can make of the tile, the
//   discard after it under kuikae, the opened hand of fewer concealed tiles winning with the meld);
// - no call is valued for a closed hand without that option, nor with every rate at 0: the
//   one-player game's values;
// - every value stays a probability on random open hands with random rates;
// - offers only add: an open hand's values with calls are at least those without.
#include <cmath>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "bot/dp/dp.hpp"
#include "engine/score.hpp"
#include "engine/shanten.hpp"
#include "engine/waits.hpp"
#include "tests/tiles_of.hpp"

namespace tenbin {
namespace {

Meld pon_of(const char* tile) {
  const Tile called = parse_tile(tile);
  const std::vector<Tile> consumed = {called, called};
  return Meld::make(MeldType::pon, called, consumed, 1);
}

Meld chi_of(const char* low) {
  const Tile first = parse_tile(low);
  const std::vector<Tile> consumed = {Tile::of(first.kind() + 1), Tile::of(first.kind() + 2)};
  return Meld::make(MeldType::chi, first, consumed, 3);
}

// An open position (East round and seat, indicator 1m, flat unseen counts) with the given melds.
dp::Position open_position(const std::string& hand, std::vector<Meld> melds, int draws) {
  dp::Position position;
  for (const Tile tile : tiles_of(hand)) ++position.hand[tile.kind()];
  position.melds = std::move(melds);
  position.dora_markers = tiles_of("1m");
  position.draws_left = draws;
  dp::set_flat_unseen(position);
  return position;
}

void set_rates(dp::Position& position, double pon, double chi) {
  for (int kind = 0; kind < kNumKinds; ++kind) {
    position.pon_offer_rate[kind] = pon;
    position.chi_offer_rate[kind] = is_honor(kind) ? 0 : chi;
  }
}

dp::Options no_options() {
  dp::Options options;
  options.shanten_back = false;
  options.hand_change = false;
  return options;
}

// The model of docs/dp.md, "Calls", for a draw state with neither shanten-back nor hand changes:
// V(h, opened, t) is the value before the call slot ahead of draw t. An open hand's every win
// scores (the cases give it a yaku); a closed hand (`closed_calls` not none) wins by menzen tsumo,
// and its call (of the kinds `closed_calls` names) leads to the same hand opened, which wins only
// where the engine scores it open and calls every kind.
//
// With `lay_down`, a closed hand's call instead lays a meld down: of the offered tile, a pon (two
// held) or a chi (two run partners held), whichever is best, then a discard that is not kuikae
// and leaves the concealed tiles one shanten lower; the opened hand then draws with the meld's
// tiles counted as held, wins only where the engine scores its concealed tiles and the meld, and
// calls on as an open hand (the tile joins its concealed tiles).
class CallRecursion {
 public:
  CallRecursion(const dp::Position& position, dp::Objective objective,
                dp::ClosedHandCalls closed_calls = dp::ClosedHandCalls::none, bool lay_down = false)
      : position_(position),
        objective_(objective),
        draws_(position.draws_left),
        closed_calls_(closed_calls),
        lay_down_(lay_down) {
    for (const double w : position.weights) wall_ += w;
  }

  double value(const TileCounts& hand, int t) { return value(hand, false, t); }

 private:
  // A meld laid down: none, or the kinds of a pon or a run.
  struct LaidDown {
    bool present = false;
    bool run = false;
    int low = 0;  // the pon's kind, the run's lowest
    auto operator<=>(const LaidDown&) const = default;
  };

  struct Key {
    TileCounts hand;
    bool opened;
    LaidDown meld;
    int t;
    auto operator<=>(const Key&) const = default;
  };

  double value(const TileCounts& hand, bool opened, int t) { return value(hand, opened, LaidDown{}, t); }

  double value(const TileCounts& hand, bool opened, const LaidDown& meld, int t) {
    const Key key{hand, opened, meld, t};
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    const double v = compute(hand, opened, meld, t);
    memo_[key] = v;
    return v;
  }

  static TileCounts held(TileCounts hand, const LaidDown& meld) {
    if (!meld.present) return hand;
    for (int i = 0; i < 3; ++i) ++hand[meld.low + (meld.run ? i : 0)];
    return hand;
  }

  static Meld meld_of(const LaidDown& meld) {
    const int step = meld.run ? 1 : 0;
    const std::vector<Tile> consumed = {Tile::of(meld.low + step), Tile::of(meld.low + 2 * step)};
    return Meld::make(meld.run ? MeldType::chi : MeldType::pon, Tile::of(meld.low), consumed, meld.run ? 3 : 2);
  }

  // Whether drawing `kind` to the tenpai `hand` wins: always for a hand open at the table (the
  // cases' melds give it a yaku) or closed (menzen tsumo); for an opened hand, as the engine
  // scores the tsumo of an open hand.
  bool wins(const TileCounts& hand, bool opened, const LaidDown& meld, int kind) const {
    if (!opened || closed_calls_ == dp::ClosedHandCalls::none) return true;
    WinningHand win;
    win.concealed = hand;
    ++win.concealed[kind];
    win.win_kind = kind;
    win.opened_by_call = !meld.present;
    if (meld.present) win.melds[static_cast<std::size_t>(win.meld_count++)] = meld_of(meld);
    WinContext context;
    context.tsumo = true;
    return score_win(win, context, position_.rules).ok();
  }

  // The wall's weight of `kind` less the copies held (concealed or laid down) beyond the root's.
  double weight(const TileCounts& held_tiles, int kind) const {
    return std::max(0.0, position_.weights[kind] - std::max(0, held_tiles[kind] - position_.hand[kind]));
  }

  bool chi_shape(const TileCounts& hand, int kind) const {
    if (is_honor(kind)) return false;
    const int n = kind % 9;
    for (const int low : {n - 2, n - 1, n}) {  // the run low..low+2 holds kind
      if (low < 0 || low + 2 > 8) continue;
      bool others = true;
      for (int m = low; m <= low + 2; ++m) others = others && (m == n || hand[kind - n + m] > 0);
      if (others) return true;
    }
    return false;
  }

  // The offer of `kind` to `hand`; a closed hand with yakuhai pons alone is offered its yakuhai.
  double offer(const TileCounts& hand, const TileCounts& held_tiles, bool opened, int kind) const {
    const bool closed_state = closed_calls_ != dp::ClosedHandCalls::none && !opened;
    if (closed_state && closed_calls_ == dp::ClosedHandCalls::yakuhai_pons &&
        !is_yakuhai(kind, position_.round_wind, position_.seat_wind)) {
      return 0;
    }
    double rate = 0;
    if (hand[kind] >= 2) rate = position_.pon_offer_rate[kind];
    if (chi_shape(hand, kind)) rate = std::max(rate, position_.chi_offer_rate[kind]);
    const int copies = std::max(0, position_.unseen_copies[kind] - std::max(0, held_tiles[kind] - position_.hand[kind]));
    return 1 - std::pow(1 - rate, copies);
  }

  // The best draw state after `kind` joins `hand` (shanten s - 1): its best discard's value at t.
  double best_after(const TileCounts& hand, bool opened, const LaidDown& meld, int kind, int t) {
    TileCounts x = hand;
    ++x[kind];
    const int target = shanten(hand) - 1;
    double best = 0;
    for (int d = 0; d < kNumKinds; ++d) {
      if (x[d] == 0) continue;
      --x[d];
      if (shanten(x) == target) best = std::max(best, value(x, opened, meld, t));
      ++x[d];
    }
    return best;
  }

  // Kuikae: the called kind may not go next, nor after a run called at one end of two neighbours
  // the kind beyond their other end (4 called to 56 forbids 7).
  static bool kuikae(const LaidDown& meld, int called, int discard) {
    if (discard == called) return true;
    if (!meld.run) return false;
    const int number = called % 9;
    if (called == meld.low && number + 3 <= 8) return discard == called + 3;
    if (called == meld.low + 2 && number - 3 >= 0) return discard == called - 3;
    return false;
  }

  // A closed hand's call of `kind` laid down: the best meld and discard after it reaching one
  // shanten lower; nullopt when none does.
  std::optional<double> best_laid_down(const TileCounts& hand, int kind, int t) {
    const int target = shanten(hand) - 1;
    std::vector<LaidDown> melds;
    if (hand[kind] >= 2) melds.push_back({true, false, kind});
    if (!is_honor(kind)) {
      const int number = kind % 9;
      for (int low = number - 2; low <= number; ++low) {
        if (low < 0 || low + 2 > 8) continue;
        bool partners = true;
        for (int m = low; m <= low + 2; ++m) partners = partners && (m == number || hand[kind - number + m] > 0);
        if (partners) melds.push_back({true, true, kind - number + low});
      }
    }
    std::optional<double> best;
    for (const LaidDown& meld : melds) {
      TileCounts y = hand;  // the hand and the called tile, less the meld
      ++y[kind];
      for (int i = 0; i < 3; ++i) --y[meld.low + (meld.run ? i : 0)];
      for (int d = 0; d < kNumKinds; ++d) {
        if (y[d] == 0 || kuikae(meld, kind, d)) continue;
        --y[d];
        if (shanten(y) == target) best = std::max(best.value_or(0.0), value(y, true, meld, t));
        ++y[d];
      }
    }
    return best;
  }

  double compute(const TileCounts& hand, bool opened, const LaidDown& meld, int t) {
    const int s = shanten(hand);
    const TileCounts held_tiles = held(hand, meld);
    if (s == 0) {
      if (objective_ == dp::Objective::tenpai) return 1;
      if (t == draws_) return 0;
      // A tenpai hand wins on its waits that score and has no call slot.
      const double later = value(hand, opened, meld, t + 1);
      double waits = 0;
      const KindMask mask = waits_of(hand);
      for (int k = 0; k < kNumKinds; ++k) {
        if (((mask >> k) & 1) != 0 && held_tiles[k] < 4 && wins(hand, opened, meld, k)) waits += weight(held_tiles, k);
      }
      return later + waits / (wall_ - t) * (1 - later);
    }
    // The draw (none after the last): the improving kinds lower the shanten.
    double without_slot = 0;
    std::vector<int> improving;
    for (int k = 0; k < kNumKinds; ++k) {
      if (held_tiles[k] >= 4 || weight(held_tiles, k) <= 0) continue;
      TileCounts x = hand;
      ++x[k];
      if (shanten(x) < s) improving.push_back(k);
    }
    if (t < draws_) {
      const double stay = value(hand, opened, meld, t + 1);
      without_slot = stay;
      for (const int k : improving) {
        without_slot += weight(held_tiles, k) / (wall_ - t) * std::max(0.0, best_after(hand, opened, meld, k, t + 1) - stay);
      }
    }
    // The call slot before draw t: a call opens the hand (a hand open at the table stays so); a
    // closed hand's call that lays a meld down is offered only where some meld lowers the shanten.
    std::vector<std::pair<double, double>> calls;  // chance, value after the call
    const bool closed_state = closed_calls_ != dp::ClosedHandCalls::none && !opened;
    for (const int k : improving) {
      const double chance = offer(hand, held_tiles, opened, k);
      if (chance <= 0) continue;
      if (closed_state && lay_down_) {
        if (const std::optional<double> after = best_laid_down(hand, k, t)) calls.emplace_back(chance, *after);
        continue;
      }
      calls.emplace_back(chance, best_after(hand, true, meld, k, t));
    }
    double total = 0;
    for (const auto& [chance, after] : calls) total += chance;
    const double scale = total > 1 ? 1 / total : 1;
    double value = without_slot;
    for (const auto& [chance, after] : calls) value += scale * chance * std::max(0.0, after - without_slot);
    return value;
  }

  dp::Position position_;
  dp::Objective objective_;
  int draws_;
  dp::ClosedHandCalls closed_calls_;
  bool lay_down_;
  double wall_ = 0;
  std::map<Key, double> memo_;
};

TEST(DpCalls, AgreeWithAnExactRecursionOfTheModel) {
  struct Case {
    const char* hand;
    std::vector<Meld> melds;
  };
  // Haku's pon gives every win a yaku. One shanten (a chi of 2m or 5m, then a tanki), one with a
  // pair to pon, and two shanten with two melds.
  const std::vector<Case> cases = {
      {"3m 4m 7p 9s", {pon_of("P"), chi_of("2p"), chi_of("5s")}},
      {"3m 4m 7p 7p", {pon_of("P"), chi_of("2p"), chi_of("5s")}},
      {"3m 4m 6p 7p 9s 9s 1s", {pon_of("P"), chi_of("2p")}},
  };
  int compared = 0;
  for (const Case& c : cases) {
    for (const int draws : {1, 4, 7}) {
      dp::Position position = open_position(c.hand, c.melds, draws);
      set_rates(position, 0.08, 0.03);
      const dp::Result result = dp::evaluate(position, no_options());
      ASSERT_EQ(result.candidates.size(), 1u);
      const dp::Candidate& only = result.candidates[0];
      for (const dp::Objective objective : {dp::Objective::tenpai, dp::Objective::win}) {
        CallRecursion exact(position, objective);
        const int o = static_cast<int>(objective);
        EXPECT_NEAR(only.value[o], exact.value(position.hand, 0), 1e-9) << c.hand << " draws " << draws << " objective " << o;
        for (int r = 1; r <= draws; ++r) {
          EXPECT_NEAR(only.by_draws[o][static_cast<std::size_t>(r - 1)], exact.value(position.hand, draws - r), 1e-9)
              << c.hand << " r=" << r << " objective " << o;
          ++compared;
        }
      }
      EXPECT_EQ(result.impossible_entries, 0u);
    }
  }
  EXPECT_GE(compared, 70);
}

// A closed hand's calls (Options::closed_hand_calls): the same recursion with the opened states
// scored by the engine as an open hand. Haku's and East's pairs give a pon its yaku (East's round
// and seat); the others' calls (9s, S, the runs' tiles) open a hand that wins only if it finds a
// yaku of its own (tanyao, haku), and with yakuhai pons alone a closed hand makes none of them.
class ClosedHandCalls : public testing::TestWithParam<std::tuple<dp::ClosedHandCalls, bool>> {};

const std::vector<const char*> kClosedHands = {
    "P P 2m 3m 4m 6p 7p 9s 9s 3s 4s 5s E",    // one shanten
    "P P 2m 3m 6p 7p 9s 9s 3s 4s 5s E S",     // two shanten
    "2m 3m 4m 6p 7p 3s 3s 5s 6s 7s 8s 8s N",  // one shanten, tanyao open if N goes
    "E E 2m 3m 6p 7p S S 3s 4s 5s 9p N",      // two shanten, a double East pair beside South's
    "1m 2m 3m 2p 3p 4p 6p 7p 8p 4s 5s 9s N",  // one shanten, either end of 45s chi'd, no yaku open
    // Two shanten: 4s drawn and 6s called, or 6s drawn and 4s called, make the same fourteen
    // tiles with other melds (567s or 345s chi'd).
    "3s 5s 7s 2m 3m 4m 6p 7p 8p E E 1p N",
};

TEST_P(ClosedHandCalls, AgreeWithTheRecursionOfTheModel) {
  const auto [closed_calls, lay_down] = GetParam();
  const std::vector<const char*>& hands = kClosedHands;
  dp::Options options = no_options();
  options.closed_hand_calls = closed_calls;
  options.lay_down_calls = lay_down;
  int compared = 0;
  int gained = 0;
  for (const char* hand : hands) {
    for (const int draws : {1, 3, 6}) {
      dp::Position position = open_position(hand, {}, draws);
      set_rates(position, 0.08, 0.03);
      const dp::Result result = dp::evaluate(position, options);
      dp::Position without_rates = position;
      set_rates(without_rates, 0, 0);
      const dp::Result one_player = dp::evaluate(without_rates, options);
      ASSERT_EQ(result.candidates.size(), 1u);
      const dp::Candidate& only = result.candidates[0];
      for (const dp::Objective objective : {dp::Objective::tenpai, dp::Objective::win}) {
        CallRecursion exact(position, objective, closed_calls, lay_down);
        const int o = static_cast<int>(objective);
        EXPECT_NEAR(only.value[o], exact.value(position.hand, 0), 1e-9) << hand << " draws " << draws << " objective " << o;
        for (int r = 1; r <= draws; ++r) {
          EXPECT_NEAR(only.by_draws[o][static_cast<std::size_t>(r - 1)], exact.value(position.hand, draws - r), 1e-9)
              << hand << " r=" << r << " objective " << o;
          ++compared;
        }
        gained += only.value[o] > one_player.candidates[0].value[o] + 1e-6;
      }
      EXPECT_EQ(result.impossible_entries, 0u);
    }
  }
  EXPECT_GE(compared, 80);
  EXPECT_GE(gained, 10);  // the calls matter
}

INSTANTIATE_TEST_SUITE_P(DpCalls, ClosedHandCalls,
                         testing::Combine(testing::Values(dp::ClosedHandCalls::all, dp::ClosedHandCalls::yakuhai_pons),
                                          testing::Bool()));

// Laying the meld down takes choices away from the tile kept among the counts (the set can no
// longer be rearranged or thrown, kuikae binds the next discard, and only a meld that lowers the
// shanten is a call) and adds the calls to the one-player game: on these hands, with rates whose
// offers never sum past 1, its tenpai and win odds lie between the two. They are the tile kept's
// on most of them (the DP's paths rarely break a complete set); the last hand's four souzu in a
// row, which the tile kept may regroup after a chi and the meld laid down may not (nor throw the
// tile kuikae forbids: 5s after 2s chi'd with 3s4s), reaches tenpai more slowly.
TEST(DpCalls, LayingTheMeldDownLiesBetweenTheOnePlayerGameAndTheTileKept) {
  std::vector<const char*> hands = kClosedHands;
  hands.push_back("3s 4s 5s 6s 2m 3m 4m 6p 7p 9p 9p W N");
  int compared = 0;
  int lower = 0;
  for (const char* hand : hands) {
    for (const int draws : {2, 6, 12}) {
      dp::Position position = open_position(hand, {}, draws);
      set_rates(position, 0.04, 0.03);
      dp::Options kept = no_options();
      kept.closed_hand_calls = dp::ClosedHandCalls::all;
      dp::Options laid_down = kept;
      laid_down.lay_down_calls = true;
      const dp::Candidate none = dp::evaluate(position, no_options()).candidates[0];
      const dp::Candidate with_tile = dp::evaluate(position, kept).candidates[0];
      const dp::Candidate with_meld = dp::evaluate(position, laid_down).candidates[0];
      for (const dp::Objective objective : {dp::Objective::tenpai, dp::Objective::win}) {
        const int o = static_cast<int>(objective);
        EXPECT_GE(with_meld.value[o], none.value[o] - 1e-12) << hand << " draws " << draws << " objective " << o;
        EXPECT_LE(with_meld.value[o], with_tile.value[o] + 1e-12) << hand << " draws " << draws << " objective " << o;
        lower += with_meld.value[o] < with_tile.value[o] - 1e-6;
        ++compared;
      }
      if (std::string(hand).starts_with("3s 4s 5s 6s")) {
        EXPECT_LT(with_meld.value[0], with_tile.value[0] - 1e-5) << "draws " << draws;
      }
    }
  }
  EXPECT_EQ(compared, 42);
  EXPECT_GE(lower, 3);
}

// With yakuhai pons alone, a closed hand holding no yakuhai pair calls nothing: the one-player
// game's values; with every call, the same hand's calls count.
TEST(DpCalls, YakuhaiPonsAloneLeaveAHandWithoutAYakuhaiPairAsItIs) {
  dp::Position position = open_position("2m 3m 4m 6p 7p 3s 3s 5s 6s 7s 8s 8s N", {}, 8);
  set_rates(position, 0.08, 0.03);
  dp::Options yakuhai = no_options();
  yakuhai.closed_hand_calls = dp::ClosedHandCalls::yakuhai_pons;
  dp::Options every = yakuhai;
  every.closed_hand_calls = dp::ClosedHandCalls::all;
  const dp::Result one_player = dp::evaluate(position, no_options());
  const dp::Result with_yakuhai = dp::evaluate(position, yakuhai);
  const dp::Result with_every = dp::evaluate(position, every);
  EXPECT_EQ(with_yakuhai.draw_states, one_player.draw_states);
  EXPECT_GT(with_every.draw_states, one_player.draw_states);
  const int win = static_cast<int>(dp::Objective::win);
  EXPECT_EQ(with_yakuhai.candidates[0].value[win], one_player.candidates[0].value[win]);
  EXPECT_GT(with_every.candidates[0].value[win], one_player.candidates[0].value[win] + 1e-6);
}

TEST(DpCalls, AClosedHandAndZeroRatesAreTheOnePlayerGame) {
  dp::Position closed;
  for (const Tile tile : tiles_of("2m 3m 4m 6m 7m 3p 4p 8p 2s 4s 9s E E")) ++closed.hand[tile.kind()];
  closed.draws_left = 10;
  dp::set_flat_unseen(closed);
  dp::Position with_rates = closed;
  set_rates(with_rates, 0.1, 0.05);
  dp::Position open = open_position("3m 4m 6p 7p 9s 9s 1s", {pon_of("P"), chi_of("2p")}, 10);
  dp::Position open_with_zero = open;
  set_rates(open_with_zero, 0, 0);
  // A closed hand's calls asked for, but no offer: the one-player game as well.
  dp::Options closed_calls;
  closed_calls.closed_hand_calls = dp::ClosedHandCalls::all;
  struct Pair {
    dp::Position plain, other;
    dp::Options options;
  };
  for (const Pair& pair : {Pair{closed, with_rates, {}}, Pair{open, open_with_zero, {}}, Pair{closed, closed, closed_calls}}) {
    const dp::Result a = dp::evaluate(pair.plain, dp::Options{});
    const dp::Result b = dp::evaluate(pair.other, pair.options);
    ASSERT_EQ(a.candidates.size(), b.candidates.size());
    EXPECT_EQ(a.draw_states, b.draw_states);
    for (std::size_t i = 0; i < a.candidates.size(); ++i) {
      for (int o = 0; o < dp::kObjectives; ++o) EXPECT_EQ(a.candidates[i].value[o], b.candidates[i].value[o]);
    }
  }
}

TEST(DpCalls, OffersOnlyAddAndValuesStayProbabilities) {
  std::mt19937 rng(7);
  const std::vector<Meld> melds = {pon_of("C"), chi_of("6m")};
  int solved = 0;
  int faster = 0;
  for (int n = 0; n < 120; ++n) {
    // Eight random tiles of the kinds the melds leave whole: a discard state of two melds.
    dp::Position position;
    position.melds = melds;
    for (int i = 0; i < 8; ++i) {
      int kind = 0;
      do kind = static_cast<int>(rng() % kNumKinds);
      while (position.hand[kind] >= 2 || kind == parse_kind("C") || (kind >= 5 && kind <= 7));
      ++position.hand[kind];
    }
    if (shanten(position.hand) > 2) continue;
    position.draws_left = 1 + static_cast<int>(rng() % 12);
    dp::set_flat_unseen(position);
    const dp::Result plain = dp::evaluate(position, dp::Options{});
    std::uniform_real_distribution<double> unit(0, 1);
    set_rates(position, 0.2 * unit(rng), 0.1 * unit(rng));
    const dp::Solver solver(position, dp::Options{});
    const dp::Result& with_calls = solver.result();
    ASSERT_EQ(plain.candidates.size(), with_calls.candidates.size());
    for (std::uint32_t node = 0; node < with_calls.draw_states; ++node) {
      for (int t = 0; t <= position.draws_left; ++t) {
        for (int o = 0; o < 2; ++o) {
          const double v = solver.value(node, t, static_cast<dp::Objective>(o));
          if (std::isnan(v)) continue;
          ASSERT_GE(v, 0);
          ASSERT_LE(v, 1 + 1e-12);
        }
      }
    }
    for (const dp::Candidate& c : with_calls.candidates) {
      for (const dp::Candidate& p : plain.candidates) {
        if (p.discard != c.discard || !c.evaluated) continue;
        for (int o = 0; o < dp::kObjectives; ++o) EXPECT_GE(c.value[o], p.value[o] - 1e-9);
        faster += c.value[0] > p.value[0] + 1e-6;
      }
    }
    ++solved;
  }
  EXPECT_GT(solved, 30);
  EXPECT_GT(faster, 30);  // the offers matter on most hands
}

}  // namespace
}  // namespace tenbin

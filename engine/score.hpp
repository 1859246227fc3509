// Scoring a win: every reading of the hand is judged (yaku, fu), priced (han and fu to points,
// limits), and the best kept by points, then han, then fu; then the payments between seats,
// with honba, riichi sticks and pao.
#pragma once

#include <array>
#include <span>
#include <string>

#include "engine/agari.hpp"
#include "engine/meld.hpp"
#include "engine/rules.hpp"
#include "engine/seats.hpp"
#include "engine/tile.hpp"
#include "engine/yaku.hpp"

namespace tenbin {

// The tiles of a win.
struct WinningHand {
  TileCounts concealed{};  // concealed tiles including the winning tile
  int win_kind = 0;
  int red_fives = 0;       // red fives among all tiles, melds included
  std::array<Meld, 4> melds{};
  int meld_count = 0;
  // Open although no open meld is listed: a call's set counted among the concealed tiles (the
  // DP's opened states, docs/dp.md "Calls"). Scores as an open hand: no menzen yaku or fu.
  bool opened_by_call = false;

  std::span<const Meld> called() const { return {melds.data(), static_cast<std::size_t>(meld_count)}; }
};

enum class Limit : std::uint8_t { none, mangan, haneman, baiman, sanbaiman, kazoe_yakuman, yakuman };
std::string_view limit_name(Limit limit);  // "mangan", ...; "" for none

// What each seat pays, without honba, sticks or pao. For a ron only `ron` is set; for a
// non-dealer's tsumo `dealer` and `non_dealer`; for the dealer's tsumo `non_dealer`.
struct Payment {
  int ron = 0;
  int dealer = 0;
  int non_dealer = 0;
};

struct Score {
  int han = 0;      // 0 for a yakuman hand
  int fu = 0;       // 0 for a yakuman hand
  int yakuman = 0;  // the multiple
  YakuList yaku;
  int basic_points = 0;
  int points = 0;   // the hand's value: sum of the payments
  Limit limit = Limit::none;
  Payment payment;
  int pao_seat = -1;
  PerSeat<int> deltas{};
};

enum class ScoreError : std::uint8_t { none, impossible, not_complete, no_yaku };

struct ScoreOutcome {
  ScoreError error = ScoreError::none;
  std::string message;  // says why, when error != none
  Score score;

  bool ok() const { return error == ScoreError::none; }
};

// Scores a win. Dora counts in `context` are filled in by the caller (see count_dora).
ScoreOutcome score_win(const WinningHand& hand, const WinContext& context, const Rules& rules = {});

// Every reading of a winning hand that has a yaku, with its han and fu in `context` (the best is
// what score_win takes). With extra han to come (dora not yet known, riichi), another reading may
// become the best: the expected-score DP asks for them all.
struct ReadingValue {
  int han = 0;
  int fu = 0;
  int yakuman = 0;
};
struct ReadingValues {
  ScoreError error = ScoreError::none;
  std::array<ReadingValue, 16> values{};  // a hand has a few readings; more are dropped
  int count = 0;
};
ReadingValues score_readings(const WinningHand& hand, const WinContext& context, const Rules& rules = {});
// The same with the hand's regular readings given (decompose(hand.concealed)): a caller scoring one
// complete hand with several winning tiles reads it once.
ReadingValues score_readings(const WinningHand& hand, const WinContext& context, const Rules& rules,
                             std::span<const Decomposition> regular);

// How many tiles of the hand (melds included, a kan as four) the indicators point at.
int count_dora(const WinningHand& hand, std::span<const Tile> indicators);

// The points for han and fu, with limits; and the split into payments.
int basic_points(int han, int fu, int yakuman, const Rules& rules, Limit* limit = nullptr);
Payment payments(int basic, bool dealer_wins, bool tsumo);
// The share of a tsumo's points (honba and sticks aside) that `payer` pays: a third of a
// dealer's, else half from the dealer and a quarter from each of the other two (Tenhou's rules).
inline double tsumo_share_paid(int payer, int winner, int dealer) {
  if (payer == winner) return 0;
  if (winner == dealer) return 1.0 / 3;
  return payer == dealer ? 0.5 : 0.25;
}
int round_up_100(int points);

}  // namespace tenbin

#include "bot/strategy/ukeire_curve.hpp"

#include <algorithm>
#include <array>

#include "engine/shanten.hpp"

namespace tenbin {
namespace {

// The mean effective tiles of a random 13-tile hand by shanten (tenpai first), out of the 123
// tiles it cannot see ("配牌時有効牌の枚数", https://tomohxx.hatenablog.com/): the odds of the
// stand-in's later steps (the first step uses the hand's own ukeire).
constexpr std::array<double, 7> kMeanUkeire = {4.5843, 12.2671, 23.3215, 40.4909, 60.6136, 77.8174, 100.154};
constexpr double kUnseenAtDeal = 123;

}  // namespace

bool has_yaku_road(const TileCounts& hand, const dp::Position& position) {
  bool open = false;
  bool all_simples = true;
  for (const Meld& meld : position.melds) {
    open = open || meld.is_open();
    const int kind = meld.kind();
    const bool yakuhai = is_yakuhai(kind, position.round_wind, position.seat_wind);
    if (!meld.is_run() && yakuhai) return true;
    for (const Tile tile : meld.all_tiles()) all_simples = all_simples && !is_terminal_or_honor(tile.kind());
  }
  if (!open) return true;
  for (int k = 0; k < kNumKinds; ++k) all_simples = all_simples && (hand[k] == 0 || !is_terminal_or_honor(k));
  return all_simples && position.rules.open_tanyao;
}

HandCurve ukeire_curve(const TileCounts& hand, const dp::Position& position, const FullParams& params) {
  const int s = std::max(0, shanten(hand));
  double pool = 0;
  double useful = 0;
  TileCounts probe = hand;
  for (int k = 0; k < kNumKinds; ++k) {
    pool += position.weights[k];
    if (position.weights[k] <= 0 || probe[k] >= kCopiesPerKind) continue;
    ++probe[k];
    if (shanten(probe) < shanten(hand)) useful += position.weights[k];
    --probe[k];
  }
  // odds[i]: the chance that a draw takes the hand from shanten i one step closer (i = 0: wins).
  std::array<double, 8> odds{};
  for (int i = 0; i <= s && i < 8; ++i) {
    const double own = pool > 0 ? std::min(1.0, useful / pool) : 0;
    odds[i] = i == s ? own : std::min(own, kMeanUkeire[std::min<std::size_t>(i, 6)] / kUnseenAtDeal);
  }
  // at[i]: P(the hand is at shanten i after the draws so far); the win is kept apart.
  std::array<double, 8> at{};
  at[std::min(s, 7)] = 1;
  double won = 0;
  double tenpai = s == 0 ? 1 : 0;
  const bool can_win = has_yaku_road(hand, position);
  HandCurve curve;
  for (int r = 1; r <= position.draws_left; ++r) {
    won += at[0] * odds[0];
    at[0] *= 1 - odds[0];
    for (int i = 1; i <= std::min(s, 7); ++i) {
      const double moved = at[i] * odds[i];
      at[i] -= moved;
      at[i - 1] += moved;
      if (i == 1) tenpai += moved;
    }
    curve.win.push_back(can_win ? won : 0);
    curve.score.push_back(can_win ? won * params.stand_in_win_points : 0);
    curve.tenpai.push_back(std::min(1.0, tenpai));
  }
  return curve;
}

}  // namespace tenbin

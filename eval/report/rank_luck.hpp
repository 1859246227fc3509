// Luck in rank points: each hand's luck in points (eval/report/luck) priced by the placement model
// (bot/strategy/placement) at the hand's start. The value of seat s is sum_j J_sj V_j, V_j seat
// j's value in points and J_sj the change of s's expected final rank points per point that j's
// score moves in this hand, from the scores, the hands left and the deposits at its start. J is
// fixed before the hand's first chance event, so the luck of an event in rank points,
// sum_j J_sj luck_j, has mean zero as each luck_j has: a game's rank points less their luck stay
// an unbiased estimate of its rank points.
#pragma once

#include <vector>

#include "engine/match_end.hpp"
#include "engine/mjai.hpp"
#include "engine/seats.hpp"
#include "engine/table.hpp"
#include "eval/report/luck.hpp"

namespace tenbin::arena {

// J at a hand's start (`table` has applied its start_kyoku): slopes[s][j] in rank points per point.
using RankPointSlopes = PerSeat<PerSeat<double>>;
RankPointSlopes rank_point_slopes(const Table& table, MatchLength length);

// Each seat's luck over the game in rank points, the hands' luck (game_luck of the same log)
// priced by the slopes at each hand's start; throws std::invalid_argument when the log's hands are
// not those of `luck`.
PerSeat<double> rank_point_luck(const std::vector<Event>& log, const GameLuck& luck, MatchLength length);

}  // namespace tenbin::arena

// Luck-adjusted results: control variates over the chance events, the idea of AIVAT ("AIVAT: A
// New Variance Reduction Technique for Agent Evaluation in Imperfect Information Games", AAAI
// 2018). A hand's chance events are the deal (52 single-tile deals, seat by seat from the
// dealer, each seat's tiles in log order), the first dora indicator, every draw and rinshan draw,
// and every kan dora indicator. The luck of an event for seat s is V_s(after) - E[V_s(after)],
// the expectation taken exactly over every tile that could have come: the wall is a uniform
// shuffle, so given everything revealed so far the next tile is uniform over the unseen ones.
// V_s is the seat's own estimate less the mean of the other three's (eval/report/luck_value).
// The last ura indicator of a hand with riichi wins is one more chance event, priced exactly: its
// luck for seat s is s's score change from the wins with the tile that came less its mean over
// every tile that could have come (eval/report/ura_stake). Each event's luck has mean zero
// whatever V is, so a seat's score change less its summed luck is an unbiased estimate of what
// it would have scored.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/mjai.hpp"
#include "engine/neighbour_shanten.hpp"
#include "engine/seats.hpp"
#include "eval/report/hand_position.hpp"
#include "eval/report/luck_value.hpp"
#include "eval/report/ura_stake.hpp"

namespace tenbin::arena {

enum class ChanceEvent : std::uint8_t { deal, draw, indicator };

// Every seat's figures after each possible outcome of one chance event (a deal or draw to `seat`;
// any seat for an indicator), `before` the position just before it. A deal or draw moves one
// hand: the others are summarised once, before it, and the moved hand once per tile identity (a
// red five prices as dora). An indicator reprices every hand.
class EventOutcomes {
 public:
  EventOutcomes(const HandPosition& before, ChanceEvent event, int seat, GroupNeedsCache& cache);
  PerSeat<SeatFigures> after(Tile outcome);

 private:
  const HandPosition& before_;
  ChanceEvent event_;
  int seat_;
  GroupNeedsCache& cache_;
  PerSeat<HandSummary> others_{};
  std::array<std::optional<HandSummary>, kTileIdentities> moved_;
};

// One event's luck per seat, exactly: numerator / denominator points.
struct EventLuck {
  PerSeat<std::int64_t> numerator{};
  std::int64_t denominator = 1;
  double points(int seat) const { return static_cast<double>(numerator[seat]) / static_cast<double>(denominator); }
};

// The luck of `outcome` coming at `event` (a deal or draw to `seat`; any seat for an indicator),
// `before` the position just before it. The denominator depends on `before` only, so the
// numerators of every outcome can be summed exactly.
EventLuck event_luck(const HandPosition& before, ChanceEvent event, int seat, Tile outcome, const LuckModel& model,
                     GroupNeedsCache& cache);

// The luck of `outcome` coming as the stake's last ura indicator: each seat's score change from
// the hand's wins with it, less the mean over the stake's unseen tiles (exact, as above).
EventLuck ura_luck(const UraStake& stake, Tile outcome);

// What a walk through a log tells its reader, hand by hand.
class HandVisitor {
 public:
  virtual ~HandVisitor() = default;
  virtual void chance(const HandPosition& before, ChanceEvent event, int seat, Tile outcome, const HandPosition& after) = 0;
  // At the end of a hand with riichi wins, before hand_end: what its last ura indicator decided
  // (the tile that came is stake.last). The walk has checked that the wins score as the log says.
  virtual void ura(const UraStake& /*stake*/) {}
  // The hand's score change per seat (riichi deposits included).
  virtual void hand_end(const PerSeat<int>& score_change) = 0;
};

// Walks every hand of a log with omniscient tiles (an arena's log); throws std::invalid_argument
// when a tile is hidden or the tiles do not add up to one wall.
void walk_hands(const std::vector<Event>& log, HandVisitor& visitor);

struct HandLuck {
  PerSeat<double> luck{};  // points
  PerSeat<int> score_change{};
};

struct GameLuck {
  std::vector<HandLuck> hands;
  PerSeat<double> total{};  // the game's luck per seat, in points
};

// The luck of every hand of a game. `cache` is reused between calls (it holds a few megabytes).
GameLuck game_luck(const std::vector<Event>& log, const LuckModel& model, GroupNeedsCache& cache);
// The same with the compiled model and a cache of this thread.
GameLuck game_luck(const std::vector<Event>& log);

}  // namespace tenbin::arena

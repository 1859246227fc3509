// The referee: one full game under the Tenhou rules (hanchan, or tonpuusen), producing the
// full-information mjai log and asking seats for decisions.
//
// It drives the wall (engine/wall), and keeps one Table per seat fed with that seat's masked view
// of every event, so each seat's legal actions are exactly what the bot process itself computes.
// Rules covered: claim priority ron > pon/kan > chi; double ron, triple ron abortive; riichi stick
// paid at acceptance; ippatsu broken by any call; kan dora timing (ankan: once the kokushi
// robbing window closes, before the rinshan draw; daiminkan and kakan: after the rinshan draw,
// before the discard); chankan on kakan, and kokushi may rob an
// ankan; abortive draws (kyuushu kyuuhai, four winds, four riichi, four kans by several players,
// triple ron); exhaustive draw with noten payments and nagashi mangan; honba and sticks; dealer
// repeats; the end of the game (the last hand, the extension round until someone reaches the
// target, a score below 0, the dealer's agari-yame in the last hand); final ranks (ties by seat
// order) and Tenhou-style final points.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/live_wall.hpp"
#include "engine/mjai.hpp"
#include "engine/rules.hpp"
#include "engine/seats.hpp"
#include "engine/table.hpp"
#include "engine/wall.hpp"

namespace tenbin {

// The settlement of an exhaustive draw, from each seat's own table: nagashi mangan (a river of
// terminals and honours only, none called away), paid as a mangan tsumo in place of the noten
// payments; otherwise 3000 from the noten seats to the tenpai ones.
struct ExhaustiveDraw {
  PerSeat<bool> tenpai{};
  bool nagashi = false;
  PerSeat<int> deltas{};
};
ExhaustiveDraw settle_exhaustive_draw(const PerSeat<Table>& tables);

// Where a game starts when not at East 1 with equal scores: a hand of the match and the scores
// then (an arena's scenario book starts every game at South 4, say). The dealer follows from
// the hand (kyoku 1: seat 0); the riichi sticks on the table are the points the scores lack.
struct HandStart {
  int round_wind = kinds::east;  // kind: east .. north
  int kyoku = 1;                 // 1..4
  int honba = 0;
  int kyotaku = 0;
  PerSeat<int> scores{};

  bool operator==(const HandStart&) const = default;
};

// Why `start` cannot begin a game under `rules`, or nothing: its round must be one the game can
// reach (East to West in a hanchan, whose extension is West; East or South in a tonpuusen),
// its honba and sticks what a start_kyoku event may carry (0..1000), its scores >= 0 and adding
// up with the sticks to the starting points.
std::optional<std::string> hand_start_problem(const HandStart& start, const Rules& rules, bool tonpuu = false);

// Keys a game's hands for its walls (engine/wall.hpp), given their rounds in the order played.
class HandCounter {
 public:
  HandOfGame next(int round_wind, int kyoku);
  HandOfGame next(const Event& start_kyoku) { return next(start_kyoku.bakaze, start_kyoku.kyoku); }

 private:
  HandOfGame last_{-1, -1, 0};
};

struct GameConfig {
  Rules rules;
  bool tonpuu = false;          // East round only (extension: South)
  std::uint64_t seed = 0;       // walls: Wall::generate(wall_scheme, seed, wall_game, the hand)
  std::uint64_t wall_game = 0;
  WallScheme wall_scheme = WallScheme::by_hand;  // the arena's matches choose theirs (by_round unless told)
  PerSeat<std::string> names = {"0", "1", "2", "3"};
  std::function<Wall(int hand)> walls;  // overrides the seeded walls (scripted tests)
  std::optional<HandStart> start;       // none: East 1, every seat at the starting points
};

// What the referee needs from the outside now.
struct Pending {
  PerSeat<std::vector<Action>> legal;  // empty for seats not asked
  bool any() const;
};

class Game {
 public:
  explicit Game(GameConfig config);

  bool finished() const { return finished_; }
  const std::vector<Event>& log() const { return log_; }
  // The seats asked now and their legal actions.
  const Pending& pending() const { return pending_; }
  // Answers the pending request. A missing or illegal reply is replaced by the seat's safe
  // action (tsumogiri, or none on a claim); the returned flags say whose were replaced.
  PerSeat<bool> answer(const PerSeat<std::optional<Action>>& replies);

  // Seat `seat`'s own view of the table (what that seat's bot would know), for in-process agents.
  const Table& table(int seat) const { return tables_[seat]; }

  const PerSeat<int>& scores() const { return scores_; }
  PerSeat<int> ranks() const;                 // 0 = first; ties by seat order
  PerSeat<double> final_points() const;       // Tenhou-style: score, uma and oka
  int hands_played() const { return hand_index_; }
  const Wall& wall() const { return wall_; }         // the current (or last) hand's wall

 private:
  enum class Phase : std::uint8_t { own_turn, after_call_or_riichi, claim_discard, claim_kakan, claim_ankan };

  void emit(Event event);
  void start_hand();
  void draw(int actor, bool rinshan);
  void ask(Phase phase);
  void on_own_turn(int actor, const Action& action);
  void discard(int actor, const Action& action);
  void declare_kan(int actor, const Action& action);
  void resolve_claims(const PerSeat<Action>& replies);
  void after_discard_passed();
  void accept_pending_riichi();
  void reveal_pending_dora();
  void win(const std::vector<int>& winners, bool tsumo, int discarder, Tile tile);
  void exhaustive_draw();
  void abortive_draw(const std::string& reason, int actor = -1);
  void end_hand(bool dealer_keeps, bool honba_up);
  bool game_over_after_hand(bool dealer_keeps) const;
  void end_game();
  int live_draws_left() const;

  GameConfig config_;
  std::vector<Event> log_;
  PerSeat<Table> tables_;
  Pending pending_;
  Phase phase_ = Phase::own_turn;
  bool finished_ = false;

  // The match.
  PerSeat<int> scores_{};
  int round_wind_ = kinds::east;
  int kyoku_ = 1;
  int honba_ = 0;
  int kyotaku_ = 0;
  int dealer_ = 0;
  int hand_index_ = 0;
  HandCounter hands_;

  // The hand.
  Wall wall_;
  LiveWall live_wall_;  // which live position each draw takes
  int rinshan_draws_ = 0;
  int dora_revealed_ = 0;
  int pending_dora_ = 0;
  int kans_ = 0;
  PerSeat<int> kans_by_seat_{};
  int turn_actor_ = 0;
  Tile last_discard_{};
  int last_discarder_ = -1;
  Tile kan_tile_{};
  int kan_actor_ = -1;
  int riichi_pending_ = -1;   // seat whose declaration discard is on offer
  int riichi_count_ = 0;
  int discards_ = 0;          // discards this hand, for four winds
  bool any_call_ = false;
};

}  // namespace tenbin

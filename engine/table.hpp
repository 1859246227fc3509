// The table as one seat sees it, updated event by event, and what that seat may do now (the
// legal actions live in engine/legal_actions.cpp).
//
// Legality follows the rules Tenhou plays and Mortal's libriichi checks (docs/mjai.md, "When a
// seat can act"), so that "this seat can act" agrees with the hosts: riichi only closed, tenpai after the
// discard, 1000 points and four draws left; tsumo and ron only with a yaku and not furiten;
// calls with their exact consumed tiles, kuikae forbidden; ankan in riichi only with the drawn
// tile and unchanged waits; kyuushu kyuuhai; no call on the last discard, no kan on the last
// draw, at most four kans.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/action.hpp"
#include "engine/meld.hpp"
#include "engine/mjai.hpp"
#include "engine/rules.hpp"
#include "engine/score.hpp"
#include "engine/seats.hpp"
#include "engine/tile.hpp"

namespace tenbin {

class TableError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RiverTile {
  Tile tile;
  bool tsumogiri = false;
  bool riichi_declaration = false;
  bool called_away = false;
};

// What everyone can see of one seat.
struct SeatView {
  std::vector<RiverTile> river;
  std::vector<Meld> melds;
  int hand_size = 13;
  int score = 25000;
  bool riichi_declared = false;   // reach seen
  bool riichi = false;            // the declaration discard was made (accepted or not yet)
  bool riichi_accepted = false;
  bool double_riichi = false;
  bool ippatsu = false;
  int riichi_river_index = -1;    // the declaration tile's place in the river
  TileCounts discarded{};         // every kind this seat discarded, called away or not
  TileCounts passed_in_riichi{};  // kinds anyone discarded after this seat's riichi discard

  bool closed() const;
  int open_melds() const;  // chi, pon and open kans (an ankan keeps the hand closed)
};

// What a seat has shown over the match so far, kept from hand to hand: how it discards while
// another seat's riichi stands (a player who folds throws that riichi's safe tiles).
struct SeatRecord {
  int discards_facing_riichi = 0;  // its discards before its own riichi while another seat was in riichi
  int genbutsu_facing_riichi = 0;  // of them, tiles safe against every such riichi (genbutsu)
};

// What this seat is being asked, given the last event.
enum class Decision : std::uint8_t {
  none,               // nothing to answer
  own_draw,           // discard, riichi, kan, tsumo, kyuushu
  discard_after_call, // the echo of our chi or pon: discard (kuikae forbidden)
  discard_after_riichi, // the echo of our reach: discard keeping tenpai
  claim_discard,      // another seat's discard: ron, pon, daiminkan, chi or pass
  claim_kakan,        // another seat's kakan: chankan or pass
  claim_ankan,        // another seat's ankan: kokushi may rob it, or pass
};

class Table {
 public:
  explicit Table(int seat = 0, const Rules& rules = {});

  // Updates from one event as this seat sees it. Throws TableError naming the contradiction
  // when the event does not fit what the table knows (a draw while we hold 14, a discard of a
  // tile we do not hold, ...); the table then waits for the next start_kyoku to resynchronise.
  void apply(const Event& event);

  int seat() const { return seat_; }
  void set_seat(int seat) { seat_ = seat; }
  bool synchronised() const { return synchronised_; }
  Decision decision() const { return synchronised_ ? decision_ : Decision::none; }

  // Every action this seat may take now (empty when there is no decision). A pass (`none`) is
  // included for claims.
  std::vector<Action> legal_actions() const;
  // A reply that is always acceptable when a reply is owed: tsumogiri on our draw, the first
  // legal discard after a call or a riichi, `none` on a claim.
  Action safe_action() const;

  // The round.
  int round_wind() const { return round_wind_; }
  int kyoku() const { return kyoku_; }
  int honba() const { return honba_; }
  int kyotaku() const { return kyotaku_; }
  int dealer() const { return dealer_; }
  int seat_wind() const { return kinds::east + (seat_ - dealer_ + 4) % 4; }
  int seat_wind_of(int seat) const { return kinds::east + (seat - dealer_ + 4) % 4; }
  // Whether a triplet of `kind` is a yaku for this seat (a dragon, the round's or its own wind).
  bool is_yakuhai(int kind) const { return tenbin::is_yakuhai(kind, round_wind_, seat_wind()); }
  const std::vector<Tile>& dora_markers() const { return dora_markers_; }
  int tiles_left() const { return tiles_left_; }  // live draws left (70 at the deal)
  int kans() const { return kans_; }
  const SeatView& player(int seat) const { return players_[seat]; }
  const SeatRecord& record(int seat) const { return records_[seat]; }  // since start_game
  // Whether another seat's riichi stands against `seat` (its declaration discard made).
  bool faces_riichi(int seat) const;
  // The most calls (chi, pon, open kan) made by a seat other than `seat`: 0 when no other hand is
  // open. An open hand cannot declare riichi.
  int most_calls_facing(int seat) const;
  // Whether `kind` is safe for `seat` against every riichi standing against it (genbutsu: in that
  // riichi's river, or thrown by anyone since its declaration); false when none stands.
  bool genbutsu(int seat, int kind) const;
  int score(int seat) const { return players_[seat].score; }

  // Our hand.
  const TileCounts& hand() const { return hand_; }
  std::vector<Tile> hand_tiles() const;  // sorted, red fives as such
  std::optional<Tile> last_draw() const { return last_draw_; }
  int red_fives_in_hand() const;
  const Rules& rules() const { return rules_; }

  // Every tile this seat can see: its hand, all rivers and melds, the dora indicators.
  TileCounts visible() const;
  // The kinds that complete our 13-tile hand (empty unless tenpai).
  std::array<bool, kNumKinds> waits() const;
  bool furiten() const;

  // False when `hora` is our own win and our table cannot score it (not a complete hand with a
  // yaku): the server and we disagree about the hand. True for any other event.
  bool can_score_own_win(const Event& hora) const;

  // Scores a win of ours on `tile` (tsumo on our draw or ron on a discard/kakan) in the current
  // situation; no value when the hand is not complete or has no yaku. Ura dora count from
  // `ura_indicators` (the referee knows them; a player does not). Without `collect_sticks` the
  // honba and riichi sticks are left out (the second winner of a double ron).
  std::optional<Score> evaluate_win(Tile tile, bool tsumo, int discarder,
                                    std::span<const Tile> ura_indicators = {},
                                    bool collect_sticks = true) const;

 private:
  void start_kyoku(const Event& event);
  void check_deal_copies(const Event& event);
  void on_draw(const Event& event);
  void on_discard(const Event& event);
  void note_discard_facing_riichi(int actor, int kind);  // the actor's record, before its discard is seen
  void on_call(const Event& event);
  void on_reach_accepted(const Event& event);
  void on_result(const Event& event);
  void note_passed_claim(const Event& event);
  void add_tile(Tile tile);
  void remove_tile(Tile tile);
  bool holds(Tile tile, int copies = 1) const;
  int meld_count() const { return static_cast<int>(players_[seat_].melds.size()); }

  void add_discards(std::vector<Action>& out, bool riichi_tsumogiri_only) const;
  void add_own_draw_actions(std::vector<Action>& out) const;
  void add_claims(std::vector<Action>& out) const;
  void add_kans(std::vector<Action>& out) const;
  bool discard_is_kuikae(Tile tile) const;
  bool riichi_possible() const;
  WinContext win_context(bool tsumo, int discarder) const;
  void offer_claim(Decision claim, Tile tile, int from);

  int seat_;
  Rules rules_;
  bool synchronised_ = false;
  Decision decision_ = Decision::none;
  // The claim on offer that a ron would take (claim_discard, claim_kakan or claim_ankan): unlike
  // the decision it stands through the hand's hora events, so every winner of a multiple ron is
  // scored with the claim (houtei on the last discard, chankan).
  Decision ron_claim_ = Decision::none;

  int round_wind_ = kinds::east;
  int kyoku_ = 1;
  int honba_ = 0;
  int kyotaku_ = 0;
  int dealer_ = 0;
  std::vector<Tile> dora_markers_;
  int tiles_left_ = 70;
  int kans_ = 0;
  bool any_call_ = false;          // a call (or kan) happened this hand
  PerSeat<SeatView> players_{};
  PerSeat<SeatRecord> records_{};

  TileCounts hand_{};
  std::array<bool, 3> red_in_hand_{};  // 5mr 5pr 5sr held
  std::optional<Tile> last_draw_;
  bool rinshan_draw_ = false;      // our current draw came from the dead wall
  int kan_pending_actor_ = -1;     // the next draw of this seat is a rinshan draw
  int last_actor_ = -1;
  Tile claim_tile_{};              // the discard or kan tile on offer
  int claim_from_ = -1;
  Tile called_tile_{};             // our last chi/pon, for kuikae
  TileGroup called_consumed_;
  EventType called_type_ = EventType::none;
  bool temporary_furiten_ = false; // passed a winning tile since our last discard
  bool riichi_furiten_ = false;    // passed a winning tile while in riichi
};

}  // namespace tenbin

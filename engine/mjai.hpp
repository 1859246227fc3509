// mjai events as value types, to and from JSON, with strict validation.
//
// Every event of the protocol (docs/mjai.md: start_game ... end_game, the original server's
// hello/join handshake, error, none) is one `Event`: a flat value holding the fields its
// type uses. Parsing checks every field it reads (tile strings, seat ranges, consumed counts)
// and throws MjaiError with a clear message; fields it does not know are reported as warnings,
// and an unknown event type parses as EventType::unknown, so neither is ever fatal.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/meld.hpp"
#include "engine/seats.hpp"
#include "engine/tile.hpp"

namespace tenbin {

enum class EventType : std::uint8_t {
  hello, join, start_game, start_kyoku, tsumo, dahai, chi, pon, daiminkan, kakan, ankan, dora,
  reach, reach_accepted, hora, ryukyoku, end_kyoku, end_game, error, none, unknown,
};

std::string_view event_type_name(EventType type);

// The meld a call event makes (chi, pon, daiminkan, kakan; anything else reads as ankan).
MeldType meld_type_of(EventType type);

class MjaiError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Up to four tiles (a call's `consumed`), without allocation.
struct TileGroup {
  std::array<Tile, 4> tiles{};
  std::uint8_t size = 0;

  void push(Tile tile) { tiles[size++] = tile; }
  std::span<const Tile> view() const { return {tiles.data(), size}; }
  friend bool operator==(const TileGroup&, const TileGroup&) = default;
};

struct Event {
  EventType type = EventType::none;
  std::string unknown_type;  // the type string of an unknown event

  int actor = -1;
  int target = -1;
  Tile pai{};
  bool has_pai = false;
  bool tsumogiri = false;
  TileGroup consumed;

  // start_game
  int id = -1;  // the receiving seat, when the host says
  std::vector<std::string> names;

  // start_kyoku
  int bakaze = kinds::east;  // kind
  int kyoku = 1;
  int honba = 0;
  int kyotaku = 0;
  int oya = 0;
  std::array<std::array<Tile, 13>, 4> tehais{};
  bool has_scores = false;
  PerSeat<int> scores{};

  // start_kyoku and dora
  Tile dora_marker{};

  // hora and ryukyoku results (when the host sends them)
  bool has_deltas = false;
  PerSeat<int> deltas{};
  std::vector<Tile> ura_markers;
  std::string reason;  // ryukyoku
  bool has_tenpais = false;
  PerSeat<bool> tenpais{};  // ryukyoku at an exhaustive draw (when the host says)

  // hello / join / error
  std::string name;
  std::string room;
  std::string message;
  int protocol_version = 0;

  // Mortal's extension: false means "update only, do not answer".
  bool can_act = true;

  // The original server's own lists (protocol version 3), when it sends them: what the receiving
  // seat may do besides a discard or a pass (on its draw, another's discard or added kan), and
  // the tiles it may not discard (after its chi, pon or riichi). Unreadable lists are ignored.
  bool has_possible_actions = false;
  std::vector<Event> possible_actions;
  bool has_cannot_dahai = false;
  std::vector<Tile> cannot_dahai;

  bool is_call() const;  // chi, pon, daiminkan, kakan, ankan
  // A move a player chooses: a discard, riichi, a call or kan, a win, or kyuushu kyuuhai.
  bool is_player_action() const;
  bool is_kan() const;   // daiminkan, kakan, ankan
};

struct ParsedEvent {
  Event event;
  std::vector<std::string> warnings;  // fields ignored, unknown type
};

// Parses one event object; throws MjaiError (or nlohmann::json::exception for malformed JSON
// types) with a message naming the field.
ParsedEvent parse_event(const nlohmann::json& object);

// The JSON form of an event. Replies use the forms every host accepts (dahai always carries
// tsumogiri, hora carries pai, a kyuushu ryukyoku carries actor and reason).
nlohmann::json event_to_json(const Event& event);

// Short constructors for replies.
Event none_event();

// The event as `seat` receives it: other seats' deals and draws hidden ("?"), its own seat
// number in start_game.
Event mask_event_for_seat(const Event& event, int seat);

}  // namespace tenbin

// RiichiLab's protocol (riichi.dev, protocol v2) as Tenbin reads it: which frames are mjai events
// and which are the host's own messages, the reply to a request_action, and the time a reply may
// take. It is known only from secondary descriptions, so every assumption about it lives in this
// file and docs/riichilab.md; the WebSocket client (riichilab_client) only carries frames.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/action.hpp"
#include "engine/table.hpp"

namespace tenbin::riichilab {

enum class MessageKind : std::uint8_t {
  event,              // an mjai event (start_game ... end_game), for the table and the game log
  request_action,     // the host asks for a move
  action_ack,         // the host's verdict on a reply
  validation_result,  // the end of a /ws/validate game
  host_error,         // {"error": "..."} without a type: the host refuses us; fatal
};

// What a text frame is; throws std::invalid_argument when it is neither a JSON object with a
// string "type" nor a host error.
MessageKind classify(const nlohmann::json& message);

// The text of a host error frame.
std::string host_error_text(const nlohmann::json& message);

// Whether a host error refuses a connection because the bot is still seated in a game (another
// connection's, or the one just ended): worth trying again a little later.
bool says_still_in_game(std::string_view error);

// The clock of one request: a grace per request and a bank per hand (the published defaults
// when the host does not say), and the request's deadline when given.
struct TimeLimits {
  int grace_ms = 3000;
  int bank_ms = 15000;
  std::optional<std::int64_t> deadline_ms;  // Unix time in ms, or (below kRelativeDeadline) ms from now
};

// deadline_ms values below this (about 1973 as Unix time) are read as a duration.
constexpr std::int64_t kRelativeDeadline = 100'000'000'000;

struct ActionRequest {
  std::optional<std::int64_t> request_id;  // absent: a legacy request, answered in arrival order
  nlohmann::json possible_actions = nlohmann::json::array();
  TimeLimits time;
};

// Reads a request_action. Unknown fields (the observation, deadline_ms) are ignored.
ActionRequest read_request(const nlohmann::json& message);

enum class AckStatus : std::uint8_t { accepted, rejected, unparseable, stale, defaulted, unknown };

struct ActionAck {
  std::int64_t request_id = -1;  // -1 when the host did not say
  AckStatus status = AckStatus::unknown;
  std::string status_name;
  std::string reason;
  std::optional<std::int64_t> elapsed_ms;  // the host's time from request to reply
  std::optional<std::int64_t> bank_ms;     // the bank left after it
};

ActionAck read_ack(const nlohmann::json& message);

// The event in the shape the table reads: a `dora_marker` given as an array becomes its first
// tile, a `kakan` whose `consumed` holds the added tile only gets the pon's three tiles (from the
// table). Other events are returned as they are; throws std::invalid_argument for a kakan with no
// pon to add to.
nlohmann::json table_shape(const nlohmann::json& event, const Table& table);

// Whether a start_game or start_kyoku is a three-player game's (three names, hands or scores).
bool is_three_player(const nlohmann::json& event);

// Whether the URL is RiichiLab's validation game, which is East-only (path /ws/validate).
bool is_east_only_url(std::string_view url);

// The index of the offered member that is `chosen` (compared on the fields the member has; a
// member's own tsumogiri flag preferred when it matches; a kakan member's `consumed` only when it
// lists the whole pon), or nothing.
std::optional<std::size_t> find_offered(const nlohmann::json& possible_actions, const Action& chosen,
                                        int seat);

// The member sent when the strategy's move is not on offer or there is none: a pass, else the
// discard of `drawn` (our last draw, found by its tile), else the first member; nothing when
// nothing is offered.
std::optional<std::size_t> fallback_member(const nlohmann::json& possible_actions, std::optional<Tile> drawn);

// The reply frame: the offered member with the request's id (when it has one) and our seat as
// actor.
std::string reply_text(const nlohmann::json& member, std::optional<std::int64_t> request_id, int seat);

// The time of one decision, from the request's arrival. An ordinary decision fits in the grace
// less the round trip and a margin, so it never spends bank; past `ordinary` only a rare slow
// decision goes on, until `cutoff` (a quarter of the bank at most, never past the deadline), when
// the fallback is sent.
struct DecisionTimes {
  std::chrono::milliseconds ordinary{0};
  std::chrono::milliseconds cutoff{0};
};

// The margin kept below each limit for the reply's way out.
constexpr std::chrono::milliseconds kReplyMargin{100};

// `round_trip`: the host's time to a reply less ours, as its acks showed; `now_unix_ms` reads an
// absolute deadline.
DecisionTimes decision_times(const TimeLimits& time, std::chrono::milliseconds round_trip, std::int64_t now_unix_ms);

// The strategy's work budget for an ordinary decision: at most half its time, never above
// `configured`.
int strategy_budget_ms(std::chrono::milliseconds ordinary, int configured_ms);

}  // namespace tenbin::riichilab

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

namespace tenbin::riichilab {

enum class MessageKind : std::uint8_t {
  event,              // an mjai event (start_game ... end_game), for the table and the game log
  request_action,     // the host asks for a move
  action_ack,         // the host's verdict on a reply
  validation_result,  // the end of a /ws/validate game
};

// What a text frame is; throws std::invalid_argument when it is not a JSON object with a string
// "type".
MessageKind classify(const nlohmann::json& message);

// The clock of one request: a grace per request and a bank per hand (the published defaults
// when the host does not say).
struct TimeLimits {
  int grace_ms = 3000;
  int bank_ms = 15000;
};

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
};

ActionAck read_ack(const nlohmann::json& message);

// The index of the offered member that is `chosen` (compared on the fields the member has; a
// member's own tsumogiri flag preferred when it matches), or nothing.
std::optional<std::size_t> find_offered(const nlohmann::json& possible_actions, const Action& chosen,
                                        int seat);

// The member sent when the strategy's move is not on offer or there is none: a pass, else the
// drawn tile's discard, else the first member; nothing when nothing is offered.
std::optional<std::size_t> fallback_member(const nlohmann::json& possible_actions);

// The reply frame: the offered member with the request's id (when it has one) and our seat as
// actor.
std::string reply_text(const nlohmann::json& member, std::optional<std::int64_t> request_id, int seat);

// How long the strategy may think before the reply falls back: half the grace and an eighth of
// the bank, so even a slow decision leaves the reply well inside the time.
std::chrono::milliseconds thinking_time(const TimeLimits& time);

// The strategy's work budget for that time: at most half of it, never above `configured`.
int strategy_budget_ms(std::chrono::milliseconds thinking, int configured_ms);

}  // namespace tenbin::riichilab

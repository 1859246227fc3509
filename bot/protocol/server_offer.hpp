// The original server's own lists of what the seat may do (protocol version 3: possible_actions
// on our draw and on another's discard or added kan, cannot_dahai after our chi, pon or riichi),
// checked against the table's legal actions. The reply is chosen among the actions both allow,
// so it is always one the server offered; every disagreement is described for the log.
#pragma once

#include <string>
#include <vector>

#include "engine/action.hpp"
#include "engine/mjai.hpp"

namespace tenbin {

struct OfferCheck {
  std::vector<Action> allowed;          // the legal actions the server offers too
  std::vector<std::string> mismatches;  // where the server's lists and the table disagree
};

// Without lists on the event, every legal action is allowed. A discard or a pass is offered unless
// a list says otherwise (cannot_dahai; a possible_actions that lists discards or passes itself).
OfferCheck check_offer(const Event& event, int seat, const std::vector<Action>& legal);

// The original server sends its lists on our draw and on another seat's discard or added kan
// only; on any other event of another seat (a closed kan: a thirteen-orphans rob) its validator
// accepts nothing but a pass. Returns the legal actions it would accept there (none, when
// legal), else `legal` unchanged.
std::vector<Action> original_server_accepts(const Event& event, int seat, std::vector<Action> legal);

}  // namespace tenbin

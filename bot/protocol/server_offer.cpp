#include "bot/protocol/server_offer.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace tenbin {
namespace {

std::string shown(const Action& action, int seat) { return event_to_json(action.to_event(seat)).dump(); }

bool listed(const std::vector<Action>& actions, const Action& action) {
  return std::any_of(actions.begin(), actions.end(), [&](const Action& a) { return same_action(a, action); });
}

bool lists_type(const std::vector<Action>& actions, EventType type) {
  return std::any_of(actions.begin(), actions.end(), [&](const Action& a) { return a.type == type; });
}

bool forbidden_discard(const Event& event, const Action& action) {
  if (action.type != EventType::dahai || !event.has_cannot_dahai) return false;
  return std::any_of(event.cannot_dahai.begin(), event.cannot_dahai.end(),
                     [&](Tile tile) { return tile.kind() == action.pai.kind(); });
}

// Whether the server offers `action`: a discard or a pass is implied unless the list names that
// kind of action itself; anything else must be listed.
bool offered(const Event& event, const std::vector<Action>& offers, const Action& action) {
  if (forbidden_discard(event, action)) return false;
  if (!event.has_possible_actions) return true;
  const bool implied = (action.type == EventType::dahai || action.type == EventType::none) && !lists_type(offers, action.type);
  return implied || listed(offers, action);
}

}  // namespace

std::vector<Action> original_server_accepts(const Event& event, int seat, std::vector<Action> legal) {
  const bool listed_there = event.actor == seat || event.type == EventType::dahai || event.type == EventType::kakan;
  if (listed_there || event.has_possible_actions) return legal;
  std::erase_if(legal, [](const Action& action) { return action.type != EventType::none; });
  return legal;
}

OfferCheck check_offer(const Event& event, int seat, const std::vector<Action>& legal) {
  OfferCheck check;
  if (!event.has_possible_actions && !event.has_cannot_dahai) {
    check.allowed = legal;
    return check;
  }
  std::vector<Action> offers;
  for (const Event& item : event.possible_actions) offers.push_back(Action::from_event(item));
  for (const Action& action : legal) {
    if (offered(event, offers, action)) {
      check.allowed.push_back(action);
    } else {
      check.mismatches.push_back("the table allows " + shown(action, seat) + ", the server does not");
    }
  }
  for (const Action& offer : offers) {
    if (!listed(legal, offer)) check.mismatches.push_back("the server offers " + shown(offer, seat) + ", the table does not");
  }
  if (check.allowed.empty()) {
    check.mismatches.push_back("no legal action is offered: choosing among the table's own");
    check.allowed = legal;
  }
  return check;
}

}  // namespace tenbin

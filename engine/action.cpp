#include "engine/action.hpp"

#include <algorithm>
#include <span>

namespace tenbin {
namespace {

// Equal as multisets (hosts compare `consumed` without regard to order).
bool same_tiles(std::span<const Tile> a, std::span<const Tile> b) {
  if (a.size() != b.size()) return false;
  return std::all_of(a.begin(), a.end(), [&](Tile tile) {
    return std::count(a.begin(), a.end(), tile) == std::count(b.begin(), b.end(), tile);
  });
}

}  // namespace

Event Action::to_event(int actor) const {
  Event event;
  event.type = type;
  if (type == EventType::none) return event;
  event.actor = actor;
  event.target = target;
  event.pai = pai;
  event.has_pai = type != EventType::ankan && type != EventType::reach && type != EventType::ryukyoku;
  event.tsumogiri = tsumogiri;
  event.consumed = consumed;
  if (type == EventType::ryukyoku) event.reason = "kyushukyuhai";
  return event;
}

Action Action::from_event(const Event& event) {
  Action action;
  action.type = event.type;
  action.pai = event.pai;
  action.tsumogiri = event.tsumogiri;
  action.consumed = event.consumed;
  action.target = event.target;
  return action;
}

bool same_action(const Action& a, const Action& b) {
  if (a.type != b.type) return false;
  switch (a.type) {
    case EventType::dahai: return a.pai == b.pai;
    case EventType::chi:
    case EventType::pon:
    case EventType::daiminkan:
    case EventType::kakan:
      return a.pai == b.pai && same_tiles(a.consumed.view(), b.consumed.view());
    case EventType::ankan: return same_tiles(a.consumed.view(), b.consumed.view());
    default: return true;
  }
}

bool is_kuikae(EventType call, int called_kind, const TileGroup& consumed, int discard_kind) {
  if (discard_kind == called_kind) return true;
  if (call != EventType::chi) return false;
  const int low = std::min(consumed.tiles[0].kind(), consumed.tiles[1].kind());
  const int high = std::max(consumed.tiles[0].kind(), consumed.tiles[1].kind());
  if (high != low + 1) return false;  // kanchan call
  if (called_kind == low - 1 && high % 9 < 8) return discard_kind == high + 1;
  if (called_kind == high + 1 && low % 9 > 0) return discard_kind == low - 1;
  return false;
}

}  // namespace tenbin

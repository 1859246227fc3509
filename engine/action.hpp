// A reply a seat may send (discard, call, kan, riichi, win, kyuushu or pass), and how two replies
// are compared the way hosts compare them.
#pragma once

#include "engine/mjai.hpp"
#include "engine/tile.hpp"

namespace tenbin {

// A reply a seat may send. `pai` is the discard, the called or added tile, or the winning tile.
struct Action {
  EventType type = EventType::none;
  Tile pai{};
  bool tsumogiri = false;
  TileGroup consumed;
  int target = -1;

  Event to_event(int actor) const;
  // The action an event records (a reply parsed, or a player's move in a log).
  static Action from_event(const Event& event);
  friend bool operator==(const Action&, const Action&) = default;
};

// Whether a reply is one of the legal actions (tsumogiri and consumed order aside as hosts do).
bool same_action(const Action& a, const Action& b);

}  // namespace tenbin

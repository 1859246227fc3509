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

// Kuikae: after a chi or pon, the called kind may not be discarded, nor after a chi with the
// called tile at one end the kind beyond the other end (suji kuikae: 4-56 forbids 7).
bool is_kuikae(EventType call, int called_kind, const TileGroup& consumed, int discard_kind);

}  // namespace tenbin

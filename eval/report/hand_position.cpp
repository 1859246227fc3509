#include "eval/report/hand_position.hpp"

#include <numeric>
#include <stdexcept>

namespace tenbin::arena {

int identity_of(Tile tile) { return tile.is_red() ? kNumKinds + suit_of(tile.kind()) : tile.kind(); }

Tile tile_of_identity(int identity) {
  return identity < kNumKinds ? Tile::of(identity) : Tile::of(five_of_suit(identity - kNumKinds), true);
}

UnseenTiles full_wall() {
  UnseenTiles tiles{};
  for (int kind = 0; kind < kNumKinds; ++kind) tiles[kind] = is_five(kind) ? 3 : 4;
  for (int suit = 0; suit < 3; ++suit) tiles[kNumKinds + suit] = 1;
  return tiles;
}

int HandPosition::unseen_total() const { return std::accumulate(unseen.begin(), unseen.end(), 0); }

int HandPosition::dora_held(int seat) const {
  int dora = reds[seat];
  for (int i = 0; i < indicators; ++i) dora += concealed[seat][dora_kinds[i]] + melded[seat][dora_kinds[i]];
  return dora;
}

void HandPosition::take_unseen(Tile tile) {
  if (tile.is_hidden()) throw std::invalid_argument("a hidden tile: the log does not show every seat's tiles");
  std::uint8_t& left = unseen[identity_of(tile)];
  if (left == 0) throw std::invalid_argument("a fifth " + tile.to_string() + ": the log is not one wall's game");
  --left;
}

void HandPosition::add_concealed(int seat, Tile tile) {
  if (total_tiles(concealed[seat]) >= 14) {
    throw std::invalid_argument("seat " + std::to_string(seat) + " would hold more than 14 tiles: the log is not a game");
  }
  ++concealed[seat][tile.kind()];
  if (tile.is_red()) ++reds[seat];
}

void HandPosition::deal(int seat, Tile tile) {
  take_unseen(tile);
  add_concealed(seat, tile);
  ++dealt[seat];
}

void HandPosition::draw(int seat, Tile tile) {
  take_unseen(tile);
  add_concealed(seat, tile);
  ++draws;
  last_drawer = seat;
  last_draw = tile;
}

void HandPosition::reveal_indicator(Tile tile) {
  if (indicators >= 5) throw std::invalid_argument("a sixth dora indicator");
  take_unseen(tile);
  dora_kinds[indicators++] = dora_from_indicator(tile.kind());
}

void HandPosition::discard(int seat, Tile tile) {
  remove_concealed(seat, tile);
  const std::uint64_t kind = std::uint64_t{1} << tile.kind();
  river[seat] |= kind;
  for (int other = 0; other < 4; ++other) {
    if (riichi[other]) safe_against[other] |= kind;
  }
}

void HandPosition::remove_concealed(int seat, Tile tile) {
  std::uint8_t& held = concealed[seat][tile.kind()];
  if (held == 0) throw std::invalid_argument("seat " + std::to_string(seat) + " discards " + tile.to_string() + " it does not hold");
  --held;
  if (tile.is_red()) --reds[seat];
  last_drawer = -1;
}

void HandPosition::call(const Event& event) {
  const int seat = event.actor;
  last_drawer = -1;
  const auto meld = [&](Tile tile) {
    ++melded[seat][tile.kind()];
    if (tile.is_red()) ++reds[seat];
  };
  if (event.type == EventType::kakan) {
    // The added tile leaves the hand; `consumed` names the pon's tiles, already called.
    remove_concealed(seat, event.pai);
    meld(event.pai);
    upgrade_pon(seat, event);
    return;
  }
  for (const Tile tile : event.consumed.view()) {
    remove_concealed(seat, tile);
    meld(tile);
  }
  // The called tile of chi, pon and daiminkan: another seat's discard, already out of its hand.
  if (event.type != EventType::ankan) meld(event.pai);
  if (calls[seat] >= 4) throw std::invalid_argument("a fifth call: the log is not a game");
  melds[seat][static_cast<std::size_t>(calls[seat])] =
      Meld::make(meld_type_of(event.type), event.pai, event.consumed.view(), event.target);
  ++calls[seat];
}

void HandPosition::upgrade_pon(int seat, const Event& event) {
  for (int i = 0; i < calls[seat]; ++i) {
    Meld& pon = melds[seat][static_cast<std::size_t>(i)];
    if (pon.type != MeldType::pon || pon.kind() != event.pai.kind()) continue;
    pon = Meld::make(MeldType::kakan, event.pai, event.consumed.view(), pon.target);
    return;
  }
  throw std::invalid_argument("a kakan without its pon: the log is not a game");
}

}  // namespace tenbin::arena

// Every action a seat may take at its decision, and the reply that is always acceptable.
#include <algorithm>
#include <initializer_list>

#include "engine/shanten.hpp"
#include "engine/table.hpp"
#include "engine/waits.hpp"

namespace tenbin {
namespace {

Action discard(Tile tile, bool tsumogiri) {
  Action action;
  action.type = EventType::dahai;
  action.pai = tile;
  action.tsumogiri = tsumogiri;
  return action;
}

Action pass() { return Action{}; }

}  // namespace

bool Table::discard_is_kuikae(Tile tile) const {
  if (called_type_ == EventType::none) return false;
  return is_kuikae(called_type_, called_tile_.kind(), called_consumed_, tile.kind());
}

void Table::add_discards(std::vector<Action>& out, bool riichi_tsumogiri_only) const {
  if (riichi_tsumogiri_only) {
    if (last_draw_) out.push_back(discard(*last_draw_, true));
    return;
  }
  const std::vector<Tile> tiles = hand_tiles();
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const Tile tile = tiles[i];
    if (i > 0 && tiles[i - 1] == tile) continue;
    if (discard_is_kuikae(tile)) continue;
    if (decision_ == Decision::discard_after_riichi) {
      TileCounts after = hand_;
      --after[tile.kind()];
      if (shanten(after) != 0) continue;
    }
    const bool is_draw = last_draw_ && *last_draw_ == tile;
    if (is_draw) out.push_back(discard(tile, true));
    const int copies = static_cast<int>(std::count(tiles.begin(), tiles.end(), tile));
    if (!is_draw || copies >= 2) out.push_back(discard(tile, false));
  }
}

bool Table::riichi_possible() const {
  const SeatView& me = players_[seat_];
  if (me.riichi_declared || !me.closed()) return false;
  if (me.score < rules_.riichi_stick || tiles_left_ < 4) return false;
  TileCounts after = hand_;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (after[kind] == 0) continue;
    --after[kind];
    const bool tenpai = shanten(after) == 0;
    ++after[kind];
    if (tenpai) return true;
  }
  return false;
}

void Table::add_kans(std::vector<Action>& out) const {
  if (kans_ >= 4 || tiles_left_ <= 0) return;
  const SeatView& me = players_[seat_];
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (hand_[kind] != kCopiesPerKind) continue;
    if (me.riichi) {
      // Tenhou: in riichi only the drawn tile's kind, and only if the waits stay the same.
      if (!last_draw_ || last_draw_->kind() != kind) continue;
      TileCounts before = hand_;
      --before[kind];
      TileCounts after = hand_;
      after[kind] = 0;
      if (waits_of(before) != waits_of(after)) continue;
    }
    Action kan;
    kan.type = EventType::ankan;
    const bool red = number_of(kind) == 5 && kind < kinds::east && red_in_hand_[suit_of(kind)];
    for (int i = 0; i < kCopiesPerKind; ++i) kan.consumed.push(Tile::of(kind, red && i == 0));
    kan.pai = kan.consumed.tiles[0];
    out.push_back(kan);
  }
  if (me.riichi) return;
  for (const Meld& meld : me.melds) {
    if (meld.type != MeldType::pon || hand_[meld.kind()] == 0) continue;
    Action kan;
    kan.type = EventType::kakan;
    const bool red_held = holds(Tile::of(meld.kind(), true)) && number_of(meld.kind()) == 5 && meld.kind() < kinds::east;
    kan.pai = Tile::of(meld.kind(), red_held);
    for (int i = 0; i < 3; ++i) kan.consumed.push(meld.tiles[i]);
    out.push_back(kan);
  }
}

void Table::add_own_draw_actions(std::vector<Action>& out) const {
  const SeatView& me = players_[seat_];
  if (last_draw_ && evaluate_win(*last_draw_, true, seat_)) {
    Action win;
    win.type = EventType::hora;
    win.pai = *last_draw_;
    win.target = seat_;
    out.push_back(win);
  }
  add_discards(out, me.riichi);
  if (riichi_possible()) {
    Action reach;
    reach.type = EventType::reach;
    out.push_back(reach);
  }
  add_kans(out);
  // Kyuushu kyuuhai: our first draw of an uninterrupted first go-round, nine kinds of orphans.
  if (me.river.empty() && !any_call_) {
    int orphans = 0;
    for (const int kind : kOrphanKinds) orphans += hand_[kind] > 0 ? 1 : 0;
    if (orphans >= 9) {
      Action abort;
      abort.type = EventType::ryukyoku;
      out.push_back(abort);
    }
  }
}

void Table::add_claims(std::vector<Action>& out) const {
  const Tile tile = claim_tile_;
  const int kind = tile.kind();
  const SeatView& me = players_[seat_];
  const bool wait = waits()[kind];
  if (wait && !furiten()) {
    const bool kokushi_only = decision_ == Decision::claim_ankan;
    const auto score = evaluate_win(tile, false, claim_from_);
    if (score && (!kokushi_only || score->yaku.contains(Yaku::kokushi) ||
                  score->yaku.contains(Yaku::kokushi_13))) {
      Action win;
      win.type = EventType::hora;
      win.pai = tile;
      win.target = claim_from_;
      out.push_back(win);
    }
  }
  if (decision_ != Decision::claim_discard || me.riichi || tiles_left_ <= 0) return;

  const bool red_held = number_of(kind) == 5 && kind < kinds::east && red_in_hand_[suit_of(kind)];
  const int plain = hand_[kind] - (red_held ? 1 : 0);
  const auto call = [&](EventType type, std::initializer_list<Tile> consumed) {
    Action action;
    action.type = type;
    action.pai = tile;
    action.target = claim_from_;
    for (const Tile t : consumed) action.consumed.push(t);
    // A call must leave some discard that is not kuikae.
    if (type == EventType::chi || type == EventType::pon) {
      TileCounts after = hand_;
      for (const Tile t : consumed) --after[t.kind()];
      bool some_discard = false;
      for (int k = 0; k < kNumKinds && !some_discard; ++k) {
        some_discard = after[k] > 0 && !is_kuikae(type, kind, action.consumed, k);
      }
      if (!some_discard) return;
    }
    out.push_back(action);
  };
  const Tile five_red = Tile::of(kind, true);
  const Tile plain_tile = Tile::of(kind, false);
  // Pon: two from hand, with or without the red five.
  if (plain >= 2) call(EventType::pon, {plain_tile, plain_tile});
  if (red_held && plain >= 1) call(EventType::pon, {five_red, plain_tile});
  // Daiminkan: all three.
  if (kans_ < 4 && hand_[kind] == 3) {
    if (red_held) {
      call(EventType::daiminkan, {five_red, plain_tile, plain_tile});
    } else {
      call(EventType::daiminkan, {plain_tile, plain_tile, plain_tile});
    }
  }
  // Chi: from the seat on our left, numbered tiles, every shape and red choice.
  if (claim_from_ != (seat_ + 3) % 4 || is_honor(kind)) return;
  const ChiPartners partners = chi_partners(kind);
  for (int i = 0; i < partners.count; ++i) {
    const std::array<int, 2>& others = partners.pairs[i];
    if (hand_[others[0]] == 0 || hand_[others[1]] == 0) continue;
    // Each of the two may be the red five or a plain one when both exist.
    const auto choices = [&](int k) {
      std::vector<Tile> options;
      const bool has_red = number_of(k) == 5 && red_in_hand_[suit_of(k)];
      if (hand_[k] - (has_red ? 1 : 0) > 0) options.push_back(Tile::of(k, false));
      if (has_red) options.push_back(Tile::of(k, true));
      return options;
    };
    for (const Tile a : choices(others[0])) {
      for (const Tile b : choices(others[1])) call(EventType::chi, {a, b});
    }
  }
}

std::vector<Action> Table::legal_actions() const {
  std::vector<Action> out;
  switch (decision()) {
    case Decision::none: return out;
    case Decision::own_draw: add_own_draw_actions(out); return out;
    case Decision::discard_after_call:
    case Decision::discard_after_riichi: add_discards(out, false); return out;
    case Decision::claim_discard:
    case Decision::claim_kakan:
    case Decision::claim_ankan:
      add_claims(out);
      if (!out.empty()) out.push_back(pass());
      return out;
  }
  return out;
}

Action Table::safe_action() const {
  switch (decision_) {
    case Decision::own_draw:
      if (last_draw_) return discard(*last_draw_, true);
      break;
    case Decision::discard_after_call:
    case Decision::discard_after_riichi: {
      const auto actions = legal_actions();
      if (!actions.empty()) return actions.front();
      break;
    }
    default: break;
  }
  return pass();
}

}  // namespace tenbin

#include "engine/table.hpp"

#include <algorithm>

#include "engine/agari.hpp"
#include "engine/shanten.hpp"
#include "engine/waits.hpp"

namespace tenbin {
namespace {

constexpr int kLiveDraws = 70;  // 136 - 52 dealt - 14 dead wall; rinshan draws count too

[[noreturn]] void contradiction(const std::string& why) { throw TableError(why); }


Action discard(Tile tile, bool tsumogiri) {
  Action action;
  action.type = EventType::dahai;
  action.pai = tile;
  action.tsumogiri = tsumogiri;
  return action;
}

Action pass() { return Action{}; }

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

bool SeatView::closed() const {
  return std::all_of(melds.begin(), melds.end(), [](const Meld& m) { return !m.is_open(); });
}

Table::Table(int seat, const Rules& rules) : seat_(seat), rules_(rules) {
  for (auto& player : players_) player.score = rules_.starting_points;
}

// --- applying events ---------------------------------------------------------------------------

void Table::apply(const Event& event) {
  // Session messages and unknown types carry nothing for the table: a decision stands.
  if (event.type == EventType::hello || event.type == EventType::join || event.type == EventType::none ||
      event.type == EventType::unknown) {
    return;
  }
  if (event.type == EventType::start_game) {
    if (event.id >= 0) seat_ = event.id;
    for (auto& player : players_) player.score = rules_.starting_points;
    synchronised_ = false;
    decision_ = Decision::none;
    return;
  }
  if (event.type == EventType::start_kyoku) {
    synchronised_ = false;
    start_kyoku(event);
    synchronised_ = true;
    return;
  }
  if (!synchronised_) return;
  try {
    note_passed_claim(event);
    decision_ = Decision::none;
    switch (event.type) {
      case EventType::tsumo: on_draw(event); break;
      case EventType::dahai: on_discard(event); break;
      case EventType::chi:
      case EventType::pon:
      case EventType::daiminkan:
      case EventType::kakan:
      case EventType::ankan: on_call(event); break;
      case EventType::dora: dora_markers_.push_back(event.dora_marker); break;
      case EventType::reach:
        if (players_[event.actor].hand_size % 3 != 2 || players_[event.actor].riichi_declared) {
          contradiction("reach: seat " + std::to_string(event.actor) + " cannot declare now");
        }
        players_[event.actor].riichi_declared = true;
        if (event.actor == seat_) decision_ = Decision::discard_after_riichi;
        break;
      case EventType::reach_accepted: on_reach_accepted(event); break;
      case EventType::hora:
      case EventType::ryukyoku: on_result(event); break;
      default: break;
    }
    last_actor_ = event.actor;
  } catch (const TableError&) {
    synchronised_ = false;
    decision_ = Decision::none;
    throw;
  }
}

void Table::start_kyoku(const Event& event) {
  round_wind_ = event.bakaze;
  kyoku_ = event.kyoku;
  honba_ = event.honba;
  kyotaku_ = event.kyotaku;
  dealer_ = event.oya;
  dora_markers_.assign(1, event.dora_marker);
  tiles_left_ = kLiveDraws;
  kans_ = 0;
  any_call_ = false;
  for (int s = 0; s < 4; ++s) {
    const int score = event.has_scores ? event.scores[s] : players_[s].score;
    players_[s] = SeatView{};
    players_[s].score = score;
  }
  hand_ = {};
  red_in_hand_ = {};
  for (const Tile tile : event.tehais[seat_]) {
    if (tile.is_hidden()) contradiction("start_kyoku: our own hand holds \"?\"");
    add_tile(tile);
  }
  last_draw_.reset();
  rinshan_draw_ = false;
  kan_pending_actor_ = -1;
  last_actor_ = -1;
  claim_from_ = -1;
  called_type_ = EventType::none;
  temporary_furiten_ = false;
  riichi_furiten_ = false;
  decision_ = Decision::none;
}

// A winning tile that was on offer and not taken makes us furiten (Tenhou: until our next
// discard; in riichi for the rest of the hand). Applied as the next event arrives, so the offer
// itself is judged before it.
void Table::note_passed_claim(const Event& event) {
  const bool was_offer = decision_ == Decision::claim_discard || decision_ == Decision::claim_kakan ||
                         decision_ == Decision::claim_ankan ||
                         (claim_from_ >= 0 && claim_from_ != seat_);
  if (!was_offer || claim_from_ < 0) return;
  const bool we_won = event.type == EventType::hora && event.actor == seat_;
  // Only thirteen orphans may rob an ankan; for any other hand that tile was never on offer.
  const bool on_offer = decision_ != Decision::claim_ankan || shanten_kokushi(hand_) == 0;
  if (!we_won && on_offer && waits()[claim_tile_.kind()]) {
    temporary_furiten_ = true;
    if (players_[seat_].riichi) riichi_furiten_ = true;
  }
  claim_from_ = -1;
}

void Table::on_draw(const Event& event) {
  if (tiles_left_ <= 0) contradiction("tsumo: the live wall is already empty");
  --tiles_left_;
  const bool rinshan = kan_pending_actor_ == event.actor;
  kan_pending_actor_ = -1;
  // A kakan breaks ippatsu only once it stands (nobody robbed it): at the rinshan draw.
  if (rinshan) {
    for (auto& p : players_) p.ippatsu = false;
  }
  if (event.actor != seat_) {
    SeatView& player = players_[event.actor];
    if (player.hand_size % 3 != 1) {
      contradiction("tsumo: seat " + std::to_string(event.actor) + " draws holding " +
                    std::to_string(player.hand_size) + " tiles");
    }
    ++player.hand_size;
    return;
  }
  if (event.pai.is_hidden()) contradiction("tsumo: our own draw is \"?\"");
  if (total_tiles(hand_) % 3 != 1) {
    contradiction("tsumo: a draw for us while we hold " + std::to_string(total_tiles(hand_)) + " tiles");
  }
  add_tile(event.pai);
  ++players_[seat_].hand_size;
  last_draw_ = event.pai;
  rinshan_draw_ = rinshan;
  decision_ = Decision::own_draw;
}

void Table::on_discard(const Event& event) {
  SeatView& player = players_[event.actor];
  if (player.hand_size % 3 != 2) {
    contradiction("dahai: seat " + std::to_string(event.actor) + " discards holding " +
                  std::to_string(player.hand_size) + " tiles");
  }
  if (event.actor == seat_) {
    if (!holds(event.pai)) contradiction("dahai: we do not hold " + event.pai.to_string());
    remove_tile(event.pai);
    last_draw_.reset();
    temporary_furiten_ = false;
    called_type_ = EventType::none;
  }
  --player.hand_size;
  const bool declaration = player.riichi_declared && !player.riichi;
  if (declaration) {
    player.riichi = true;
    player.riichi_river_index = static_cast<int>(player.river.size());
    // Double riichi: declared on the seat's first discard with no call before it.
    player.double_riichi = player.river.empty() && !any_call_;
  } else if (player.ippatsu) {
    player.ippatsu = false;  // ippatsu lasts until the seat's next discard
  }
  player.river.push_back({event.pai, event.tsumogiri, declaration, false});
  ++player.discarded[event.pai.kind()];
  for (SeatView& other : players_) {
    if (other.riichi && &other != &player) ++other.passed_in_riichi[event.pai.kind()];
  }
  if (!declaration && player.riichi) ++player.passed_in_riichi[event.pai.kind()];
  if (event.actor != seat_) {
    claim_tile_ = event.pai;
    claim_from_ = event.actor;
    decision_ = Decision::claim_discard;
  }
}

void Table::on_call(const Event& event) {
  SeatView& player = players_[event.actor];
  const MeldType type = meld_type_of(event.type);
  const std::string what = std::string(event_type_name(event.type)) + ": seat " + std::to_string(event.actor);
  // Calls on a discard come from a 3n+1 hand and take the last tile of the target's river;
  // kans from hand are declared holding 3n+2.
  if (type == MeldType::ankan || type == MeldType::kakan) {
    if (player.hand_size % 3 != 2) contradiction(what + " holds " + std::to_string(player.hand_size) + " tiles");
  } else {
    const std::vector<RiverTile>& river = players_[event.target].river;
    if (player.hand_size % 3 != 1 || river.empty() || river.back().called_away ||
        river.back().tile.kind() != event.pai.kind()) {
      contradiction(what + " calls " + event.pai.to_string() + ", not the last discard of seat " +
                    std::to_string(event.target));
    }
  }
  any_call_ = true;
  // Any call breaks every ippatsu; a kakan only if it is not robbed (see on_draw).
  if (type != MeldType::kakan) {
    for (auto& p : players_) p.ippatsu = false;
  }
  if (event.is_kan()) {
    if (kans_ >= 4) contradiction(std::string(event_type_name(event.type)) + ": a fifth kan");
    ++kans_;
    kan_pending_actor_ = event.actor;
  }

  if (type == MeldType::kakan) {
    auto pon = std::find_if(player.melds.begin(), player.melds.end(), [&](const Meld& m) {
      return m.type == MeldType::pon && m.kind() == event.pai.kind();
    });
    if (pon == player.melds.end()) contradiction("kakan: seat " + std::to_string(event.actor) + " has no pon of " + event.pai.to_string());
    if (event.actor == seat_) {
      if (!holds(event.pai)) contradiction("kakan: we do not hold " + event.pai.to_string());
      remove_tile(event.pai);
    }
    *pon = Meld::make(MeldType::kakan, event.pai, event.consumed.view(), pon->target);
    --player.hand_size;
    if (event.actor != seat_) {
      claim_tile_ = event.pai;
      claim_from_ = event.actor;
      decision_ = Decision::claim_kakan;
    }
    return;
  }

  if (event.actor == seat_) {
    TileCounts needed{};
    for (const Tile tile : event.consumed.view()) ++needed[tile.kind()];
    for (const Tile tile : event.consumed.view()) {
      if (!holds(tile)) contradiction(std::string(event_type_name(event.type)) + ": we do not hold " + tile.to_string());
      remove_tile(tile);
    }
    last_draw_.reset();
  }
  player.hand_size -= event.consumed.size;
  const int target = type == MeldType::ankan ? -1 : event.target;
  player.melds.push_back(Meld::make(type, event.pai, event.consumed.view(), target));
  if (target >= 0 && !players_[target].river.empty()) players_[target].river.back().called_away = true;

  if (event.actor == seat_ && (type == MeldType::chi || type == MeldType::pon)) {
    called_type_ = event.type;
    called_tile_ = event.pai;
    called_consumed_ = event.consumed;
    decision_ = Decision::discard_after_call;
  }
  if (event.actor != seat_ && type == MeldType::ankan) {
    claim_tile_ = event.consumed.tiles[0];
    claim_from_ = event.actor;
    decision_ = Decision::claim_ankan;
  }
}

void Table::on_reach_accepted(const Event& event) {
  SeatView& player = players_[event.actor];
  if (!player.riichi || player.riichi_accepted) {
    contradiction("reach_accepted: seat " + std::to_string(event.actor) + " made no riichi discard");
  }
  player.riichi_accepted = true;
  player.riichi = true;
  player.ippatsu = true;
  ++kyotaku_;
  if (event.has_scores) {
    for (int s = 0; s < 4; ++s) players_[s].score = event.scores[s];
  } else if (event.has_deltas) {
    for (int s = 0; s < 4; ++s) players_[s].score += event.deltas[s];
  } else {
    player.score -= rules_.riichi_stick;
  }
}

void Table::on_result(const Event& event) {
  if (event.has_scores) {
    for (int s = 0; s < 4; ++s) players_[s].score = event.scores[s];
  } else if (event.has_deltas) {
    for (int s = 0; s < 4; ++s) players_[s].score += event.deltas[s];
  }
  if (event.type == EventType::hora) kyotaku_ = 0;
}

// --- our hand ----------------------------------------------------------------------------------

void Table::add_tile(Tile tile) {
  if (hand_[tile.kind()] >= kCopiesPerKind) contradiction("a fifth " + kind_to_string(tile.kind()) + " in our hand");
  ++hand_[tile.kind()];
  if (tile.is_red()) red_in_hand_[suit_of(tile.kind())] = true;
}

bool Table::holds(Tile tile, int copies) const {
  const int kind = tile.kind();
  if (tile.is_hidden()) return false;
  // Only fives come red; asking about a red honour must not index past the three suits.
  if (tile.is_red()) return number_of(kind) == 5 && red_in_hand_[suit_of(kind)] && copies == 1;
  const int red = (number_of(kind) == 5 && kind < kinds::east && red_in_hand_[suit_of(kind)]) ? 1 : 0;
  return hand_[kind] - red >= copies;
}

void Table::remove_tile(Tile tile) {
  --hand_[tile.kind()];
  if (tile.is_red()) red_in_hand_[suit_of(tile.kind())] = false;
}

std::vector<Tile> Table::hand_tiles() const {
  std::vector<Tile> tiles;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    const bool red = number_of(kind) == 5 && kind < kinds::east && red_in_hand_[suit_of(kind)];
    for (int i = 0; i < hand_[kind]; ++i) tiles.push_back(Tile::of(kind, red && i == hand_[kind] - 1));
  }
  return tiles;
}

int Table::red_fives_in_hand() const {
  return static_cast<int>(std::count(red_in_hand_.begin(), red_in_hand_.end(), true));
}

TileCounts Table::visible() const {
  TileCounts seen = hand_;
  for (const SeatView& player : players_) {
    for (const RiverTile& r : player.river) {
      if (!r.called_away) ++seen[r.tile.kind()];
    }
    for (const Meld& meld : player.melds) {
      for (const Tile tile : meld.all_tiles()) ++seen[tile.kind()];
    }
  }
  for (const Tile marker : dora_markers_) ++seen[marker.kind()];
  for (auto& count : seen) count = std::min<std::uint8_t>(count, kCopiesPerKind);
  return seen;
}

std::array<bool, kNumKinds> Table::waits() const {
  std::array<bool, kNumKinds> out{};
  if (total_tiles(hand_) % 3 != 1) return out;
  const KindMask waits = waits_of(hand_);
  for (int kind = 0; kind < kNumKinds; ++kind) out[kind] = ((waits >> kind) & 1) != 0;
  return out;
}

bool Table::furiten() const {
  if (temporary_furiten_ || riichi_furiten_) return true;
  const auto wait = waits();
  const TileCounts& discarded = players_[seat_].discarded;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (wait[kind] && discarded[kind] > 0) return true;
  }
  return false;
}

// --- winning -----------------------------------------------------------------------------------

WinContext Table::win_context(bool tsumo, int discarder) const {
  const SeatView& me = players_[seat_];
  WinContext context;
  context.round_wind = round_wind_;
  context.seat_wind = seat_wind();
  context.dealer = dealer_;
  context.winner = seat_;
  context.discarder = tsumo ? seat_ : discarder;
  context.tsumo = tsumo;
  context.riichi = me.riichi && !me.double_riichi;
  context.double_riichi = me.riichi && me.double_riichi;
  context.ippatsu = me.ippatsu;
  context.rinshan = tsumo && rinshan_draw_;
  context.haitei = tsumo && !rinshan_draw_ && tiles_left_ == 0;
  context.houtei = !tsumo && decision_ == Decision::claim_discard && tiles_left_ == 0;
  context.chankan = !tsumo && decision_ == Decision::claim_kakan;
  const bool first_draw = tsumo && me.river.empty() && !any_call_;
  context.tenhou = first_draw && seat_ == dealer_;
  context.chiihou = first_draw && seat_ != dealer_;
  context.honba = honba_;
  context.riichi_sticks = kyotaku_;
  return context;
}

std::optional<Score> Table::evaluate_win(Tile tile, bool tsumo, int discarder,
                                        std::span<const Tile> ura_indicators,
                                        bool collect_sticks) const {
  WinningHand hand;
  hand.concealed = hand_;
  if (!tsumo) {
    if (hand.concealed[tile.kind()] >= kCopiesPerKind) return std::nullopt;
    ++hand.concealed[tile.kind()];
  }
  hand.win_kind = tile.kind();
  hand.red_fives = red_fives_in_hand() + (!tsumo && tile.is_red() ? 1 : 0);
  for (const Meld& meld : players_[seat_].melds) {
    hand.melds[static_cast<std::size_t>(hand.meld_count++)] = meld;
    hand.red_fives += meld.red_fives();
  }
  WinContext context = win_context(tsumo, discarder);
  context.dora = count_dora(hand, dora_markers_);
  context.aka_dora = rules_.red_fives ? hand.red_fives : 0;
  context.ura_dora = count_dora(hand, ura_indicators);
  if (!collect_sticks) {
    context.honba = 0;
    context.riichi_sticks = 0;
  }
  const ScoreOutcome outcome = score_win(hand, context, rules_);
  if (!outcome.ok()) return std::nullopt;
  return outcome.score;
}

// --- legal actions -----------------------------------------------------------------------------

bool Table::discard_is_kuikae(Tile tile) const {
  if (called_type_ == EventType::none) return false;
  const int kind = tile.kind();
  const int called = called_tile_.kind();
  if (kind == called) return true;
  if (called_type_ != EventType::chi) return false;
  // Chi with the called tile at one end: the tile at the other end is forbidden too (suji kuikae).
  const int low = std::min(called_consumed_.tiles[0].kind(), called_consumed_.tiles[1].kind());
  const int high = std::max(called_consumed_.tiles[0].kind(), called_consumed_.tiles[1].kind());
  if (high != low + 1) return false;  // kanchan call
  if (called == low - 1 && high % 9 < 8) return kind == high + 1;
  if (called == high + 1 && low % 9 > 0) return kind == low - 1;
  return false;
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
        if (after[k] == 0 || k == kind) continue;
        if (type == EventType::chi) {
          const int low = std::min(action.consumed.tiles[0].kind(), action.consumed.tiles[1].kind());
          const int high = std::max(action.consumed.tiles[0].kind(), action.consumed.tiles[1].kind());
          if (high == low + 1 && ((kind == low - 1 && k == high + 1 && high % 9 < 8) ||
                                  (kind == high + 1 && k == low - 1 && low % 9 > 0))) {
            continue;
          }
        }
        some_discard = true;
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
  const int number = kind % 9;
  for (int low = number - 2; low <= number; ++low) {
    if (low < 0 || low + 2 > 8) continue;
    std::array<int, 2> others{};
    int n = 0;
    for (int k = low; k <= low + 2; ++k) {
      if (k != number) others[n++] = kind - number + k;
    }
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

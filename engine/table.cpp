#include "engine/table.hpp"

#include <algorithm>

#include "engine/agari.hpp"
#include "engine/shanten.hpp"
#include "engine/waits.hpp"

namespace tenbin {
namespace {

constexpr int kLiveDraws = 70;  // 136 - 52 dealt - 14 dead wall; rinshan draws count too

[[noreturn]] void contradiction(const std::string& why) { throw TableError(why); }

}  // namespace

bool SeatView::closed() const { return all_closed(melds); }

int SeatView::open_melds() const {
  return static_cast<int>(std::count_if(melds.begin(), melds.end(), [](const Meld& meld) { return meld.is_open(); }));
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
    records_ = {};
    synchronised_ = false;
    decision_ = Decision::none;
    ron_claim_ = Decision::none;
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
    if (event.type != EventType::hora) ron_claim_ = Decision::none;
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
  check_deal_copies(event);
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
  ron_claim_ = Decision::none;
}

// The tiles a deal shows (every hand shown, the dora indicator) hold at most four of a kind.
void Table::check_deal_copies(const Event& event) {
  std::array<int, kNumKinds> shown{};
  const auto count = [&](Tile tile) {
    if (tile.is_hidden()) return;
    if (++shown[tile.kind()] > kCopiesPerKind) {
      contradiction("start_kyoku: a fifth " + kind_to_string(tile.kind()) + " in the deal");
    }
  };
  for (const auto& tehai : event.tehais) {
    for (const Tile tile : tehai) count(tile);
  }
  count(event.dora_marker);
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

bool Table::faces_riichi(int seat) const {
  for (int other = 0; other < kSeats; ++other) {
    if (other != seat && players_[other].riichi) return true;
  }
  return false;
}

int Table::most_calls_facing(int seat) const {
  int most = 0;
  for (int other = 0; other < kSeats; ++other) {
    if (other != seat) most = std::max(most, players_[other].open_melds());
  }
  return most;
}

bool Table::genbutsu(int seat, int kind) const {
  if (!faces_riichi(seat)) return false;
  for (int other = 0; other < kSeats; ++other) {
    const SeatView& riichi = players_[other];
    if (other == seat || !riichi.riichi) continue;
    if (riichi.discarded[kind] == 0 && riichi.passed_in_riichi[kind] == 0) return false;
  }
  return true;
}

void Table::note_discard_facing_riichi(int actor, int kind) {
  if (players_[actor].riichi_declared || !faces_riichi(actor)) return;
  ++records_[actor].discards_facing_riichi;
  if (genbutsu(actor, kind)) ++records_[actor].genbutsu_facing_riichi;
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
  note_discard_facing_riichi(event.actor, event.pai.kind());
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
  if (event.actor != seat_) offer_claim(Decision::claim_discard, event.pai, event.actor);
}

void Table::offer_claim(Decision claim, Tile tile, int from) {
  claim_tile_ = tile;
  claim_from_ = from;
  decision_ = claim;
  ron_claim_ = claim;
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
    if (event.actor != seat_) offer_claim(Decision::claim_kakan, event.pai, event.actor);
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
  if (event.actor != seat_ && type == MeldType::ankan) offer_claim(Decision::claim_ankan, event.consumed.tiles[0], event.actor);
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
  context.houtei = !tsumo && ron_claim_ == Decision::claim_discard && tiles_left_ == 0;
  context.chankan = !tsumo && ron_claim_ == Decision::claim_kakan;
  const bool first_draw = tsumo && me.river.empty() && !any_call_;
  context.tenhou = first_draw && seat_ == dealer_;
  context.chiihou = first_draw && seat_ != dealer_;
  context.honba = honba_;
  context.riichi_sticks = kyotaku_;
  return context;
}

bool Table::can_score_own_win(const Event& hora) const {
  if (hora.type != EventType::hora || hora.actor != seat_ || !hora.has_pai || !synchronised_) return true;
  const bool tsumo = hora.target == hora.actor;
  return evaluate_win(hora.pai, tsumo, hora.target, hora.ura_markers, true).has_value();
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

}  // namespace tenbin

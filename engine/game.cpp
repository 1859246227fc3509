#include "engine/game.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/match_end.hpp"
#include "engine/seats.hpp"
#include "engine/shanten.hpp"

namespace tenbin {
namespace {

Event make(EventType type, int actor = -1) {
  Event event;
  event.type = type;
  event.actor = actor;
  return event;
}

int next_wind(int wind) { return wind == kinds::north ? kinds::east : wind + 1; }

// The legal action a reply names, preferring the same tsumogiri flag when a discard is offered
// both ways; null when the reply is not legal.
const Action* match_reply(const std::vector<Action>& legal, const Action& reply) {
  const Action* match = nullptr;
  for (const Action& action : legal) {
    if (!same_action(action, reply)) continue;
    if (action.type != EventType::dahai || action.tsumogiri == reply.tsumogiri) return &action;
    if (match == nullptr) match = &action;
  }
  return match;
}

bool all_orphans(const std::vector<RiverTile>& river) {
  return std::all_of(river.begin(), river.end(), [](const RiverTile& r) {
    return is_terminal_or_honor(r.tile.kind()) && !r.called_away;
  });
}

}  // namespace

ExhaustiveDraw settle_exhaustive_draw(const PerSeat<Table>& tables) {
  ExhaustiveDraw settled;
  const int dealer = tables[0].dealer();
  for (int seat = 0; seat < 4; ++seat) settled.tenpai[seat] = shanten(tables[seat].hand()) == 0;
  for (int seat = 0; seat < 4; ++seat) {
    const auto& river = tables[seat].player(seat).river;
    if (river.empty() || !all_orphans(river)) continue;
    settled.nagashi = true;
    for (int payer = 0; payer < 4; ++payer) {
      if (payer == seat) continue;
      const int amount = (seat == dealer || payer == dealer) ? 4000 : 2000;
      settled.deltas[payer] -= amount;
      settled.deltas[seat] += amount;
    }
  }
  if (settled.nagashi) return settled;
  const int ready = static_cast<int>(std::count(settled.tenpai.begin(), settled.tenpai.end(), true));
  if (ready == 0 || ready == 4) return settled;
  for (int seat = 0; seat < 4; ++seat) {
    settled.deltas[seat] = settled.tenpai[seat] ? 3000 / ready : -3000 / (4 - ready);
  }
  return settled;
}

bool Pending::any() const {
  return std::any_of(legal.begin(), legal.end(), [](const auto& l) { return !l.empty(); });
}

Game::Game(GameConfig config)
    : config_(std::move(config)),
      tables_{Table(0, config_.rules), Table(1, config_.rules), Table(2, config_.rules), Table(3, config_.rules)} {
  scores_.fill(config_.rules.starting_points);
  if (config_.start) {
    if (auto problem = hand_start_problem(*config_.start, config_.rules, config_.tonpuu)) throw std::invalid_argument(*problem);
    scores_ = config_.start->scores;
    round_wind_ = config_.start->round_wind;
    kyoku_ = config_.start->kyoku;
    honba_ = config_.start->honba;
    kyotaku_ = config_.start->kyotaku;
    dealer_ = kyoku_ - 1;
  }
  Event start = make(EventType::start_game);
  start.names.assign(config_.names.begin(), config_.names.end());
  emit(start);
  start_hand();
}

void Game::emit(Event event) {
  for (int seat = 0; seat < 4; ++seat) {
    // Each seat's table sees the event as the seat itself would (its own deal and draws only).
    tables_[seat].apply(mask_event_for_seat(event, seat));
  }
  log_.push_back(std::move(event));
}

std::optional<std::string> hand_start_problem(const HandStart& start, const Rules& rules, bool tonpuu) {
  if (!is_wind(start.round_wind)) return "the start's round must be a wind";
  // The extension round (one past the last) is the last a game plays.
  const int extension = tonpuu ? kinds::south : kinds::west;
  if (start.round_wind > extension) {
    return std::string("the start's round ") + (start.round_wind == kinds::north ? "North" : "West") +
           " is past the last round a " + (tonpuu ? "tonpuusen" : "hanchan") + " plays (" +
           (tonpuu ? "South" : "West") + ", the extension)";
  }
  if (start.kyoku < 1 || start.kyoku > 4) return "the start's kyoku must be 1..4";
  if (start.honba < 0 || start.kyotaku < 0) return "the start's honba and riichi sticks must be >= 0";
  if (start.honba > 1000 || start.kyotaku > 1000) return "the start's honba and riichi sticks must be <= 1000";
  int total = start.kyotaku * rules.riichi_stick;
  for (const int score : start.scores) {
    if (score < 0) return "the start's scores must be >= 0 (below 0 the match is over)";
    total += score;
  }
  if (total != 4 * rules.starting_points) {
    return "the start's scores and riichi sticks add up to " + std::to_string(total) + ", not " +
           std::to_string(4 * rules.starting_points);
  }
  return std::nullopt;
}

HandOfGame HandCounter::next(int round_wind, int kyoku) {
  const int round = round_number(round_wind, kyoku);
  const int repeat = round == last_.round ? last_.repeat + 1 : 0;
  last_ = HandOfGame{last_.index + 1, round, repeat};
  return last_;
}

int Game::live_draws_left() const { return live_wall_.left(); }

// --- the hand ------------------------------------------------------------------------------------

void Game::start_hand() {
  const HandOfGame hand = hands_.next(round_wind_, kyoku_);
  wall_ = config_.walls ? config_.walls(hand_index_) : Wall::generate(config_.wall_scheme, config_.seed, config_.wall_game, hand);
  live_wall_ = LiveWall(draw_order(config_.wall_scheme), dealer_);
  rinshan_draws_ = 0;
  dora_revealed_ = 1;
  pending_dora_ = 0;
  kans_ = 0;
  kans_by_seat_ = {};
  riichi_pending_ = -1;
  riichi_count_ = 0;
  discards_ = 0;
  any_call_ = false;
  last_discarder_ = -1;

  Event start = make(EventType::start_kyoku);
  start.bakaze = round_wind_;
  start.kyoku = kyoku_;
  start.honba = honba_;
  start.kyotaku = kyotaku_;
  start.oya = dealer_;
  start.dora_marker = wall_.dora_indicator(0);
  for (int offset = 0; offset < 4; ++offset) start.tehais[static_cast<std::size_t>((dealer_ + offset) % 4)] = wall_.deal(offset);
  start.has_scores = true;
  start.scores = scores_;
  emit(start);
  draw(dealer_, false);
}

void Game::draw(int actor, bool rinshan) {
  turn_actor_ = actor;
  Event tsumo = make(EventType::tsumo, actor);
  tsumo.has_pai = true;
  if (rinshan) {
    tsumo.pai = wall_.rinshan_draw(rinshan_draws_++);
    live_wall_.kan();
  } else {
    const int position = live_wall_.draw(actor);
    if (position < 0) throw std::logic_error("referee: a draw from an empty live wall");
    tsumo.pai = wall_.at(position);
  }
  emit(tsumo);
  ask(Phase::own_turn);
}

void Game::ask(Phase phase) {
  phase_ = phase;
  for (int seat = 0; seat < 4; ++seat) pending_.legal[seat] = tables_[seat].legal_actions();
  if (pending_.any()) return;
  // Nobody can act on this event: play moves on at once.
  if (phase == Phase::claim_discard) {
    after_discard_passed();
  } else if (phase == Phase::claim_kakan || phase == Phase::claim_ankan) {
    if (phase == Phase::claim_ankan) reveal_pending_dora();  // the ankan's own indicator
    draw(kan_actor_, true);
  } else {
    throw std::logic_error("referee: a turn with no legal action");
  }
}

PerSeat<bool> Game::answer(const PerSeat<std::optional<Action>>& replies) {
  if (finished_) throw std::logic_error("referee: the game is over");
  PerSeat<bool> replaced{};
  PerSeat<Action> chosen{};
  for (int seat = 0; seat < 4; ++seat) {
    const auto& legal = pending_.legal[seat];
    if (legal.empty()) continue;
    const auto& reply = replies[seat];
    const Action* match = reply ? match_reply(legal, *reply) : nullptr;
    if (match != nullptr) {
      chosen[seat] = *match;
    } else {
      replaced[seat] = true;
      chosen[seat] = tables_[seat].safe_action();
    }
  }
  pending_ = Pending{};
  switch (phase_) {
    case Phase::own_turn: on_own_turn(turn_actor_, chosen[turn_actor_]); break;
    case Phase::after_call_or_riichi: discard(turn_actor_, chosen[turn_actor_]); break;
    case Phase::claim_discard:
    case Phase::claim_kakan:
    case Phase::claim_ankan: resolve_claims(chosen); break;
  }
  return replaced;
}

void Game::on_own_turn(int actor, const Action& action) {
  switch (action.type) {
    case EventType::hora: win({actor}, true, actor, *tables_[actor].last_draw()); return;
    case EventType::ryukyoku: abortive_draw("kyushukyuhai", actor); return;
    case EventType::reach: {
      emit(make(EventType::reach, actor));
      ask(Phase::after_call_or_riichi);
      return;
    }
    case EventType::ankan:
    case EventType::kakan: declare_kan(actor, action); return;
    default: discard(actor, action); return;
  }
}

void Game::discard(int actor, const Action& action) {
  reveal_pending_dora();
  const bool declaring = tables_[actor].player(actor).riichi_declared && !tables_[actor].player(actor).riichi;
  emit(action.to_event(actor));
  if (declaring) riichi_pending_ = actor;
  ++discards_;
  last_discard_ = action.pai;
  last_discarder_ = actor;
  turn_actor_ = actor;
  ask(Phase::claim_discard);
}

void Game::declare_kan(int actor, const Action& action) {
  reveal_pending_dora();
  emit(action.to_event(actor));
  any_call_ = true;
  ++kans_;
  ++kans_by_seat_[actor];
  kan_actor_ = actor;
  if (action.type == EventType::ankan) {
    // The ankan's indicator is turned before the rinshan draw, but only once the claim window
    // (kokushi may rob an ankan) has closed: a dora event in between would end every table's
    // claim decision, so the robbing kokushi could never be asked.
    ++pending_dora_;
    kan_tile_ = action.consumed.tiles[0];
    ask(Phase::claim_ankan);
    return;
  }
  ++pending_dora_;
  kan_tile_ = action.pai;
  ask(Phase::claim_kakan);
}

void Game::reveal_pending_dora() {
  for (; pending_dora_ > 0; --pending_dora_) {
    Event dora = make(EventType::dora);
    dora.dora_marker = wall_.dora_indicator(dora_revealed_++);
    emit(dora);
  }
}

void Game::accept_pending_riichi() {
  if (riichi_pending_ < 0) return;
  const int seat = riichi_pending_;
  riichi_pending_ = -1;
  scores_[seat] -= config_.rules.riichi_stick;
  ++kyotaku_;
  ++riichi_count_;
  Event accepted = make(EventType::reach_accepted, seat);
  accepted.has_deltas = true;
  accepted.deltas = {};
  accepted.deltas[seat] = -config_.rules.riichi_stick;
  accepted.has_scores = true;
  accepted.scores = scores_;
  emit(accepted);
}

void Game::resolve_claims(const PerSeat<Action>& replies) {
  const bool on_kan = phase_ != Phase::claim_discard;
  const int from = on_kan ? kan_actor_ : last_discarder_;
  const Tile tile = on_kan ? kan_tile_ : last_discard_;
  // Ron first, in turn order from the discarder's right (shimocha).
  std::vector<int> winners;
  for (int step = 1; step < 4; ++step) {
    const int seat = (from + step) % 4;
    if (replies[seat].type == EventType::hora) winners.push_back(seat);
  }
  if (winners.size() >= 3) {
    abortive_draw("sanchaho");
    return;
  }
  if (!winners.empty()) {
    win(winners, false, from, tile);
    return;
  }
  if (on_kan) {
    if (phase_ == Phase::claim_ankan) reveal_pending_dora();  // the ankan's own indicator
    draw(kan_actor_, true);
    return;
  }
  // Four kans by several seats: the discard after the fourth ends the hand unless it is ronned,
  // so no call on it is played.
  if (kans_ == 4 && std::count(kans_by_seat_.begin(), kans_by_seat_.end(), 0) < 3) {
    after_discard_passed();
    return;
  }
  // Then pon or daiminkan (one seat at most can hold the tiles), then chi.
  for (const EventType type : {EventType::pon, EventType::daiminkan, EventType::chi}) {
    for (int seat = 0; seat < 4; ++seat) {
      if (replies[seat].type != type) continue;
      accept_pending_riichi();
      if (riichi_count_ == 4) {
        abortive_draw("suchareach");
        return;
      }
      emit(replies[seat].to_event(seat));
      any_call_ = true;
      turn_actor_ = seat;
      if (type == EventType::daiminkan) {
        ++kans_;
        ++kans_by_seat_[seat];
        ++pending_dora_;
        kan_actor_ = seat;
        draw(seat, true);
      } else {
        ask(Phase::after_call_or_riichi);
      }
      return;
    }
  }
  after_discard_passed();
}

void Game::after_discard_passed() {
  accept_pending_riichi();
  if (riichi_count_ == 4) {
    abortive_draw("suchareach");
    return;
  }
  // Four winds: the first four discards, one per seat with no call, all the same wind.
  if (discards_ == 4 && !any_call_) {
    const Tile first = tables_[dealer_].player(dealer_).river.front().tile;
    bool same = is_wind(first.kind());
    for (int seat = 0; seat < 4 && same; ++seat) {
      const auto& river = tables_[seat].player(seat).river;
      same = river.size() == 1 && river.front().tile.kind() == first.kind();
    }
    if (same) {
      abortive_draw("sufonrenda");
      return;
    }
  }
  // Four kans by more than one seat end the hand once the discard after the fourth passes.
  if (kans_ == 4 && std::count(kans_by_seat_.begin(), kans_by_seat_.end(), 0) < 3) {
    abortive_draw("sukaikan");
    return;
  }
  if (live_draws_left() <= 0) {
    exhaustive_draw();
    return;
  }
  draw((last_discarder_ + 1) % 4, false);
}

// --- the end of a hand ---------------------------------------------------------------------------

void Game::win(const std::vector<int>& winners, bool tsumo, int discarder, Tile tile) {
  std::vector<Tile> ura;
  for (int i = 0; i < dora_revealed_; ++i) ura.push_back(wall_.ura_indicator(i));
  // Every winner is scored before any hora is emitted: once a table has seen a hora it no longer
  // holds the claim, so a later winner of a multiple ron would lose houtei and chankan.
  std::vector<Score> scores;
  for (std::size_t i = 0; i < winners.size(); ++i) {
    const Table& table = tables_[winners[i]];
    const bool riichi = table.player(winners[i]).riichi;
    const auto score = table.evaluate_win(tile, tsumo, discarder, riichi ? std::span<const Tile>(ura) : std::span<const Tile>(), i == 0);
    if (!score) throw std::logic_error("referee: a legal win that does not score");
    scores.push_back(*score);
  }
  bool dealer_won = false;
  for (std::size_t i = 0; i < winners.size(); ++i) {
    const int seat = winners[i];
    const bool riichi = tables_[seat].player(seat).riichi;
    const Score& score = scores[i];
    Event hora = make(EventType::hora, seat);
    hora.target = tsumo ? seat : discarder;
    hora.has_pai = true;
    hora.pai = tile;
    hora.has_deltas = true;
    hora.deltas = score.deltas;
    if (riichi) hora.ura_markers = ura;
    for (int s = 0; s < 4; ++s) scores_[s] += score.deltas[s];
    if (i == 0) kyotaku_ = 0;
    hora.has_scores = true;
    hora.scores = scores_;
    emit(hora);
    dealer_won = dealer_won || seat == dealer_;
  }
  end_hand(dealer_won, dealer_won);
}

void Game::exhaustive_draw() {
  const ExhaustiveDraw settled = settle_exhaustive_draw(tables_);
  for (int seat = 0; seat < 4; ++seat) scores_[seat] += settled.deltas[seat];
  Event draw_event = make(EventType::ryukyoku);
  draw_event.reason = settled.nagashi ? "nagashimangan" : "fanpai";
  draw_event.has_tenpais = true;
  draw_event.tenpais = settled.tenpai;
  draw_event.has_deltas = true;
  draw_event.deltas = settled.deltas;
  draw_event.has_scores = true;
  draw_event.scores = scores_;
  emit(draw_event);
  end_hand(settled.tenpai[dealer_], true);
}

void Game::abortive_draw(const std::string& reason, int actor) {
  Event draw_event = make(EventType::ryukyoku, actor);
  draw_event.reason = reason;
  draw_event.has_deltas = true;
  draw_event.deltas = {};
  draw_event.has_scores = true;
  draw_event.scores = scores_;
  emit(draw_event);
  end_hand(true, true);
}

bool Game::game_over_after_hand(bool dealer_keeps) const {
  const int last_round = config_.tonpuu ? kinds::east : kinds::south;
  const MatchEnding ending = ending_of_hand(round_wind_, kyoku_, dealer_, last_round, config_.rules.target_points);
  return match_ends(ending, scores_, dealer_keeps);
}

void Game::end_hand(bool dealer_keeps, bool honba_up) {
  emit(make(EventType::end_kyoku));
  ++hand_index_;
  if (game_over_after_hand(dealer_keeps)) {
    end_game();
    return;
  }
  honba_ = honba_up ? honba_ + 1 : 0;
  if (!dealer_keeps) {
    dealer_ = (dealer_ + 1) % 4;
    if (++kyoku_ > 4) {
      kyoku_ = 1;
      round_wind_ = next_wind(round_wind_);
    }
  }
  start_hand();
}

void Game::end_game() {
  // Sticks left on the table go to first place.
  const auto order = ranks();
  for (int seat = 0; seat < 4; ++seat) {
    if (order[seat] == 0) scores_[seat] += kyotaku_ * config_.rules.riichi_stick;
  }
  kyotaku_ = 0;
  Event end = make(EventType::end_game);
  end.has_scores = true;
  end.scores = scores_;
  emit(end);
  finished_ = true;
  pending_ = Pending{};
}

PerSeat<int> Game::ranks() const {
  PerSeat<int> seats = {0, 1, 2, 3};
  std::stable_sort(seats.begin(), seats.end(), [&](int a, int b) { return scores_[a] > scores_[b]; });
  PerSeat<int> rank{};
  for (int r = 0; r < 4; ++r) rank[seats[r]] = r;
  return rank;
}

PerSeat<double> Game::final_points() const {
  const Rules& rules = config_.rules;
  const auto rank = ranks();
  const double oka = 4.0 * (rules.return_points - rules.starting_points) / 1000.0;
  PerSeat<double> points{};
  for (int seat = 0; seat < 4; ++seat) {
    points[seat] = (scores_[seat] - rules.return_points) / 1000.0 + rules.uma[rank[seat]] + (rank[seat] == 0 ? oka : 0.0);
  }
  return points;
}

}  // namespace tenbin

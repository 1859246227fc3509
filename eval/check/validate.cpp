#include "eval/check/validate.hpp"

#include <algorithm>
#include <array>
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>

#include <CLI/CLI.hpp>

#include "engine/game.hpp"
#include "engine/mjai.hpp"
#include "engine/mjai_log.hpp"
#include "engine/table.hpp"
#include "eval/check/tiles_text.hpp"
#include "eval/study/game_log.hpp"

namespace tenbin::arena {
namespace {

std::string deltas_text(const PerSeat<int>& deltas) {
  std::ostringstream text;
  text << '[' << deltas[0] << ',' << deltas[1] << ',' << deltas[2] << ',' << deltas[3] << ']';
  return text.str();
}

// Events a host may slip in between a decision and the action it chose.
bool keeps_decisions(EventType type) {
  return type == EventType::dora || type == EventType::reach_accepted || type == EventType::hora;
}

bool is_exhaustive_draw(const Event& event) {
  if (event.type != EventType::ryukyoku) return false;
  if (event.reason == "fanpai" || event.reason == "exhaustive_draw" || event.reason == "nagashimangan") return true;
  const bool any_payment = std::any_of(event.deltas.begin(), event.deltas.end(), [](int d) { return d != 0; });
  return event.reason.empty() && event.has_deltas && any_payment;
}

Action action_of(const Event& event) { return Action::from_event(event); }

// Replays one log through four tables, one per seat, each fed its own view.
class Replay {
 public:
  Replay() : tables_{Table(0), Table(1), Table(2), Table(3)} {}

  std::optional<std::string> step(const Event& event) {
    ++events_;
    if (event.type == EventType::hora) {
      if (auto problem = check_hora(event)) return problem;
    } else {
      sequence_.reset();
      if (event.is_player_action()) {
        if (auto problem = check_legal(event, offers_)) return problem;
      }
      if (is_exhaustive_draw(event)) {
        if (auto problem = check_exhaustive_draw(event)) return problem;
      }
    }
    if (auto problem = check_turn(event)) return problem;
    if (auto problem = apply(event)) return problem;
    if (!keeps_decisions(event.type)) {
      for (int seat = 0; seat < 4; ++seat) offers_[seat] = tables_[seat].legal_actions();
    }
    return std::nullopt;
  }

  long events() const { return events_; }
  long actions() const { return actions_; }
  long results() const { return results_; }

 private:
  // The offers as they stood when the first of a run of hora events arrived: every winner of a
  // multiple ron is judged on the discard itself (the tables keep the claim for its scoring).
  struct HoraSequence {
    PerSeat<std::vector<Action>> offers;
    std::set<int> winners;
  };

  // The offer the action takes up: same_action, and for claims and wins the same target (and
  // the same winning tile) when the log names them.
  static const Action* find_offer(const Event& event, const std::vector<Action>& legal) {
    const Action wanted = action_of(event);
    const bool aimed = event.type == EventType::hora || event.type == EventType::chi || event.type == EventType::pon ||
                       event.type == EventType::daiminkan;
    const auto found = std::find_if(legal.begin(), legal.end(), [&](const Action& action) {
      if (!same_action(action, wanted)) return false;
      if (aimed && event.target >= 0 && event.target != action.target) return false;
      return event.type != EventType::hora || !event.has_pai || event.pai == action.pai;
    });
    return found == legal.end() ? nullptr : &*found;
  }

  static std::string not_legal(const Event& event, const std::vector<Action>& legal) {
    std::string what = std::string(event_type_name(event.type));
    if (event.has_pai) what.append(" ").append(event.pai.to_string());
    if (event.consumed.size > 0) what += " (" + tiles_text(event.consumed.view()) + ")";
    return what + " by seat " + std::to_string(event.actor) + " is not a legal action here" +
           (legal.empty() ? " (the seat has no decision)" : "");
  }

  // Legality: the action must be one the seat was offered at its decision.
  std::optional<std::string> check_legal(const Event& event, const PerSeat<std::vector<Action>>& offers,
                                         const Action** taken = nullptr) {
    if (event.actor < 0 || event.actor > 3) return std::string(event_type_name(event.type)) + " without a seat";
    ++actions_;
    const auto& legal = offers[event.actor];
    const Action* offer = find_offer(event, legal);
    if (offer == nullptr) return not_legal(event, legal);
    if (taken != nullptr) *taken = offer;
    return std::nullopt;
  }

  // Hora: legal for the winner at the discard (or draw), and its deltas what the engine scores.
  std::optional<std::string> check_hora(const Event& event) {
    const bool first = !sequence_.has_value();
    if (first) {
      sequence_ = HoraSequence{offers_, {}};
      for (auto& offers : offers_) offers.clear();  // the hand is over
    }
    const Action* win = nullptr;
    if (auto problem = check_legal(event, sequence_->offers, &win)) return problem;
    if (!sequence_->winners.insert(event.actor).second) return "seat " + std::to_string(event.actor) + " wins twice";
    if (!event.has_deltas) return std::nullopt;
    ++results_;
    // Scoring: ura indicators only for a winner in riichi; honba and sticks to the first winner.
    const Table& table = tables_[event.actor];
    const bool tsumo = win->target == event.actor;
    const bool riichi = table.player(event.actor).riichi;
    const std::span<const Tile> ura = riichi ? std::span<const Tile>(event.ura_markers) : std::span<const Tile>();
    const auto score = table.evaluate_win(win->pai, tsumo, win->target, ura, first);
    if (!score) return "hora by seat " + std::to_string(event.actor) + " does not score";
    if (score->deltas == event.deltas) return std::nullopt;
    return "hora deltas " + deltas_text(event.deltas) + ", the engine scores " + deltas_text(score->deltas) + " (" +
           std::to_string(score->han) + " han " + std::to_string(score->fu) + " fu)";
  }

  // Turn order: the dealer draws first, then the seat after each discarder; a kan's rinshan
  // draw goes to the seat that made it.
  std::optional<std::string> check_turn(const Event& event) {
    switch (event.type) {
      case EventType::start_kyoku: next_drawer_ = event.oya; return std::nullopt;
      case EventType::dahai: next_drawer_ = (event.actor + 1) % 4; return std::nullopt;
      case EventType::daiminkan:
      case EventType::kakan:
      case EventType::ankan: next_drawer_ = event.actor; return std::nullopt;
      case EventType::tsumo:
        if (next_drawer_ < 0 || event.actor == next_drawer_) return std::nullopt;
        return "tsumo by seat " + std::to_string(event.actor) + ", but seat " + std::to_string(next_drawer_) +
               " draws next";
      default: return std::nullopt;
    }
  }

  // Exhaustive draw: the live wall empty, noten payments or nagashi mangan as the referee pays.
  std::optional<std::string> check_exhaustive_draw(const Event& event) {
    ++results_;
    if (tables_[0].tiles_left() != 0) {
      return "exhaustive draw with " + std::to_string(tables_[0].tiles_left()) + " live tiles left";
    }
    if (!event.has_deltas) return std::nullopt;
    const auto deltas = settle_exhaustive_draw(tables_).deltas;
    if (deltas == event.deltas) return std::nullopt;
    return "ryukyoku deltas " + deltas_text(event.deltas) + ", the engine pays " + deltas_text(deltas);
  }

  std::optional<std::string> apply(const Event& event) {
    for (int seat = 0; seat < 4; ++seat) {
      try {
        tables_[seat].apply(mask_event_for_seat(event, seat));
      } catch (const TableError& error) {
        return "seat " + std::to_string(seat) + "'s table: " + error.what();
      }
    }
    return std::nullopt;
  }

  PerSeat<Table> tables_;
  PerSeat<std::vector<Action>> offers_;
  std::optional<HoraSequence> sequence_;
  int next_drawer_ = -1;
  long events_ = 0;
  long actions_ = 0;
  long results_ = 0;
};

// The log holds one whole game: something in it, each hand ended once, end_game last.
class GameShape {
 public:
  std::optional<std::string> step(const Event& event) {
    if (ended_) return std::string("an event after end_game");
    switch (event.type) {
      case EventType::start_kyoku: in_hand_ = true; break;
      case EventType::end_kyoku:
        if (!in_hand_) return std::string("end_kyoku with no hand to end (a repeated end_kyoku)");
        in_hand_ = false;
        break;
      case EventType::end_game: ended_ = true; break;
      default: break;
    }
    return std::nullopt;
  }
  std::optional<std::string> finish(std::size_t events) const {
    if (events == 0) return std::string("an empty log");
    if (!ended_) return std::string("the log ends without end_game: the game is cut short");
    return std::nullopt;
  }

 private:
  bool in_hand_ = false;
  bool ended_ = false;
};

}  // namespace

int validate_logs(const std::vector<std::string>& logs, std::ostream& out) {
  long events = 0;
  long actions = 0;
  long results = 0;
  for (const std::string& path : logs) {
    const MjaiLogFile log = read_mjai_log_file(path);
    Replay replay;
    GameShape shape;
    for (const MjaiLogLine& line : log.lines) {
      auto what = shape.step(line.event);
      if (!what) what = replay.step(line.event);
      if (what) {
        out << path << ":" << line.number << ": " << *what << "\n";
        return 1;
      }
    }
    if (log.problem) {
      out << log.problem->message(path) << "\n";
      return 1;
    }
    if (auto what = shape.finish(log.lines.size())) {
      out << path << ": " << *what << "\n";
      return 1;
    }
    events += replay.events();
    actions += replay.actions();
    results += replay.results();
  }
  out << "validate: " << logs.size() << " logs, " << events << " events, " << actions << " actions legal, " << results
      << " results recomputed: OK\n";
  return 0;
}



Subcommand add_validate_command(CLI::App& app) {
  auto logs = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand("validate", "replay full game logs through the engine");
  command->add_option("logs", *logs, "mjai logs (one event per line), or match directories (each of their logs)")
      ->required();
  return {command, [logs] {
            std::ostringstream unlisted;
            const std::vector<std::string> files = expand_log_inputs(*logs, unlisted);
            if (!unlisted.str().empty()) {
              std::cout << unlisted.str();
              return 1;
            }
            return validate_logs(files, std::cout);
          }};
}

}  // namespace tenbin::arena

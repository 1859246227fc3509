#include "eval/check/verify.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/mjai.hpp"
#include "engine/mjai_log.hpp"
#include "engine/rinshan_watch.hpp"
#include "engine/wall.hpp"
#include "eval/check/game_replay.hpp"
#include "eval/check/tiles_text.hpp"
#include "eval/match/match.hpp"
#include "eval/match/match_dir.hpp"
#include "eval/match/start_book.hpp"

namespace tenbin::arena {
namespace {

using nlohmann::json;

struct Discrepancy {
  int line = 0;
  std::string what;
};

std::string where(const std::string& path, int line) {
  return line > 0 ? path + ":" + std::to_string(line) : path;
}

struct Match {
  MatchDir dir;
  MatchMeta meta;
  std::map<int, GameResult> results;  // the finished games
  ResultsFile file;                   // and what is wrong with their listing
};

std::optional<Match> read_match(const std::string& path, std::string& why) {
  const MatchDir dir(path);
  MatchMeta meta;
  try {
    meta = dir.read_meta();
  } catch (const std::exception& error) {
    why = error.what();
    return std::nullopt;
  }
  ResultsFile file = dir.read_results_file(meta.duplicate);
  std::map<int, GameResult> results = file.games;
  return Match{dir, meta, std::move(results), std::move(file)};
}

// Follows one game's log through its walls: deal, draws, rinshan draws and indicators.
class WallWalk {
 public:
  WallWalk(WallScheme scheme, std::uint64_t seed, std::uint64_t wall_game, int game, const Commitments& commitments,
           std::set<HandKey>& used)
      : scheme_(scheme), seed_(seed), wall_game_(wall_game), game_(game), commitments_(commitments), used_(used) {}

  // The discrepancy this event shows, if any.
  std::optional<std::string> check(const Event& event) {
    const bool rinshan = rinshan_.is_rinshan_draw(event);
    switch (event.type) {
      case EventType::start_kyoku: return start_hand(event);
      case EventType::tsumo: return check_draw(event, rinshan);
      case EventType::dora: return check_dora(event);
      case EventType::hora: return check_ura(event);
      default: return std::nullopt;
    }
  }
 private:
  std::optional<std::string> start_hand(const Event& event) {
    const HandOfGame key = hands_.next(event);
    hand_ = key.index;
    wall_ = Wall::generate(scheme_, seed_, wall_game_, key);
    live_wall_ = LiveWall(draw_order(scheme_), event.oya);
    rinshan_draws_ = 0;
    indicators_ = 1;
    if (auto problem = check_commitment()) return problem;
    // Deal: 13 tiles per seat from fixed positions, counted from the dealer.
    for (int seat = 0; seat < 4; ++seat) {
      const auto dealt = wall_.deal((seat - event.oya + 4) % 4);
      const auto& tehai = event.tehais[static_cast<std::size_t>(seat)];
      if (tehai == dealt) continue;
      auto sorted_tehai = tehai;
      auto sorted_dealt = dealt;
      std::sort(sorted_tehai.begin(), sorted_tehai.end());
      std::sort(sorted_dealt.begin(), sorted_dealt.end());
      const std::string how = sorted_tehai == sorted_dealt ? "the same tiles out of wall order" : "other tiles";
      return "hand " + std::to_string(hand_) + ": seat " + std::to_string(seat) + " was dealt " + how + " (" +
             tiles_text(tehai) + "), the wall deals " + tiles_text(dealt);
    }
    if (event.dora_marker != wall_.dora_indicator(0)) {
      return "hand " + std::to_string(hand_) + ": dora indicator " + event.dora_marker.to_string() +
             ", the wall has " + wall_.dora_indicator(0).to_string() + " at position " +
             std::to_string(Wall::kFirstDoraIndicator);
    }
    return std::nullopt;
  }

  // Commitment: published before the deal, must be the SHA-256 of this wall.
  std::optional<std::string> check_commitment() {
    const HandKey key{game_, hand_};
    const auto found = commitments_.by_hand.find(key);
    const std::string hand = "game " + std::to_string(game_) + " hand " + std::to_string(hand_);
    if (found == commitments_.by_hand.end()) return "no commitment for " + hand;
    used_.insert(key);
    const std::string expected = wall_.commitment();
    for (const std::string& published : found->second) {
      if (published != expected) return "the commitment for " + hand + " is " + published + ", the wall hashes to " + expected;
    }
    return std::nullopt;
  }

  // Draws: live draws in the scheme's order (engine/live_wall.hpp); the draw right after a kan by
  // the same seat from 122 on.
  std::optional<std::string> check_draw(const Event& event, bool rinshan) {
    int position = 0;
    if (rinshan) {
      if (rinshan_draws_ >= 4) return std::string("a fifth rinshan draw");
      position = Wall::kFirstRinshan + rinshan_draws_++;
      live_wall_.kan();
    } else {
      position = live_wall_.draw(event.actor);
      if (position < 0) return std::string("a draw after the live wall is exhausted");
    }
    if (event.pai == wall_.at(position)) return std::nullopt;
    return std::string(rinshan ? "rinshan " : "") + "tsumo " + event.pai.to_string() + " by seat " +
           std::to_string(event.actor) + ", the wall has " + wall_.at(position).to_string() + " at position " +
           std::to_string(position);
  }

  // Kan dora: the next indicator, 126, 128, ...
  std::optional<std::string> check_dora(const Event& event) {
    if (indicators_ >= 5) return std::string("a sixth dora indicator");
    const Tile expected = wall_.dora_indicator(indicators_++);
    if (event.dora_marker == expected) return std::nullopt;
    return "dora indicator " + event.dora_marker.to_string() + ", the wall has " + expected.to_string() +
           " at position " + std::to_string(Wall::kFirstDoraIndicator + 2 * (indicators_ - 1));
  }

  // Ura indicators: beside each revealed indicator, 127, 129, ...
  std::optional<std::string> check_ura(const Event& event) const {
    if (event.ura_markers.empty()) return std::nullopt;
    std::vector<Tile> expected;
    for (int i = 0; i < indicators_; ++i) expected.push_back(wall_.ura_indicator(i));
    if (event.ura_markers == expected) return std::nullopt;
    return "ura indicators " + tiles_text(event.ura_markers) + ", the wall has " + tiles_text(expected);
  }

  WallScheme scheme_;
  std::uint64_t seed_;
  std::uint64_t wall_game_;
  int game_;
  const Commitments& commitments_;
  std::set<HandKey>& used_;
  Wall wall_;
  HandCounter hands_;
  int hand_ = -1;  // the current hand's index
  LiveWall live_wall_;
  int rinshan_draws_ = 0;
  int indicators_ = 1;
  RinshanWatch rinshan_;
};

struct MatchCheck {
  std::set<HandKey> used;     // commitments checked against a wall
  std::set<HandKey> in_logs;  // every hand the logs hold
  int problems = 0;
};

int count_hands(const MjaiLogFile& log) {
  return static_cast<int>(std::count_if(log.lines.begin(), log.lines.end(), [](const MjaiLogLine& line) {
    return line.event.type == EventType::start_kyoku;
  }));
}

// Whether the game's first hand is where the match starts it: its start book's entry, else East 1
// with every seat at the starting points.
std::optional<Discrepancy> wrong_start(const Match& match, std::uint64_t wall_game, const MjaiLogFile& log) {
  HandStart expected;
  expected.scores.fill(Rules{}.starting_points);
  if (auto start = start_of(match.meta.starts, wall_game)) expected = *start;
  for (const MjaiLogLine& line : log.lines) {
    const Event& e = line.event;
    if (e.type != EventType::start_kyoku) continue;
    const HandStart seen{e.bakaze, e.kyoku, e.honba, e.kyotaku, e.scores};
    if (auto what = start_mismatch(expected, seen)) return Discrepancy{line.number, *what};
    return std::nullopt;
  }
  return std::nullopt;
}

// The first discrepancy of one game's log, if any.
std::optional<Discrepancy> first_discrepancy(const Match& match, int game, const GameResult& result, const MjaiLogFile& log,
                                             const Commitments& commitments, std::set<HandKey>& used) {
  const std::uint64_t wall_game = wall_game_of(match.meta.duplicate, game);
  if (result.wall_game != wall_game) {
    return Discrepancy{0, "results.jsonl names wall game " + std::to_string(result.wall_game) + ", the match plays " +
                              std::to_string(wall_game)};
  }
  if (auto problem = wrong_start(match, wall_game, log)) return problem;
  WallWalk walk(match.meta.wall_scheme, match.meta.seed, result.wall_game, game, commitments, used);
  for (const MjaiLogLine& line : log.lines) {
    if (auto what = walk.check(line.event)) return Discrepancy{line.number, *what};
  }
  if (log.problem) return Discrepancy{log.problem->line, log.problem->what};
  const int hands = count_hands(log);
  if (result.hands >= 0 && result.hands != hands) {
    return Discrepancy{0, "the log holds " + std::to_string(hands) + " hands, results.jsonl says " + std::to_string(result.hands)};
  }
  return std::nullopt;
}

// The referee's settings for game `game`: the match's seed, format, start and seating.
GameConfig referee_config(const Match& match, int game) {
  GameConfig config;
  config.tonpuu = match.meta.tonpuu;
  config.seed = match.meta.seed;
  config.wall_game = wall_game_of(match.meta.duplicate, game);
  config.wall_scheme = match.meta.wall_scheme;
  config.start = start_of(match.meta.starts, config.wall_game);
  for (int seat = 0; seat < 4; ++seat) {
    config.names[seat] = match.meta.seat_names[static_cast<std::size_t>(command_at(match.meta.duplicate, game, seat))];
  }
  return config;
}

// The first field of a result line that is not what the referee's replay of its game gives.
std::optional<std::string> result_difference(const json& record, int game, const GameConfig& config,
                                             const RefereeResult& played) {
  const std::vector<std::pair<std::string, json>> expected = {{"game", game},
                                                              {"wall_game", config.wall_game},
                                                              {"names", config.names},
                                                              {"scores", played.scores},
                                                              {"ranks", played.ranks},
                                                              {"points", played.points},
                                                              {"hands", played.hands}};
  for (const auto& [key, value] : expected) {
    if (!record.contains(key)) return "field " + key + ": missing, the replay gives " + value.dump();
    if (record.at(key) != value) {
      return "field " + key + ": the line has " + record.at(key).dump() + ", the replay gives " + value.dump();
    }
  }
  const json* seats = record.contains("seats") ? &record.at("seats") : nullptr;
  if (seats == nullptr || !seats->is_array() || seats->size() != 4) return std::string("field seats: not four seats");
  for (int seat = 0; seat < 4; ++seat) {
    const json& entry = seats->at(static_cast<std::size_t>(seat));
    const json decisions = played.decisions[seat];
    if (!entry.is_object() || !entry.contains("decisions") || entry.at("decisions") != decisions) {
      return "field seats[" + std::to_string(seat) + "].decisions: the line has " +
             (entry.is_object() && entry.contains("decisions") ? entry.at("decisions").dump() : std::string("none")) +
             ", the replay asks the seat " + decisions.dump() + " times";
    }
  }
  return std::nullopt;
}

// The referee plays the game again with the log's actions: every event must be the log's, and
// the result line what the game gives.
void referee_game(const Match& match, int game, const GameResult& result, MatchCheck& check, std::ostream& out) {
  const std::string path = match.dir.log_path(game);
  const LoggedGame logged = read_logged_game(path);
  if (!logged.problem.empty()) {
    out << where(path, logged.problem_line) << ": " << logged.problem << "\n";
    ++check.problems;
    return;
  }
  const GameConfig config = referee_config(match, game);
  const Replay replay = replay_game(config, logged.events);
  if (replay.mismatch) {
    out << where(path, replay.mismatch->line) << ": " << replay.mismatch->what << "\n";
    ++check.problems;
    return;
  }
  if (auto what = result_difference(result.record, game, config, *replay.result)) {
    out << where(match.dir.results_path(), result.line) << ": game " << game << " " << *what << "\n";
    ++check.problems;
  }
}

void check_game(const Match& match, int game, const GameResult& result, const Commitments& commitments,
                MatchCheck& check, std::ostream& out) {
  const std::string path = match.dir.log_path(game);
  const MjaiLogFile log = read_mjai_log_file(path);
  for (int hand = 0; hand < count_hands(log); ++hand) check.in_logs.insert({game, hand});
  const auto problem = first_discrepancy(match, game, result, log, commitments, check.used);
  if (!problem) {
    referee_game(match, game, result, check, out);
    return;
  }
  out << where(path, problem->line) << ": " << problem->what << "\n";
  ++check.problems;
}

bool is_luck_adjusted(const std::string& key) {
  return key == "luck_model" || key == "adjusted_points_per_hand" || key == "adjusted_points_per_hand_ci95" ||
         key == "adjusted_games";
}

// summary.json must be what the results and logs make.
int summary_problems(const Match& match, std::ostream& out) {
  const std::string path = match.dir.summary_path();
  json written;
  try {
    std::ifstream in(path);
    if (!in) {
      out << path << ": missing (the arena writes it when the match is complete)\n";
      return 1;
    }
    written = json::parse(in);
  } catch (const std::exception&) {
    out << path << ": unreadable\n";
    return 1;
  }
  const json expected = summary_json(match.dir, match.meta.duplicate);
  if (written == expected) return 0;
  if (!written.is_array() || written.size() != expected.size()) {
    out << path << ": lists " << (written.is_array() ? std::to_string(written.size()) : std::string("no")) << " seat commands, the results make "
        << expected.size() << "\n";
    return 1;
  }
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const json& command = expected[i];
    const json& entry = written[i];
    const std::string name = command.at("name").get<std::string>();
    // The luck-adjusted figures are an estimate made with one value model: a summary written
    // with another (or before they existed) is checked without them.
    const bool same_luck_model = entry.is_object() && entry.value("luck_model", json()) == command.at("luck_model");
    for (const auto& [key, value] : command.items()) {
      if (!same_luck_model && is_luck_adjusted(key)) continue;
      if (entry.is_object() && entry.contains(key) && entry.at(key) == value) continue;
      out << path << ": command " << name << " field " << key << ": the file has "
          << (entry.is_object() && entry.contains(key) ? entry.at(key).dump() : std::string("none"))
          << ", the results and logs make " << value.dump() << "\n";
      return 1;
    }
    for (const auto& [key, value] : entry.items()) {
      if (command.contains(key) || (!same_luck_model && is_luck_adjusted(key))) continue;
      out << path << ": command " << name << " field " << key << ": the results and logs do not make it\n";
      return 1;
    }
  }
  return 0;
}

int games_asked(const MatchMeta& meta) {
  int asked = 0;
  for (int game = 0; game < meta.games; ++game) asked += meta.asks_for(game) ? 1 : 0;
  return asked;
}

// The match is all there: every game meta.json asks for listed once, every line readable and
// finished. Writes one line per problem; returns how many.
int completeness_problems(const Match& match, std::ostream& out) {
  const std::string results = match.dir.results_path();
  int problems = 0;
  for (const UnreadableLine& line : match.file.unreadable_lines) {
    out << where(results, line.line) << ": an unreadable result line: " << line.why << "\n";
    ++problems;
  }
  for (const auto& [line, game] : match.file.repeated) {
    out << where(results, line) << ": game " << game << " is listed again\n";
    ++problems;
  }
  if (match.file.unfinished_last_line) {
    out << results << ": the last line has no newline (cut short: --resume repairs it)\n";
    ++problems;
  }
  int missing = 0;
  int first_missing = -1;
  int asked = 0;
  for (int game = 0; game < match.meta.games; ++game) {
    if (!match.meta.asks_for(game)) continue;
    ++asked;
    if (match.results.count(game)) continue;
    if (missing++ == 0) first_missing = game;
  }
  if (missing > 0) {
    out << results << ": " << missing << " of the " << asked << " games have no result (first: game "
        << first_missing << ")\n";
    ++problems;
  }
  for (const auto& [game, result] : match.results) {
    if (!match.meta.asks_for(game)) {
      out << results << ": game " << game << " is not one the match asked for\n";
      ++problems;
    }
  }
  return problems;
}

}  // namespace

int verify_match(const std::string& dir, std::ostream& out) {
  std::string why;
  const auto match = read_match(dir, why);
  if (!match) {
    out << why << "\n";
    return 1;
  }
  const Commitments commitments = match->dir.read_commitments();
  MatchCheck check;
  check.problems = completeness_problems(*match, out);
  if (match->meta.seat_names.size() != 4) {
    out << match->dir.meta_path() << ": names no four seats, so no game can be refereed again\n";
    ++check.problems;
  } else {
    for (const auto& [game, result] : match->results) check_game(*match, game, result, commitments, check, out);
  }
  // A shard of more shards than walls asks for no game, and is whole with none.
  if (match->results.empty() && games_asked(match->meta) > 0) {
    out << dir << "/results.jsonl: no finished game to check\n";
    ++check.problems;
  }
  // The summary is recomputed only from results and logs that hold up.
  if (check.problems == 0) check.problems += summary_problems(*match, out);

  int unmatched = 0;
  for (const auto& [key, lines] : commitments.by_hand) unmatched += check.in_logs.count(key) ? 0 : 1;
  out << "verify " << dir << ": " << match->results.size() << " games, " << check.in_logs.size() << " hands, "
      << check.used.size() << " commitments checked";
  if (unmatched > 0) out << "; commitments with no hand in the logs: " << unmatched;
  if (commitments.unreadable > 0) out << "; unreadable commitment lines: " << commitments.unreadable;
  if (check.problems == 0) {
    out << ": OK\n";
    return 0;
  }
  out << ": " << check.problems << (check.problems == 1 ? " problem\n" : " problems\n");
  return 1;
}



Subcommand add_verify_command(CLI::App& app) {
  auto dir = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand("verify", "check a match directory's walls, commitments and logs");
  command->add_option("dir", *dir, "match directory")->required();
  return {command, [dir] { return verify_match(*dir, std::cout); }};
}

}  // namespace tenbin::arena

#include "eval/match/match.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "engine/game.hpp"
#include "engine/mjai_log.hpp"
#include "eval/match/durable_file.hpp"
#include "eval/match/interrupt.hpp"
#include "eval/match/match_dir.hpp"
#include "eval/match/match_lock.hpp"
#include "eval/match/seat_check.hpp"
#include "eval/report/stats.hpp"

namespace tenbin::arena {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

}  // namespace

json match_meta(const MatchConfig& config) {
  json seats = json::array();
  for (const SeatSpec& spec : config.seats) {
    seats.push_back({{"name", spec.name}, {"command", spec.command}, {"dialect", dialect_name(spec.dialect)}, {"timeout_ms", spec.timeout_ms}});
  }
  json meta = {{"format", config.tonpuu ? "tonpuu" : "hanchan"}, {"seed", config.seed}, {"games", config.games},
               {"duplicate", config.duplicate}, {"seats", seats}, {"wall", wall_scheme_name(config.wall_scheme)}};
  if (config.shard) meta["shard"] = {{"index", config.shard->index}, {"count", config.shard->count}};
  if (!config.starts.empty()) {
    meta["starts"] = json::array();
    for (const HandStart& start : config.starts) meta["starts"].push_back(start_to_json(start));
  }
  return meta;
}

namespace {

// The events of a game's log up to its first unreadable line, if any.
std::vector<Event> read_log(const std::string& path) {
  std::vector<Event> events;
  for (MjaiLogLine& line : read_mjai_log_file(path).lines) events.push_back(std::move(line.event));
  return events;
}

// The games results.jsonl lists; a line cut short by an interruption: that game is played again.
std::set<int> finished_games(const MatchDir& dir, bool duplicate) {
  std::set<int> done;
  for (const auto& [game, result] : dir.read_results(duplicate)) done.insert(game);
  return done;
}

// Shared outputs, written under one lock, each line in one write (eval/match/durable_file.hpp); a log
// is in place before its game's result line, so a listed game always has its whole log.
class Outputs {
 public:
  explicit Outputs(const MatchDir& dir)
      : dir_(dir), results_(dir.results_path()), commitments_(dir.commitments_path()) {}

  void commitment(int game, int hand, const std::string& hash) {
    const std::lock_guard lock(mutex_);
    commitments_.append_line(json{{"game", game}, {"hand", hand}, {"sha256", hash}}.dump());
  }
  void finished(int game, const std::vector<Event>& log, const json& result) {
    std::string text;
    for (const Event& event : log) text += event_to_json(event).dump() + '\n';
    write_file_atomically(dir_.log_path(game), text);
    const std::lock_guard lock(mutex_);
    results_.append_line(result.dump());
    results_by_game_[game] = result;
  }
  std::map<int, json> snapshot() {
    const std::lock_guard lock(mutex_);
    return results_by_game_;
  }

 private:
  MatchDir dir_;
  std::mutex mutex_;
  AppendFile results_;
  AppendFile commitments_;
  std::map<int, json> results_by_game_;
};

json play_game(const MatchConfig& config, int game, PerSeat<std::unique_ptr<ProcessSeat>>& processes, Outputs& outputs) {
  GameConfig game_config;
  game_config.tonpuu = config.tonpuu;
  game_config.seed = config.seed;
  game_config.wall_game = wall_game_of(config.duplicate, game);
  game_config.wall_scheme = config.wall_scheme;
  game_config.start = start_of(config.starts, game_config.wall_game);
  PerSeat<ProcessSeat*> at{};
  for (int seat = 0; seat < 4; ++seat) {
    at[seat] = processes[command_at(config.duplicate, game, seat)].get();
    game_config.names[seat] = at[seat]->spec().name;
    at[seat]->clear_latencies();
    at[seat]->incidents() = Incidents{};
    at[seat]->join_game(seat, config.tonpuu);
  }
  Game referee(game_config);
  std::size_t sent = 0;
  HandCounter hands;  // the walls' keys, and the hands' numbers in commitments.jsonl
  PerSeat<int> decisions{};
  while (true) {
    throw_if_interrupted();  // an unfinished game is not written: --resume plays it again
    const auto& log = referee.log();
    for (; sent < log.size(); ++sent) {
      const Event& event = log[sent];
      if (event.type == EventType::start_kyoku) {
        const HandOfGame hand = hands.next(event);
        const Wall wall = Wall::generate(config.wall_scheme, config.seed, game_config.wall_game, hand);
        outputs.commitment(game, hand.index, wall.commitment());
      }
      const bool last = sent + 1 == log.size();
      for (int seat = 0; seat < 4; ++seat) {
        at[seat]->deliver(event, last && !referee.pending().legal[seat].empty());
      }
    }
    if (referee.finished()) break;
    PerSeat<std::optional<Action>> replies;
    for (int seat = 0; seat < 4; ++seat) {
      if (referee.pending().legal[seat].empty()) continue;
      replies[seat] = at[seat]->decide();
      ++decisions[seat];
    }
    const auto replaced = referee.answer(replies);
    for (int seat = 0; seat < 4; ++seat) {
      if (replaced[seat] && replies[seat]) {
        ++at[seat]->incidents().illegal;
        spdlog::warn("game {} seat {} ({}): illegal action {} replaced by the default", game, seat, at[seat]->spec().name,
                     event_to_json(replies[seat]->to_event(seat)).dump());
      }
    }
  }

  json seats = json::array();
  for (int seat = 0; seat < 4; ++seat) {
    const Incidents& i = at[seat]->incidents();
    seats.push_back({{"decisions", decisions[seat]},
                     {"latency_ms", at[seat]->latencies_ms()},
                     {"incidents", {{"timeouts", i.timeouts}, {"crashes", i.crashes}, {"junk", i.junk}, {"illegal", i.illegal}, {"restarts", i.restarts}}}});
  }
  json names = json::array();
  for (int seat = 0; seat < 4; ++seat) names.push_back(at[seat]->spec().name);
  json result = {{"game", game},
          {"wall_game", game_config.wall_game},
          {"names", names},
          {"scores", referee.scores()},
          {"ranks", referee.ranks()},
          {"points", referee.final_points()},
          {"hands", referee.hands_played()},
          {"seats", seats}};
  outputs.finished(game, referee.log(), result);
  return result;
}

std::string clock_text(double seconds) {
  const int s = static_cast<int>(seconds + 0.5);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

void show_progress(const std::map<int, json>& results, int planned, int total_done, double elapsed, int done_this_run) {
  std::map<std::string, WallSample> ranks;
  for (const auto& [game, result] : results) {
    for (int seat = 0; seat < 4; ++seat) {
      ranks[result.at("names").at(seat).get<std::string>()].add(static_cast<std::uint64_t>(game),
                                                                 result.at("ranks").at(seat).get<int>() + 1);
    }
  }
  const int width = 30;
  const int filled = planned ? width * total_done / planned : width;
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(width, '.');
  const int left = planned - total_done;
  const std::string eta = done_this_run > 0 ? clock_text(elapsed / done_this_run * left) : "?";
  std::string line = "[" + bar + "] " + std::to_string(total_done) + "/" + std::to_string(planned) +
                     " games  " + clock_text(elapsed) + " elapsed  ETA " + eta + "  avg rank:";
  for (const auto& [name, r] : ranks) line += fmt::format(" {} {:.2f}", name.substr(0, 20), r.estimate().mean);
  if (::isatty(STDERR_FILENO)) {
    std::fprintf(stderr, "\r%s\033[K", line.c_str());
    if (total_done == planned) std::fprintf(stderr, "\n");
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
}

}  // namespace

namespace {

std::map<std::string, CommandSummary> summarise(const MatchDir& dir, bool duplicate) {
  std::map<std::string, CommandSummary> summary;
  LuckRefusals refusals;
  for (const auto& [game, result] : dir.read_results(duplicate)) {
    refusals.note(game, add_game(summary, result.record, read_log(dir.log_path(game)), result.wall_game));
  }
  refusals.warn(dir.summary_path());
  return summary;
}

json summary_json(const std::map<std::string, CommandSummary>& summary) {
  json as_json = json::array();
  for (const auto& [name, s] : summary) as_json.push_back(s.to_json());
  return as_json;
}

}  // namespace

json summary_json(const MatchDir& dir, bool duplicate) { return summary_json(summarise(dir, duplicate)); }

std::string write_summary(const MatchDir& dir, bool duplicate) {
  const auto summary = summarise(dir, duplicate);
  write_file_atomically(dir.summary_path(), summary_json(summary).dump(2) + "\n");
  return summary_table(summary);
}

namespace {
// Why the match cannot be played as asked (a seat naming no program, a directory that cannot be
// one, another match's results), or nothing; the directory is made ready for the games.
// The directory's lock is taken into `lock` before anything in it is read.
std::optional<std::string> prepare(const MatchConfig& config, const MatchDir& dir, const json& meta,
                                   std::optional<MatchLock>& lock) {
  for (const SeatSpec& spec : config.seats) {
    if (auto problem = seat_command_problem(spec.command)) return "seat " + spec.name + ": " + *problem;
  }
  for (std::size_t entry = 0; entry < config.starts.size(); ++entry) {
    if (auto problem = hand_start_problem(config.starts[entry], Rules{}, config.tonpuu)) {
      return "start book entry " + std::to_string(entry + 1) + ": " + *problem;
    }
  }
  std::error_code error;
  for (const std::string& path : {dir.logs_dir(), dir.stderr_dir()}) {
    fs::create_directories(path, error);
    if (error) return "cannot make the match directory " + path + ": " + error.message();
  }
  std::string why;
  lock = MatchLock::take(dir.lock_path(), why);
  if (!lock) return config.out_dir + ": " + why;
  if (config.resume && fs::exists(dir.meta_path())) {
    json previous;
    try {
      dir.read_meta();  // every field checked before any is compared
      previous = dir.read_meta_json();
    } catch (const std::exception& unreadable) {
      return std::string("--resume: ") + unreadable.what();
    }
    const std::string previous_wall = wall_scheme_name(wall_scheme_of(previous));
    if (previous_wall != meta.at("wall")) {
      return "--resume: " + config.out_dir + " was played on " + previous_wall + " walls (--wall " + previous_wall + ")";
    }
    if (previous.at("seed") != meta.at("seed") || previous.value("seats", json()) != meta.at("seats") ||
        previous.value("duplicate", json()) != meta.at("duplicate") || previous.value("format", json()) != meta.at("format") ||
        previous.value("shard", json()) != meta.value("shard", json()) ||
        previous.value("starts", json()) != meta.value("starts", json())) {
      return "--resume: " + config.out_dir + " was played with other settings";
    }
  } else if (!config.resume && fs::is_regular_file(dir.results_path()) && fs::file_size(dir.results_path()) > 0) {
    return config.out_dir + " already holds results: use --resume to continue it, or another --out";
  }
  if (config.resume) {
    // A line in the middle that is not a result is damage, not an interruption (which can only
    // cut the last line): the match is not continued on it.
    const ResultsFile results = dir.read_results_file(config.duplicate);
    for (const UnreadableLine& line : results.unreadable_lines) {
      const bool last_cut_short = results.unfinished_last_line && line.line == results.lines;
      if (!last_cut_short) return "--resume: " + dir.results_path() + ":" + std::to_string(line.line) + ": " + line.why;
    }
  }
  return std::nullopt;
}

// A line the last run was writing when it was killed: cut off, its game played again.
void repair_after_interruption(const MatchDir& dir) {
  for (const std::string& path : {dir.results_path(), dir.commitments_path()}) {
    if (drop_unfinished_last_line(path)) spdlog::warn("{}: an unfinished last line (an interruption) was cut off", path);
  }
}

// The first error that stopped a job; the other jobs stop before their next game.
class Stop {
 public:
  void set(const std::string& why) {
    const std::lock_guard lock(mutex_);
    if (why_.empty()) why_ = why;
    stopped_ = true;
  }
  bool stopped() const { return stopped_; }
  std::string why() {
    const std::lock_guard lock(mutex_);
    return why_;
  }

 private:
  std::mutex mutex_;
  std::atomic<bool> stopped_{false};
  std::string why_;
};

}  // namespace

int run_match(const MatchConfig& config) {
  const MatchDir dir(config.out_dir);
  const json meta = match_meta(config);
  std::optional<MatchLock> match_lock;
  if (auto problem = prepare(config, dir, meta, match_lock)) {
    spdlog::error("{}", *problem);
    return 2;
  }
  if (config.resume) repair_after_interruption(dir);
  const InterruptCatcher catcher;
  write_file_atomically(dir.meta_path(), meta.dump(2) + "\n");

  const std::set<int> done = finished_games(dir, config.duplicate);
  Outputs outputs(dir);
  std::vector<int> todo;
  int planned = 0;
  for (int game = 0; game < config.games; ++game) {
    if (config.shard && !config.shard->holds(config.duplicate, game)) continue;
    ++planned;
    if (!done.count(game)) todo.push_back(game);
  }
  std::atomic<std::size_t> next{0};
  std::atomic<int> finished{0};
  const auto started = std::chrono::steady_clock::now();
  std::mutex progress_mutex;
  Stop stop;

  const auto play = [&](int job_index) {
    PerSeat<std::unique_ptr<ProcessSeat>> processes;
    for (int spec = 0; spec < 4; ++spec) {
      processes[spec] = std::make_unique<ProcessSeat>(config.seats[spec], dir.stderr_path(job_index, spec));
    }
    for (std::size_t i = next++; i < todo.size() && !stop.stopped(); i = next++) {
      const int game = todo[i];
      play_game(config, game, processes, outputs);
      ++finished;
      if (config.progress) {
        const std::lock_guard lock(progress_mutex);
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        show_progress(outputs.snapshot(), planned, static_cast<int>(done.size()) + finished, elapsed, finished);
      }
    }
  };
  const auto job = [&](int job_index) {
    try {
      play(job_index);
    } catch (const std::exception& error) {
      stop.set(error.what());
    }
  };
  std::vector<std::thread> threads;
  const int jobs = std::max(1, std::min<int>(config.jobs, static_cast<int>(todo.size())));
  for (int j = 0; j < jobs; ++j) threads.emplace_back(job, j);
  for (auto& thread : threads) thread.join();
  if (const int signal = interrupt_signal(); signal != 0) {
    spdlog::error("interrupted (signal {}): the seats are ended; {} of {} games are finished and kept in {}; --resume "
                  "continues the match", signal, done.size() + finished, config.games, config.out_dir);
    return 128 + signal;
  }
  if (stop.stopped()) {
    spdlog::error("the match stopped: {}", stop.why());
    spdlog::error("{} of {} games are finished and kept in {}; --resume continues the match", done.size() + finished,
                  config.games, config.out_dir);
    return 3;
  }

  const std::string table = write_summary(dir, config.duplicate);
  std::printf("%s", table.c_str());
  std::fflush(stdout);
  return 0;
}

}  // namespace tenbin::arena

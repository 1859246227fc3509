#include "eval/match.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "engine/game.hpp"
#include "engine/mjai_log.hpp"
#include "eval/match_dir.hpp"
#include "eval/stats.hpp"

namespace tenbin::arena {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

json meta_json(const MatchConfig& config) {
  json seats = json::array();
  for (const SeatSpec& spec : config.seats) {
    seats.push_back({{"name", spec.name}, {"command", spec.command}, {"dialect", dialect_name(spec.dialect)}, {"timeout_ms", spec.timeout_ms}});
  }
  return {{"format", config.tonpuu ? "tonpuu" : "hanchan"}, {"seed", config.seed}, {"games", config.games},
          {"duplicate", config.duplicate}, {"seats", seats}, {"wall", "tenbin-wall-v1"}};
}

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

// Shared outputs, written under one lock and flushed at once.
class Outputs {
 public:
  explicit Outputs(const MatchDir& dir)
      : dir_(dir), results_(dir.results_path(), std::ios::app), commitments_(dir.commitments_path(), std::ios::app) {}

  void commitment(int game, int hand, const std::string& hash) {
    const std::lock_guard lock(mutex_);
    commitments_ << json{{"game", game}, {"hand", hand}, {"sha256", hash}}.dump() << '\n' << std::flush;
  }
  void finished(int game, const std::vector<Event>& log, const json& result) {
    const std::string path = dir_.log_path(game);
    {
      std::ofstream out(path + ".tmp");
      for (const Event& event : log) out << event_to_json(event).dump() << '\n';
    }
    fs::rename(path + ".tmp", path);
    const std::lock_guard lock(mutex_);
    results_ << result.dump() << '\n' << std::flush;
    results_by_game_[game] = result;
  }
  std::map<int, json> snapshot() {
    const std::lock_guard lock(mutex_);
    return results_by_game_;
  }

 private:
  MatchDir dir_;
  std::mutex mutex_;
  std::ofstream results_;
  std::ofstream commitments_;
  std::map<int, json> results_by_game_;
};

json play_game(const MatchConfig& config, int game, std::array<std::unique_ptr<ProcessSeat>, 4>& processes, Outputs& outputs) {
  GameConfig game_config;
  game_config.tonpuu = config.tonpuu;
  game_config.seed = config.seed;
  game_config.wall_game = wall_game_of(config.duplicate, game);
  std::array<ProcessSeat*, 4> at{};
  for (int seat = 0; seat < 4; ++seat) {
    at[seat] = processes[command_at(config.duplicate, game, seat)].get();
    game_config.names[seat] = at[seat]->spec().name;
    at[seat]->clear_latencies();
    at[seat]->incidents() = Incidents{};
    at[seat]->join_game(seat, config.tonpuu);
  }
  Game referee(game_config);
  std::size_t sent = 0;
  int hand = 0;
  std::array<int, 4> decisions{};
  while (true) {
    const auto& log = referee.log();
    for (; sent < log.size(); ++sent) {
      const Event& event = log[sent];
      if (event.type == EventType::start_kyoku) {
        const Wall wall = Wall::generate(config.seed, game_config.wall_game, static_cast<std::uint64_t>(hand));
        outputs.commitment(game, hand++, wall.commitment());
      }
      const bool last = sent + 1 == log.size();
      for (int seat = 0; seat < 4; ++seat) {
        at[seat]->deliver(event, last && !referee.pending().legal[seat].empty());
      }
    }
    if (referee.finished()) break;
    std::array<std::optional<Action>, 4> replies;
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

void show_progress(const MatchConfig& config, const std::map<int, json>& results, int total_done, double elapsed, int done_this_run) {
  std::map<std::string, std::pair<double, int>> ranks;
  for (const auto& [game, result] : results) {
    for (int seat = 0; seat < 4; ++seat) {
      auto& r = ranks[result.at("names").at(seat).get<std::string>()];
      r.first += result.at("ranks").at(seat).get<int>() + 1;
      ++r.second;
    }
  }
  const int width = 30;
  const int filled = config.games ? width * total_done / config.games : width;
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(width, '.');
  const int left = config.games - total_done;
  const std::string eta = done_this_run > 0 ? clock_text(elapsed / done_this_run * left) : "?";
  std::string line = "[" + bar + "] " + std::to_string(total_done) + "/" + std::to_string(config.games) +
                     " games  " + clock_text(elapsed) + " elapsed  ETA " + eta + "  avg rank:";
  for (const auto& [name, r] : ranks) line += fmt::format(" {} {:.2f}", name.substr(0, 20), r.first / r.second);
  if (::isatty(STDERR_FILENO)) {
    std::fprintf(stderr, "\r%s\033[K", line.c_str());
    if (total_done == config.games) std::fprintf(stderr, "\n");
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
}

// Recomputes the summary of a match directory from its results and logs.
std::string summarise(const MatchDir& dir, bool duplicate, json* as_json) {
  std::map<std::string, CommandSummary> summary;
  for (const auto& [game, result] : dir.read_results(duplicate)) add_game(summary, result.record, read_log(dir.log_path(game)));
  if (as_json != nullptr) {
    *as_json = json::array();
    for (const auto& [name, s] : summary) as_json->push_back(s.to_json());
  }
  return summary_table(summary);
}

}  // namespace

int run_match(const MatchConfig& config) {
  const MatchDir dir(config.out_dir);
  fs::create_directories(dir.logs_dir());
  fs::create_directories(dir.stderr_dir());
  const json meta = meta_json(config);
  if (config.resume && fs::exists(dir.meta_path())) {
    const json previous = dir.read_meta_json();
    if (previous.at("seed") != meta.at("seed") || previous.at("seats") != meta.at("seats") ||
        previous.at("duplicate") != meta.at("duplicate") || previous.at("format") != meta.at("format")) {
      spdlog::error("--resume: {} was played with other settings", config.out_dir);
      return 2;
    }
  } else if (!config.resume && fs::exists(dir.results_path()) && fs::file_size(dir.results_path()) > 0) {
    spdlog::error("{} already holds results: use --resume to continue it, or another --out", config.out_dir);
    return 2;
  }
  {
    std::ofstream out(dir.meta_path());
    out << meta.dump(2) << '\n';
  }

  const std::set<int> done = finished_games(dir, config.duplicate);
  Outputs outputs(dir);
  std::vector<int> todo;
  for (int game = 0; game < config.games; ++game) {
    if (!done.count(game)) todo.push_back(game);
  }
  std::atomic<std::size_t> next{0};
  std::atomic<int> finished{0};
  const auto started = std::chrono::steady_clock::now();
  std::mutex progress_mutex;

  const auto job = [&](int job_index) {
    std::array<std::unique_ptr<ProcessSeat>, 4> processes;
    for (int spec = 0; spec < 4; ++spec) {
      processes[spec] = std::make_unique<ProcessSeat>(config.seats[spec], dir.stderr_path(job_index, spec));
    }
    for (std::size_t i = next++; i < todo.size(); i = next++) {
      const int game = todo[i];
      play_game(config, game, processes, outputs);
      ++finished;
      if (config.progress) {
        const std::lock_guard lock(progress_mutex);
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        show_progress(config, outputs.snapshot(), static_cast<int>(done.size()) + finished, elapsed, finished);
      }
    }
  };
  std::vector<std::thread> threads;
  const int jobs = std::max(1, std::min<int>(config.jobs, static_cast<int>(todo.size())));
  for (int j = 0; j < jobs; ++j) threads.emplace_back(job, j);
  for (auto& thread : threads) thread.join();

  json summary_json;
  const std::string table = summarise(dir, config.duplicate, &summary_json);
  std::ofstream(dir.summary_path()) << summary_json.dump(2) << '\n';
  std::printf("%s", table.c_str());
  std::fflush(stdout);
  return 0;
}

}  // namespace tenbin::arena

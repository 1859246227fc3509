#include "eval/report/report.hpp"

#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "engine/tile.hpp"
#include "eval/check/verify.hpp"
#include "eval/match/durable_file.hpp"
#include "eval/match/match_dir.hpp"
#include "eval/report/report_page.hpp"
#include "eval/report/stats.hpp"
#include "eval/study/game_log.hpp"

namespace tenbin::arena {

namespace {

using json = nlohmann::json;

// Upper edges of the latency histogram's bins, in milliseconds (the last bin is open).
constexpr double kLatencyEdgesMs[] = {0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000};

json latency_bin_labels() {
  json labels = json::array();
  double lower = 0;
  for (const double edge : kLatencyEdgesMs) {
    std::ostringstream text;
    text << lower << "-" << edge;
    labels.push_back(text.str());
    lower = edge;
  }
  std::ostringstream last;
  last << ">" << lower;
  labels.push_back(last.str());
  return labels;
}

json latency_histogram(const std::vector<double>& latencies_ms) {
  std::vector<int> counts(std::size(kLatencyEdgesMs) + 1, 0);
  for (const double latency : latencies_ms) {
    std::size_t bin = 0;
    while (bin < std::size(kLatencyEdgesMs) && latency >= kLatencyEdgesMs[bin]) ++bin;
    ++counts[bin];
  }
  return counts;
}

// A per-hand rate with the half-width of its 95% interval over walls (null with a single wall).
json rate_over_walls(const WallSample& sample) {
  const Estimate e = sample.estimate();
  return {{"rate", e.mean}, {"ci95", e.walls < 2 ? json() : json(e.ci95)}, {"walls", e.walls}};
}

json command_json(const CommandSummary& s) {
  json figures = s.to_json();
  figures["rates"] = {{"win", rate_over_walls(s.win_rate)},
                      {"deal_in", rate_over_walls(s.deal_in_rate)},
                      {"riichi", rate_over_walls(s.riichi_rate)},
                      {"call", rate_over_walls(s.call_rate)}};
  figures["latency_histogram"] = latency_histogram(s.latencies_ms);
  return figures;
}

std::string hand_label(const Event& start) {
  static const char* const winds = "ESWN";
  const int wind = start.bakaze - kinds::east;
  const char round = wind >= 0 && wind < 4 ? winds[wind] : '?';
  return start.honba > 0 ? fmt::format("{}{}-{}", round, start.kyoku, start.honba) : fmt::format("{}{}", round, start.kyoku);
}

// The four scores at the start of each hand, then the final scores.
json scores_by_hand(const std::vector<Event>& log, const json& result) {
  json labels = json::array();
  json scores = json::array();
  for (const Event& event : log) {
    if (event.type != EventType::start_kyoku || !event.has_scores) continue;
    labels.push_back(hand_label(event));
    scores.push_back(event.scores);
  }
  labels.push_back("end");
  scores.push_back(result.at("scores"));
  return {{"hands", labels}, {"scores", scores}};
}

// Each command's running total of points over the games, the points of a command sitting in
// several seats of one game averaged over them.
json cumulative_points(const std::map<int, GameResult>& results) {
  std::map<std::string, std::vector<double>> totals;
  for (const auto& [game, result] : results) {
    std::map<std::string, std::pair<double, int>> in_game;
    for (int seat = 0; seat < 4; ++seat) {
      auto& [sum, count] = in_game[result.record.at("names").at(seat).get<std::string>()];
      sum += result.record.at("points").at(seat).get<double>();
      ++count;
    }
    for (const auto& [name, sum_count] : in_game) {
      auto& series = totals[name];
      const double before = series.empty() ? 0 : series.back();
      series.push_back(before + sum_count.first / sum_count.second);
    }
  }
  return totals;
}

// Duplicate seating: for each wall, the four rotations side by side, each seat command's rank
// and final score in each.
json duplicate_rotations(const MatchMeta& meta, const json& seats, const std::map<int, GameResult>& results) {
  std::map<std::uint64_t, std::vector<int>> games_of_wall;
  for (const auto& [game, result] : results) games_of_wall[wall_game_of(true, game)].push_back(game);
  json walls = json::array();
  for (const auto& [wall, games] : games_of_wall) {
    json rows = json::array();
    for (int command = 0; command < 4; ++command) {
      json cells = json::array();
      for (const int game : games) {
        for (int seat = 0; seat < 4; ++seat) {
          if (command_at(meta.duplicate, game, seat) != command) continue;
          const json& record = results.at(game).record;
          cells.push_back({{"seat", seat}, {"rank", record.at("ranks").at(seat)}, {"score", record.at("scores").at(seat)}});
        }
      }
      rows.push_back({{"command", command}, {"name", seats.at(command).at("name")}, {"cells", cells}});
    }
    walls.push_back({{"wall_game", wall}, {"games", games}, {"rows", rows}});
  }
  return walls;
}

json verification(const std::string& dir) {
  std::ostringstream output;
  const int status = verify_match(dir, output);
  std::string last;
  std::istringstream lines(output.str());
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) last = line;
  }
  return {{"verified", status == 0}, {"message", last}};
}

std::string read_whole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

json report_data(const std::string& path) {
  const MatchDir dir(path);
  const MatchMeta meta = dir.read_meta();
  if (meta.seat_names.size() != 4) throw std::runtime_error(dir.meta_path() + ": seats: missing");
  const json meta_json = dir.read_meta_json();
  const ResultsFile file = dir.read_results_file(meta.duplicate);
  if (!file.unreadable_lines.empty()) {
    const UnreadableLine& line = file.unreadable_lines.front();
    throw std::runtime_error(dir.results_path() + ":" + std::to_string(line.line) + ": an unreadable result line: " + line.why);
  }
  const auto& results = file.games;
  if (results.empty()) throw std::runtime_error(dir.results_path() + ": no finished game");

  std::map<std::string, CommandSummary> summary;
  LuckRefusals refusals;
  json games = json::array();
  for (const auto& [game, result] : results) {
    const std::vector<Event> log = read_game_log(dir.log_path(game));
    refusals.note(game, add_game(summary, result.record, log, result.wall_game));
    json shown = scores_by_hand(log, result.record);
    shown["game"] = game;
    shown["names"] = result.record.at("names");
    shown["ranks"] = result.record.at("ranks");
    games.push_back(std::move(shown));
  }
  refusals.warn(path);
  json commands = json::array();
  for (const auto& [name, s] : summary) commands.push_back(command_json(s));

  json match = {{"dir", path},
                {"seed", meta.seed},
                {"duplicate", meta.duplicate},
                {"format", meta_json.value("format", "hanchan")},
                {"wall", wall_scheme_name(meta.wall_scheme)},
                {"games_asked", meta.games},
                {"games_played", results.size()},
                {"seats", meta_json.at("seats")},
                {"commitments", verification(path)}};
  json data = {{"match", match},
               {"commands", commands},
               {"latency_bins_ms", latency_bin_labels()},
               {"cumulative_points", cumulative_points(results)},
               {"games", games},
               {"duplicate", json::array()}};
  if (meta.duplicate) data["duplicate"] = duplicate_rotations(meta, meta_json.at("seats"), results);
  return data;
}

int write_report(const std::string& dir, const std::string& chart_js, std::ostream& out, std::ostream& errors) {
  try {
    const std::string library = read_whole(chart_js);
    const std::string page = report_page(library, report_data(dir));
    const std::string path = dir + "/report.html";
    write_file_atomically(path, page);
    out << path << "\n";
    return 0;
  } catch (const std::exception& error) {
    errors << "tenbin-arena report: " << error.what() << "\n";
    return 3;
  }
}


Subcommand add_report_command(CLI::App& app) {
  struct ReportArguments {
    std::string dir;
    std::string chart_js = kDebianChartJs;
  };
  auto arguments = std::make_shared<ReportArguments>();
  CLI::App* command = app.add_subcommand("report", "write DIR/report.html: the match's figures and plots in one page");
  command->add_option("dir", arguments->dir, "match directory")->required();
  command->add_option("--chart-js", arguments->chart_js, "Chart.js to inline (Debian's libjs-chart.js by default)");
  return {command, [arguments] { return write_report(arguments->dir, arguments->chart_js, std::cout, std::cerr); }};
}

}  // namespace tenbin::arena

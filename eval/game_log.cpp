#include "eval/game_log.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>

#include <nlohmann/json.hpp>

#include "engine/mjai_log.hpp"
#include "eval/match.hpp"

namespace tenbin::arena {

std::vector<Event> read_game_log(const std::string& path) {
  MjaiLogFile log = read_mjai_log_file(path);
  if (log.problem) throw LogError(log.problem->message(path));
  std::vector<Event> events;
  events.reserve(log.lines.size());
  for (MjaiLogLine& line : log.lines) events.push_back(std::move(line.event));
  return events;
}

std::vector<std::string> match_logs(const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> logs;
  std::error_code error;
  for (fs::directory_iterator it(fs::path(dir) / "logs", error), end; !error && it != end; it.increment(error)) {
    if (it->path().extension() == ".mjson") logs.push_back(it->path().string());
  }
  if (error) throw LogError(dir + "/logs: " + error.message());
  std::sort(logs.begin(), logs.end());
  return logs;
}

std::vector<std::string> expand_log_inputs(const std::vector<std::string>& inputs, std::ostream& errors) {
  std::vector<std::string> logs;
  for (const std::string& input : inputs) {
    if (!std::filesystem::is_directory(input)) {
      logs.push_back(input);
      continue;
    }
    try {
      for (const std::string& log : match_logs(input)) logs.push_back(log);
    } catch (const LogError& error) {
      errors << error.what() << "\n";
    }
  }
  return logs;
}

MatchGames read_match_games(const std::string& dir) {
  MatchGames match;
  bool duplicate = false;
  try {
    std::ifstream in(dir + "/meta.json");
    const nlohmann::json meta = nlohmann::json::parse(in);
    if (meta.value("wall", std::string("tenbin-wall-v1")) != "tenbin-wall-v1") throw LogError("not a tenbin-wall-v1 match");
    match.seed = meta.at("seed").get<std::uint64_t>();
    duplicate = meta.value("duplicate", false);
  } catch (const std::exception& error) {
    throw LogError(dir + "/meta.json: " + error.what());
  }
  std::map<int, MatchGame> games;
  std::ifstream in(dir + "/results.jsonl");
  std::string text;
  while (std::getline(in, text)) {
    try {
      const nlohmann::json line = nlohmann::json::parse(text);
      const int game = line.at("game").get<int>();
      const std::uint64_t implied = static_cast<std::uint64_t>(duplicate ? game / 4 : game);
      games[game] = {game, line.value("wall_game", implied), log_path(dir, game)};
    } catch (const std::exception&) {
      // A line cut short by an interruption: that game was played again.
    }
  }
  for (const auto& [game, entry] : games) match.games.push_back(entry);
  return match;
}

}  // namespace tenbin::arena

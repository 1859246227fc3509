#include "eval/game_log.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

namespace tenbin::arena {

std::vector<Event> read_game_log(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw LogError(path + ": cannot open the log");
  std::vector<Event> events;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (text.empty() || text == "\r") continue;
    try {
      events.push_back(parse_event(nlohmann::json::parse(text)).event);
    } catch (const std::exception& error) {
      throw LogError(path + ":" + std::to_string(number) + ": unreadable event: " + error.what());
    }
  }
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

}  // namespace tenbin::arena

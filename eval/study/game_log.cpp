#include "eval/study/game_log.hpp"

#include <filesystem>
#include <ostream>

#include "engine/mjai_log.hpp"
#include "eval/match/match_dir.hpp"

namespace tenbin::arena {

std::vector<Event> read_game_log(const std::string& path) {
  MjaiLogFile log = read_mjai_log_file(path);
  if (log.problem) throw LogError(log.problem->message(path));
  std::vector<Event> events;
  events.reserve(log.lines.size());
  for (MjaiLogLine& line : log.lines) events.push_back(std::move(line.event));
  return events;
}

std::vector<std::string> expand_log_inputs(const std::vector<std::string>& inputs, std::ostream& errors) {
  std::vector<std::string> logs;
  for (const std::string& input : inputs) {
    if (!std::filesystem::is_directory(input)) {
      logs.push_back(input);
      continue;
    }
    try {
      for (const std::string& log : MatchDir(input).log_files()) logs.push_back(log);
    } catch (const std::runtime_error& error) {
      errors << error.what() << "\n";
    }
  }
  return logs;
}

}  // namespace tenbin::arena

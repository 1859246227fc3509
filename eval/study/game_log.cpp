#include "eval/study/game_log.hpp"

#include <array>
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

// The seats that ron the discard at `index` (the hora events right after it).
std::array<bool, 4> ronned_by(const std::vector<Event>& log, std::size_t index) {
  std::array<bool, 4> ron{};
  const int discarder = log[index].actor;
  for (std::size_t j = index + 1; j < log.size() && log[j].type == EventType::hora; ++j) {
    if (log[j].target == discarder && log[j].actor >= 0 && log[j].actor < 4) ron[log[j].actor] = true;
  }
  return ron;
}

}  // namespace tenbin::arena

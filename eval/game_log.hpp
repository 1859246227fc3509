// Reading a full game log (one mjai event per line, as the arena writes logs/NNNN.mjson) for the
// offline evaluations: the tenpai data and the opponent-model calibration.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "engine/mjai.hpp"

namespace tenbin::arena {

class LogError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Every event of the log in order (blank lines skipped); throws LogError naming the file and
// line of the first unreadable one, or a file that cannot be opened.
std::vector<Event> read_game_log(const std::string& path);

// The logs of a match directory (DIR/logs/*.mjson), sorted by name.
std::vector<std::string> match_logs(const std::string& dir);

}  // namespace tenbin::arena

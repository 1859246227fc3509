// Reading full game logs (one mjai event per line, as the arena writes logs/NNNN.mjson) for the
// offline evaluations: the tenpai data, the opponent-model calibration and the wall experiment.
#pragma once

#include <array>
#include <cstddef>
#include <iosfwd>
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

// Log files as given, and every log of each match directory given; a directory that cannot be
// listed is reported on `errors` and skipped.
std::vector<std::string> expand_log_inputs(const std::vector<std::string>& inputs, std::ostream& errors);

// The seats that ron the discard at `index` of `log` (the hora events right after it).
std::array<bool, 4> ronned_by(const std::vector<Event>& log, std::size_t index);

}  // namespace tenbin::arena

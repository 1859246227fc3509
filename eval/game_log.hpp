// Reading a full game log (one mjai event per line, as the arena writes logs/NNNN.mjson) for the
// offline evaluations: the tenpai data and the opponent-model calibration.
#pragma once

#include <cstdint>
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

// The logs of a match directory (DIR/logs/*.mjson), sorted by name.
std::vector<std::string> match_logs(const std::string& dir);

// Log files as given, and every log of each match directory given; a directory that cannot be
// listed is reported on `errors` and skipped.
std::vector<std::string> expand_log_inputs(const std::vector<std::string>& inputs, std::ostream& errors);

// A finished game of a match directory and the wall it was dealt from.
struct MatchGame {
  int game = 0;
  std::uint64_t wall_game = 0;
  std::string log;  // its log file
};
struct MatchGames {
  std::uint64_t seed = 0;
  std::vector<MatchGame> games;  // in game order
};
// The seed (meta.json) and the finished games (results.jsonl) of a tenbin-wall-v1 match
// directory; throws LogError when meta.json is unreadable or not such a match.
MatchGames read_match_games(const std::string& dir);

}  // namespace tenbin::arena

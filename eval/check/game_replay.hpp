// A logged game played again by the referee (engine/game): the same seeded walls, and at each
// decision the action the log records fed back as the seat's reply. Every event the referee
// then emits must be the log's line at that place, field for field, so a log that was edited
// anywhere (a tile, a flag, a delta, a score) no longer matches the game its actions make.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/game.hpp"
#include "engine/mjai.hpp"
#include "engine/mjai_log.hpp"

namespace tenbin::arena {

// One line of a log as written, and the event it reads as.
struct LoggedEvent {
  int line = 0;  // from 1
  nlohmann::json written;
  Event event;
};

// A log's lines up to its first unreadable one, and that line's problem.
struct LoggedGame {
  std::vector<LoggedEvent> events;
  int problem_line = 0;  // 0: every line read
  std::string problem;
};

// Reads a game log; a file over `max_bytes` is a problem (line 0) and is not read.
LoggedGame read_logged_game(const std::string& path, std::uintmax_t max_bytes = kMaxLogFileBytes);

// Where the replay first parts from the log: its line (0: the log's end) and what differs.
struct ReplayMismatch {
  int line = 0;
  std::string what;
};

// What the referee makes of the game: the result the arena writes for it, less what only the
// seats' processes measured (latencies, incidents).
struct RefereeResult {
  PerSeat<int> scores{};
  PerSeat<int> ranks{};
  PerSeat<double> points{};
  int hands = 0;
  PerSeat<int> decisions{};  // the times each seat was asked
};

struct Replay {
  std::optional<ReplayMismatch> mismatch;  // the first, if any
  std::optional<RefereeResult> result;     // when the game played to its end
};

// Plays the game of `config` with the actions of `logged`, comparing every event.
Replay replay_game(const GameConfig& config, const std::vector<LoggedEvent>& logged);

}  // namespace tenbin::arena

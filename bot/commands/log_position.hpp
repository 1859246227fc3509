// The position at the end of an mjai log as one seat sees it: every line parsed, masked for the
// seat (the other seats' deals and draws become "?") and applied to that seat's table. Shared by
// the commands that answer for "the position at the end of a log" (`tenbin nanikiru --seat N`,
// `tenbin danger --seat N`).
#pragma once

#include <iosfwd>

#include "engine/table.hpp"

namespace tenbin {

struct LogPosition {
  Table table;
  int next_drawer = -1;  // the seat that draws next, when known (-1: the drawer discards next)
  int lines = 0;         // non-blank lines read
};

// Throws std::invalid_argument naming the line for a line that is not an mjai event or does not
// fit the table, and when the log holds no hand for `seat`.
LogPosition read_log_position(std::istream& log, int seat);

}  // namespace tenbin

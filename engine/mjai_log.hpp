// Reading mjai logs: one event per line, as the arena writes logs/NNNN.mjson and as the log
// commands read them on stdin. Blank lines are skipped; every event keeps its line number, and an
// unreadable line is reported with its number.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/mjai.hpp"

namespace tenbin {

struct MjaiLogLine {
  int number = 0;  // 1-based line number in the log
  Event event;
};

// A line that is not an mjai event; what() is "line N: reason".
class MjaiLogError : public std::runtime_error {
 public:
  MjaiLogError(int line, const std::string& reason);
  int line() const { return line_; }
  const std::string& reason() const { return reason_; }

 private:
  int line_;
  std::string reason_;
};

// Reads a log one event at a time.
class MjaiLogReader {
 public:
  explicit MjaiLogReader(std::istream& in) : in_(in) {}

  // The next event, or nothing at the end. Throws MjaiLogError for an unreadable line; the
  // reader has then moved past it, so reading may go on.
  std::optional<MjaiLogLine> next();

  int lines_read() const { return lines_read_; }  // non-blank lines so far

 private:
  std::istream& in_;
  int line_ = 0;
  int lines_read_ = 0;
};

// What went wrong reading a log file: the file as a whole (line 0) or one line.
struct MjaiLogProblem {
  int line = 0;
  std::string what;  // "cannot open the log", or "unreadable event: ..."

  // "PATH:LINE: what", or "PATH: what" for the file as a whole.
  std::string message(const std::string& path) const;
};

struct MjaiLogFile {
  std::vector<MjaiLogLine> lines;         // every event up to the first problem
  std::optional<MjaiLogProblem> problem;  // the first problem, if any
};

// A whole hanchan logs some 300 KB; a file far beyond that is refused unread (memory stays bounded
// whatever file a log path names).
constexpr std::uintmax_t kMaxLogFileBytes = std::uintmax_t{64} << 20;

MjaiLogFile read_mjai_log_file(const std::string& path);

}  // namespace tenbin

// The arena's writes, each one checked: a failure (a full disk, a file that cannot be written)
// throws WriteError naming the file and the reason, and nothing half-written is left looking
// finished. A line is appended in one write() with its newline, and a whole file is written
// under a temporary name, synced and only then renamed into place; so a kill at any moment
// leaves at most one unfinished last line, which a resume cuts off.
#pragma once

#include <stdexcept>
#include <string>

namespace tenbin::arena {

class WriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An append-only file of lines (results.jsonl, commitments.jsonl).
class AppendFile {
 public:
  explicit AppendFile(std::string path);  // creates the file if need be; throws WriteError
  ~AppendFile();
  AppendFile(const AppendFile&) = delete;
  AppendFile& operator=(const AppendFile&) = delete;

  // `line` and its newline in one write, synced to the disk; throws WriteError.
  void append_line(const std::string& line);

 private:
  std::string path_;
  int fd_ = -1;
};

// Writes `text` to PATH.tmp, syncs it and renames it over `path`; throws WriteError.
void write_file_atomically(const std::string& path, const std::string& text);

// A last line without its newline was cut short by an interruption: it is cut off, so that the
// next line appended does not join it. Returns whether anything was cut; throws WriteError.
bool drop_unfinished_last_line(const std::string& path);

// A fault injected for the tests, from the environment variable TENBIN_ARENA_WRITE_FAULT="N:KIND":
// the Nth checked write of the process (counted from 1) fails as on a full disk (KIND enospc),
// or the process is killed just before it (kill) or halfway through it (cut).
constexpr const char* kWriteFaultVariable = "TENBIN_ARENA_WRITE_FAULT";

}  // namespace tenbin::arena

// The one way the tests start a program: its arguments, text on its stdin, its stdout and stderr
// captured apart, and a deadline after which it is killed (Boost.Process).
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace tenbin::subprocess {

struct Result {
  int exit_code = -1;      // -1 when ended by a signal or killed at the deadline
  bool timed_out = false;  // killed at the deadline
  std::string out;
  std::string err;
};

// Runs `program` with `arguments` (no shell), writes `input` to its stdin and closes it, and
// waits for it to end or for `timeout` to pass.
Result run(const std::filesystem::path& program, const std::vector<std::string>& arguments,
           const std::string& input = {}, std::chrono::milliseconds timeout = std::chrono::seconds(60));

// The tenbin and tenbin-arena executables under test.
std::filesystem::path tenbin_binary();
std::filesystem::path arena_binary();

}  // namespace tenbin::subprocess

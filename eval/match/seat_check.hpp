// Before a match: each seat's command must name a program that exists, so that a typo stops the
// arena at once with the reason instead of playing a match of restarts.
#pragma once

#include <optional>
#include <string>

namespace tenbin::arena {

// The program a shell command line runs: its first word, past variable assignments and `exec`;
// nothing when the line is too clever to tell (quotes, expansions, several commands).
std::optional<std::string> program_of(const std::string& command);

// Why the command cannot start ("no such program: ..."), or nothing when it looks runnable (or
// cannot be told).
std::optional<std::string> seat_command_problem(const std::string& command);

}  // namespace tenbin::arena

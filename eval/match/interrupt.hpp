// SIGINT and SIGTERM while a match plays. The handler only records the signal and makes a pipe
// readable; every wait on a bot polls that pipe beside the bot's output, so that each job stops
// at once, its seats' process groups are ended, and the games already written stay as they are
// (the match is resumable with --resume).
#pragma once

#include <stdexcept>

namespace tenbin::arena {

// Catches SIGINT and SIGTERM while it lives; the previous handlers come back after.
class InterruptCatcher {
 public:
  InterruptCatcher();
  ~InterruptCatcher();
  InterruptCatcher(const InterruptCatcher&) = delete;
  InterruptCatcher& operator=(const InterruptCatcher&) = delete;
};

// The signal that interrupted the match, or 0.
int interrupt_signal();
// Readable once a signal came (-1 while no catcher was ever made): for poll().
int interrupt_fd();

// Thrown where a job waits (or is about to ask a seat) once the match is interrupted.
class Interrupted : public std::runtime_error {
 public:
  Interrupted() : std::runtime_error("interrupted by a signal") {}
};

// Throws Interrupted once a signal came.
void throw_if_interrupted();

}  // namespace tenbin::arena

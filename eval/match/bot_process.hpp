// One bot as a child process (Boost.Process): its own stdin/stdout pipes, stderr to a file,
// line-based I/O with a timeout, and a clean kill.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace tenbin::arena {

class BotProcess {
 public:
  // Runs `command` through /bin/sh -c; stderr is appended to `stderr_path` ("" = discarded).
  // start() throws std::runtime_error when that file cannot be opened.
  BotProcess(std::string command, std::string stderr_path);
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  void start();
  // Ends the command's whole process group (the shell, the bot, and any child they started in
  // it), whether or not its first process still runs, and reaps that process.
  void stop();
  bool running();

  // Writes one line; false when the process is gone.
  bool send(const std::string& line);
  // Reads one line, waiting at most `timeout`; nothing on timeout or end of output, or when the
  // arena is interrupted (eval/match/interrupt.hpp) meanwhile. Lines longer than 1 MiB are cut.
  enum class ReadStatus { line, timeout, closed, interrupted };
  ReadStatus read(std::string& line, std::chrono::milliseconds timeout);
  // Discards output already waiting (stale replies); returns how many lines it dropped.
  int drain();

 private:
  struct Impl;
  std::string command_;
  std::string stderr_path_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tenbin::arena

#include "eval/match/interrupt.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace tenbin::arena {
namespace {

volatile sig_atomic_t caught_signal = 0;
// The self-pipe: made once, kept for the process's life (a handler may still run while a
// catcher goes away).
int pipe_read = -1;
int pipe_write = -1;
struct sigaction previous_int {};
struct sigaction previous_term {};

void on_signal(int signal) {
  const int saved_errno = errno;
  caught_signal = signal;
  const char byte = 1;
  [[maybe_unused]] const ssize_t ignored = ::write(pipe_write, &byte, 1);
  errno = saved_errno;
}

void make_pipe() {
  if (pipe_read >= 0) return;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) {
    throw std::runtime_error(std::string("cannot make the interrupt pipe: ") + std::strerror(errno));
  }
  pipe_read = fds[0];
  pipe_write = fds[1];
}

void empty_pipe() {
  std::array<char, 64> bytes{};
  while (::read(pipe_read, bytes.data(), bytes.size()) > 0) {
  }
}

}  // namespace

InterruptCatcher::InterruptCatcher() {
  make_pipe();
  empty_pipe();
  caught_signal = 0;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // file writes go on; the waits on bots poll the pipe
  ::sigaction(SIGINT, &action, &previous_int);
  ::sigaction(SIGTERM, &action, &previous_term);
}

InterruptCatcher::~InterruptCatcher() {
  ::sigaction(SIGINT, &previous_int, nullptr);
  ::sigaction(SIGTERM, &previous_term, nullptr);
}

int interrupt_signal() { return caught_signal; }

int interrupt_fd() { return pipe_read; }

void throw_if_interrupted() {
  if (caught_signal != 0) throw Interrupted();
}

}  // namespace tenbin::arena

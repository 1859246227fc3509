#include "eval/match/bot_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <stdexcept>

#include <boost/process.hpp>
#include <boost/process/extend.hpp>

#include "eval/match/interrupt.hpp"

namespace tenbin::arena {

namespace bp = boost::process;

namespace {

// Spawns one at a time, with every pipe end close-on-exec, so that no child inherits another
// bot's pipes (which would hide that bot's death from us).
std::mutex spawn_mutex;

// Input a bot has not taken yet waits in a queue (a pipe holds only 64 KiB, and a bot that is
// slow to start, or that never reads, must not stall the match). Past this much - hundreds of
// games of events - the bot has stopped reading for good and is treated as gone.
constexpr std::size_t kMaxQueuedInput = std::size_t{8} << 20;

void close_on_exec(int fd) { ::fcntl(fd, F_SETFD, ::fcntl(fd, F_GETFD) | FD_CLOEXEC); }

// Whether the command's first process still runs. It is not reaped here: until stop() reaps it,
// its pid (the group's id) cannot be given to another process, so killing the group is safe.
bool leader_running(pid_t pid) {
  siginfo_t info{};
  return ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == 0;
}

}  // namespace

struct BotProcess::Impl {
  bp::pipe to_bot;
  bp::pipe from_bot;
  bp::child child;
  std::string buffer;
  std::string queued;        // input not yet taken by the bot
  std::size_t queued_at = 0;  // how much of `queued` is already written
  bool closed = false;       // end of the bot's output
  bool broken = false;       // its input cannot be written: it died or stopped reading

  bool input_waiting() const { return !broken && queued_at < queued.size(); }

  // Writes as much queued input as the pipe takes now, without waiting.
  void flush_input() {
    const int fd = to_bot.native_sink();
    while (input_waiting()) {
      const ssize_t n = ::write(fd, queued.data() + queued_at, queued.size() - queued_at);
      if (n > 0) {
        queued_at += static_cast<std::size_t>(n);
      } else if (n < 0 && errno == EINTR) {
        continue;
      } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        break;
      } else {
        broken = true;  // EPIPE: the bot is gone
      }
    }
    if (queued_at == queued.size() || queued_at > (std::size_t{1} << 20)) {
      queued.erase(0, queued_at);
      queued_at = 0;
    }
  }
};

BotProcess::BotProcess(std::string command, std::string stderr_path)
    : command_(std::move(command)), stderr_path_(std::move(stderr_path)) {}

BotProcess::~BotProcess() { stop(); }

void BotProcess::start() {
  stop();
  impl_ = std::make_unique<Impl>();
  // Appended to, so that a restarted bot's stderr follows the one before it.
  const std::string err = stderr_path_.empty() ? "/dev/null" : stderr_path_;
  const std::unique_ptr<FILE, int (*)(FILE*)> err_file(std::fopen(err.c_str(), "ae"), &std::fclose);
  if (!err_file) throw std::runtime_error("cannot open " + err + " for the bot's stderr: " + std::strerror(errno));
  const std::lock_guard lock(spawn_mutex);
  for (const int fd : {impl_->to_bot.native_source(), impl_->to_bot.native_sink(),
                       impl_->from_bot.native_source(), impl_->from_bot.native_sink()}) {
    close_on_exec(fd);
  }
  // A new process group, so that stop() also ends whatever the command line started.
  impl_->child = bp::child(bp::search_path("sh"), "-c", command_, bp::std_in < impl_->to_bot,
                           bp::std_out > impl_->from_bot, bp::std_err > err_file.get(),
                           bp::extend::on_exec_setup = [](auto&) { ::setpgid(0, 0); });
  // The child's ends were closed here by Boost.Process on success; forget them.
  impl_->to_bot.assign_source(-1);
  impl_->from_bot.assign_sink(-1);
  // Writes never block: what the pipe cannot take yet is queued (see flush_input).
  const int sink = impl_->to_bot.native_sink();
  ::fcntl(sink, F_SETFL, ::fcntl(sink, F_GETFL) | O_NONBLOCK);
}

void BotProcess::stop() {
  if (!impl_) return;
  if (impl_->child.valid()) {
    // Also when the first process has ended: a child it left behind (a helper, a server) is
    // still in the group and must not outlive the seat.
    ::kill(-impl_->child.id(), SIGKILL);
    std::error_code ignored;
    impl_->child.wait(ignored);
  }
  impl_.reset();
}

bool BotProcess::running() {
  return impl_ && impl_->child.valid() && leader_running(impl_->child.id()) && !impl_->closed && !impl_->broken;
}

bool BotProcess::send(const std::string& line) {
  if (!impl_ || impl_->broken) return false;
  impl_->queued += line;
  impl_->queued += '\n';
  impl_->flush_input();
  if (impl_->queued.size() - impl_->queued_at > kMaxQueuedInput) impl_->broken = true;
  return !impl_->broken;
}

BotProcess::ReadStatus BotProcess::read(std::string& line, std::chrono::milliseconds timeout) {
  constexpr std::size_t kMaxLine = 1 << 20;
  if (!impl_) return ReadStatus::closed;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto newline = impl_->buffer.find('\n');
    if (newline != std::string::npos) {
      line = impl_->buffer.substr(0, std::min(newline, kMaxLine));
      impl_->buffer.erase(0, newline + 1);
      return ReadStatus::line;
    }
    if (impl_->buffer.size() > kMaxLine) {
      line = impl_->buffer.substr(0, kMaxLine);
      impl_->buffer.clear();
      return ReadStatus::line;
    }
    if (impl_->closed) return ReadStatus::closed;
    // An expired (or zero) timeout still looks once at what the bot has already written. While
    // waiting, the bot's queued input keeps flowing: it may need it to answer.
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    // The interrupt pipe is polled too (a negative fd, before any catcher, is skipped by poll).
    const bool writing = impl_->input_waiting();
    pollfd fds[3] = {{impl_->from_bot.native_source(), POLLIN, 0}, {interrupt_fd(), POLLIN, 0},
                     {impl_->to_bot.native_sink(), POLLOUT, 0}};
    const int ready = ::poll(fds, writing ? 3 : 2, static_cast<int>(std::max<std::chrono::milliseconds::rep>(left.count(), 0)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return ReadStatus::timeout;
    if (fds[1].revents != 0) return ReadStatus::interrupted;
    if (writing && fds[2].revents != 0) impl_->flush_input();
    if (fds[0].revents == 0) continue;
    char chunk[65536];
    const ssize_t got = ::read(fds[0].fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      impl_->closed = true;
      continue;
    }
    impl_->buffer.append(chunk, static_cast<std::size_t>(got));
  }
}

int BotProcess::drain() {
  if (!impl_) return 0;
  impl_->flush_input();
  // What the bot has written by now: the lines already read, and one look at the pipe (not a
  // loop, which a bot writing without pause would never let end).
  if (!impl_->closed) {
    pollfd fd{impl_->from_bot.native_source(), POLLIN, 0};
    if (::poll(&fd, 1, 0) > 0) {
      char chunk[65536];
      const ssize_t got = ::read(fd.fd, chunk, sizeof chunk);
      if (got > 0) {
        impl_->buffer.append(chunk, static_cast<std::size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        impl_->closed = true;
      }
    }
  }
  const auto last_newline = impl_->buffer.rfind('\n');
  if (last_newline == std::string::npos) return 0;
  const auto dropped = std::count(impl_->buffer.begin(), impl_->buffer.begin() + static_cast<std::ptrdiff_t>(last_newline) + 1, '\n');
  impl_->buffer.erase(0, last_newline + 1);
  return static_cast<int>(dropped);
}

}  // namespace tenbin::arena

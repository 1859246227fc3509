#include "eval/bot_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <mutex>

#include <boost/process.hpp>
#include <boost/process/extend.hpp>

namespace tenbin::arena {

namespace bp = boost::process;

namespace {

// Spawns one at a time, with every pipe end close-on-exec, so that no child inherits another
// bot's pipes (which would hide that bot's death from us).
std::mutex spawn_mutex;

void close_on_exec(int fd) { ::fcntl(fd, F_SETFD, ::fcntl(fd, F_GETFD) | FD_CLOEXEC); }

}  // namespace

struct BotProcess::Impl {
  bp::pipe to_bot;
  bp::pipe from_bot;
  bp::child child;
  std::string buffer;
  bool closed = false;
};

BotProcess::BotProcess(std::string command, std::string stderr_path)
    : command_(std::move(command)), stderr_path_(std::move(stderr_path)) {}

BotProcess::~BotProcess() { stop(); }

void BotProcess::start() {
  stop();
  impl_ = std::make_unique<Impl>();
  const std::string err = stderr_path_.empty() ? "/dev/null" : stderr_path_;
  const std::lock_guard lock(spawn_mutex);
  for (const int fd : {impl_->to_bot.native_source(), impl_->to_bot.native_sink(),
                       impl_->from_bot.native_source(), impl_->from_bot.native_sink()}) {
    close_on_exec(fd);
  }
  // A new process group, so that stop() also ends whatever the command line started.
  impl_->child = bp::child(bp::search_path("sh"), "-c", command_, bp::std_in < impl_->to_bot,
                           bp::std_out > impl_->from_bot, (bp::std_err > err) ,
                           bp::extend::on_exec_setup = [](auto&) { ::setpgid(0, 0); });
  // The child's ends were closed here by Boost.Process on success; forget them.
  impl_->to_bot.assign_source(-1);
  impl_->from_bot.assign_sink(-1);
}

void BotProcess::stop() {
  if (!impl_) return;
  if (impl_->child.valid() && impl_->child.running()) {
    ::kill(-impl_->child.id(), SIGKILL);
    impl_->child.terminate();
  }
  std::error_code ignored;
  if (impl_->child.valid()) impl_->child.wait(ignored);
  impl_.reset();
}

bool BotProcess::running() { return impl_ && impl_->child.valid() && impl_->child.running() && !impl_->closed; }

bool BotProcess::send(const std::string& line) {
  if (!impl_) return false;
  const std::string data = line + "\n";
  const int fd = impl_->to_bot.native_sink();
  std::size_t sent = 0;
  while (sent < data.size()) {
    const ssize_t n = ::write(fd, data.data() + sent, data.size() - sent);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
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
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return ReadStatus::timeout;
    pollfd fd{impl_->from_bot.native_source(), POLLIN, 0};
    const int ready = ::poll(&fd, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return ReadStatus::timeout;
    char chunk[65536];
    const ssize_t got = ::read(fd.fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      impl_->closed = true;
      continue;
    }
    impl_->buffer.append(chunk, static_cast<std::size_t>(got));
  }
}

int BotProcess::drain() {
  int dropped = 0;
  std::string line;
  while (read(line, std::chrono::milliseconds(0)) == ReadStatus::line) ++dropped;
  return dropped;
}

}  // namespace tenbin::arena

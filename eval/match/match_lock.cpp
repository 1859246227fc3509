#include "eval/match/match_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

namespace tenbin::arena {

std::optional<MatchLock> MatchLock::take(const std::string& path, std::string& why) {
  // O_CLOEXEC: a seat process must not keep the match locked after the arena is gone.
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    why = "cannot open the lock " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  // A killed arena's lock outlives it while a seat it was starting sits between fork and exec
  // (the child holds the descriptor until its exec closes it), so a busy lock is tried again for
  // up to kBusyRetries * kBusyPause before the match is called taken.
  constexpr int kBusyRetries = 20;
  constexpr auto kBusyPause = std::chrono::milliseconds(50);
  int error = 0;
  for (int attempt = 0; attempt <= kBusyRetries; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(kBusyPause);
    int status = 0;
    do {
      status = ::flock(fd, LOCK_EX | LOCK_NB);
    } while (status != 0 && errno == EINTR);
    if (status == 0) return MatchLock(fd);
    error = errno;
    if (error != EWOULDBLOCK) break;
  }
  ::close(fd);
  why = error == EWOULDBLOCK ? "another tenbin-arena is playing this match (it holds " + path + ")"
                             : "cannot lock " + path + ": " + std::strerror(error);
  return std::nullopt;
}

MatchLock& MatchLock::operator=(MatchLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

MatchLock::~MatchLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace tenbin::arena

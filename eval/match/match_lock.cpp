#include "eval/match/match_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace tenbin::arena {

std::optional<MatchLock> MatchLock::take(const std::string& path, std::string& why) {
  // O_CLOEXEC: a seat process must not keep the match locked after the arena is gone.
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    why = "cannot open the lock " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  int status = 0;
  do {
    status = ::flock(fd, LOCK_EX | LOCK_NB);
  } while (status != 0 && errno == EINTR);
  if (status == 0) return MatchLock(fd);
  const int error = errno;
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

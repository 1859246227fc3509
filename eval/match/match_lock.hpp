// One arena per match directory: the arena holds an advisory lock (flock) on DIR/arena.lock while
// it plays, so a second arena started on the same --out (a re-queued batch job, say) refuses
// within a second instead of playing every game twice. The kernel releases the lock when the
// holder exits, however it ends, so the lock of a killed arena never blocks --resume; seats do not
// inherit it (one being started when the arena died holds it until its exec, hence the second).
#pragma once

#include <optional>
#include <string>

namespace tenbin::arena {

class MatchLock {
 public:
  // Takes the lock on `path` (created if needed); nothing when it cannot, `why` then saying
  // why (another arena holds it, or the file cannot be opened).
  static std::optional<MatchLock> take(const std::string& path, std::string& why);

  MatchLock(MatchLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  MatchLock& operator=(MatchLock&& other) noexcept;
  MatchLock(const MatchLock&) = delete;
  MatchLock& operator=(const MatchLock&) = delete;
  ~MatchLock();

 private:
  explicit MatchLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace tenbin::arena

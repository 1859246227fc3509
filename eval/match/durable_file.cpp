#include "eval/match/durable_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace tenbin::arena {
namespace {

enum class Fault { none, enospc, kill, cut };

struct FaultPlan {
  long at = 0;  // the write it strikes, from 1; 0 for none
  Fault kind = Fault::none;
};

FaultPlan fault_plan() {
  const char* text = std::getenv(kWriteFaultVariable);
  if (text == nullptr) return {};
  const std::string_view value(text);
  const auto colon = value.find(':');
  if (colon == std::string_view::npos) return {};
  const std::string_view kind = value.substr(colon + 1);
  const long at = std::atol(std::string(value.substr(0, colon)).c_str());
  if (kind == "enospc") return {at, Fault::enospc};
  if (kind == "kill") return {at, Fault::kill};
  if (kind == "cut") return {at, Fault::cut};
  return {};
}

std::atomic<long> writes{0};

[[noreturn]] void fail(const std::string& what, const std::string& path, int error) {
  throw WriteError("cannot " + what + " " + path + ": " + std::strerror(error));
}

// Writes all of `data`; the injected fault, if this is its write.
void write_all(int fd, std::string_view data, const std::string& path) {
  static const FaultPlan plan = fault_plan();
  if (++writes == plan.at) {
    if (plan.kind == Fault::enospc) fail("write", path, ENOSPC);
    if (plan.kind == Fault::cut) data = data.substr(0, data.size() / 2);
    if (plan.kind == Fault::cut && ::write(fd, data.data(), data.size()) < 0) fail("write", path, errno);
    ::kill(::getpid(), SIGKILL);
  }
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail("write", path, errno);
    if (n == 0) fail("write", path, ENOSPC);
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

void sync(int fd, const std::string& path) {
  if (::fdatasync(fd) != 0 && errno != EINVAL) fail("sync", path, errno);  // EINVAL: /dev/null and the like
}

// A new or renamed file survives a power cut only once its directory entry is synced too.
void sync_directory_of(const std::string& path) {
  const auto slash = path.rfind('/');
  const std::string directory = slash == std::string::npos ? "." : path.substr(0, slash);
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) fail("open", directory, errno);
  const int synced = ::fsync(fd);
  const int error = errno;
  ::close(fd);
  if (synced != 0 && error != EINVAL) fail("sync", directory, error);
}

}  // namespace

AppendFile::AppendFile(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) fail("open", path_, errno);
  sync_directory_of(path_);
}

AppendFile::~AppendFile() {
  if (fd_ >= 0) ::close(fd_);
}

void AppendFile::append_line(const std::string& line) {
  write_all(fd_, line + "\n", path_);
  sync(fd_, path_);
}

void write_file_atomically(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail("open", temporary, errno);
  try {
    write_all(fd, text, temporary);
    sync(fd, temporary);
  } catch (const WriteError&) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  if (::close(fd) != 0) fail("close", temporary, errno);
  if (::rename(temporary.c_str(), path.c_str()) != 0) fail("rename", temporary, errno);
  sync_directory_of(path);
}

bool drop_unfinished_last_line(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return false;
    fail("open", path, errno);
  }
  struct stat info {};
  if (::fstat(fd, &info) != 0 || info.st_size == 0 || !S_ISREG(info.st_mode)) {
    ::close(fd);
    return false;
  }
  // Back from the end to the last newline, a block at a time.
  off_t end = info.st_size;
  off_t keep = 0;
  char block[4096];
  bool found = false;
  while (end > 0 && !found) {
    const off_t start = end > static_cast<off_t>(sizeof block) ? end - static_cast<off_t>(sizeof block) : 0;
    const ssize_t got = ::pread(fd, block, static_cast<std::size_t>(end - start), start);
    if (got <= 0) break;
    for (ssize_t i = got; i-- > 0;) {
      if (block[i] == '\n') {
        keep = start + i + 1;
        found = true;
        break;
      }
    }
    end = start;
  }
  const bool cut = keep < info.st_size;
  if (cut && ::ftruncate(fd, keep) != 0) {
    const int error = errno;
    ::close(fd);
    fail("repair", path, error);
  }
  ::close(fd);
  return cut;
}

}  // namespace tenbin::arena

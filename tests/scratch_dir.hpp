// A scratch directory for one test, under the system's temporary directory, removed afterwards.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

namespace tenbin {

class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name = "scratch") {
    static int count = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("tenbin-test-" + std::to_string(::getpid()) + "-" + name + "-" + std::to_string(++count));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() { std::filesystem::remove_all(path_); }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace tenbin

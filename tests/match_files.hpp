// The files of a match directory as tests read and tamper with them: a game's log path, and a
// file's lines read and written back whole.
#pragma once

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace tenbin {

// DIR/logs/NNNN.mjson, as the arena names game NNNN's log.
inline std::filesystem::path log_of(const std::filesystem::path& dir, int game) {
  char name[32];
  std::snprintf(name, sizeof name, "%04d.mjson", game);
  return dir / "logs" / name;
}

inline std::vector<std::string> read_lines(const std::filesystem::path& path) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

inline void write_lines(const std::filesystem::path& path, const std::vector<std::string>& lines) {
  std::ofstream out(path, std::ios::trunc);
  for (const std::string& line : lines) out << line << '\n';
}

}  // namespace tenbin

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

// The arguments of a match of `games` games on seed 11 into `out`: seat 0 is `first_seat`, named
// "odd", with `first_options` after its --seat (its dialect, its timeout); seats 1-3 are `good`,
// named "good1".."good3".
inline std::vector<std::string> odd_seat_match_args(const std::filesystem::path& out, const std::string& first_seat,
                                                    int games, const std::vector<std::string>& first_options,
                                                    const std::string& good) {
  std::vector<std::string> args = {"--seat", "odd=" + first_seat};
  args.insert(args.end(), first_options.begin(), first_options.end());
  for (int seat = 1; seat < 4; ++seat) {
    args.push_back("--seat");
    args.push_back("good" + std::to_string(seat) + "=" + good);
  }
  for (const std::string& arg : {std::string("--games"), std::to_string(games), std::string("--seed"), std::string("11"),
                                 std::string("--quiet"), std::string("--out"), out.string()}) {
    args.push_back(arg);
  }
  return args;
}

}  // namespace tenbin

#include "eval/match_dir.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "eval/start_book.hpp"

namespace tenbin::arena {

using nlohmann::json;

std::uint64_t wall_game_of(bool duplicate, int game) { return static_cast<std::uint64_t>(duplicate ? game / 4 : game); }

int command_at(bool duplicate, int game, int seat) {
  const int rotation = duplicate ? game % 4 : 0;
  return (seat + rotation) % 4;
}

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  const auto number = [&](const std::string& part) {
    if (part.empty() || part.size() > 6 || part.find_first_not_of("0123456789") != std::string::npos) {
      throw std::invalid_argument("--shard " + text + ": expected I/N, two whole numbers with 0 <= I < N");
    }
    return std::stoi(part);
  };
  if (slash == std::string::npos) number("");
  const Shard shard{number(text.substr(0, slash)), number(text.substr(slash + 1))};
  if (shard.count < 1 || shard.index >= shard.count) {
    throw std::invalid_argument("--shard " + text + ": expected I/N, two whole numbers with 0 <= I < N");
  }
  return shard;
}

std::string MatchDir::log_path(int game) const { return logs_dir() + fmt::format("/{:04}.mjson", game); }

std::string MatchDir::stderr_path(int job, int command) const {
  return stderr_dir() + fmt::format("/job{}-seat{}.log", job, command);
}

std::vector<std::string> MatchDir::log_files() const {
  namespace fs = std::filesystem;
  std::vector<std::string> logs;
  std::error_code error;
  for (fs::directory_iterator it(fs::path(path_) / "logs", error), end; !error && it != end; it.increment(error)) {
    if (it->path().extension() == ".mjson") logs.push_back(it->path().string());
  }
  if (error) throw std::runtime_error(logs_dir() + ": " + error.message());
  std::sort(logs.begin(), logs.end());
  return logs;
}

json MatchDir::read_meta_json() const {
  std::ifstream in(meta_path());
  return json::parse(in);
}

MatchMeta MatchDir::read_meta() const {
  try {
    const json meta = read_meta_json();
    if (meta.value("wall", std::string("tenbin-wall-v1")) != "tenbin-wall-v1") {
      throw std::runtime_error("not a tenbin-wall-v1 match");
    }
    MatchMeta read{meta.at("seed").get<std::uint64_t>(), meta.value("duplicate", false), meta.value("games", -1), {}, {}, {}, false};
    if (meta.contains("starts")) {
      for (const json& entry : meta.at("starts")) read.starts.push_back(start_from_json(entry));
    }
    if (meta.contains("seats")) {
      for (const json& seat : meta.at("seats")) read.seat_names.push_back(seat.at("name").get<std::string>());
    }
    read.tonpuu = meta.value("format", std::string("hanchan")) == "tonpuu";
    if (meta.contains("shard")) read.shard = Shard{meta.at("shard").at("index").get<int>(), meta.at("shard").at("count").get<int>()};
    return read;
  } catch (const std::exception& error) {
    throw std::runtime_error(meta_path() + ": " + error.what());
  }
}

std::map<int, GameResult> MatchDir::read_results(bool duplicate) const { return read_results_file(duplicate).games; }

ResultsFile MatchDir::read_results_file(bool duplicate) const {
  ResultsFile file;
  // Not a file (a device such as /dev/full, which reads as endless zeros): no results to read.
  if (!std::filesystem::is_regular_file(results_path())) return file;
  std::ifstream in(results_path(), std::ios::binary);
  std::string text;
  int number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (in.eof()) file.unfinished_last_line = true;  // no newline after it
    try {
      json line = json::parse(text);
      const int game = line.at("game").get<int>();
      const std::uint64_t wall_game =
          line.contains("wall_game") ? line.at("wall_game").get<std::uint64_t>() : wall_game_of(duplicate, game);
      const int hands = line.value("hands", -1);
      if (file.games.count(game)) file.repeated.emplace_back(number, game);
      file.games[game] = GameResult{wall_game, hands, std::move(line), number};
    } catch (const std::exception&) {
      file.unreadable_lines.push_back(number);  // a line cut short by an interruption
    }
  }
  return file;
}

Commitments MatchDir::read_commitments() const {
  Commitments commitments;
  std::ifstream in(commitments_path());
  std::string text;
  while (std::getline(in, text)) {
    if (text.empty()) continue;
    try {
      const json line = json::parse(text);
      const HandKey key{line.at("game").get<int>(), line.at("hand").get<int>()};
      commitments.by_hand[key].push_back(line.at("sha256").get<std::string>());
    } catch (const std::exception&) {
      ++commitments.unreadable;  // a line cut short by an interruption
    }
  }
  return commitments;
}

}  // namespace tenbin::arena

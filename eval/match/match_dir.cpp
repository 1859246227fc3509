#include "eval/match/match_dir.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "eval/match/match_fields.hpp"
#include "eval/match/start_book.hpp"

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
  std::error_code error;
  const auto size = std::filesystem::file_size(meta_path(), error);
  if (error) throw std::runtime_error(meta_path() + ": cannot read it (" + error.message() + ")");
  if (size > kMaxMetaBytes) {
    throw std::runtime_error(meta_path() + ": " + std::to_string(size) + " bytes, over the " +
                             std::to_string(kMaxMetaBytes) + " a match's settings can take");
  }
  std::ifstream in(meta_path());
  try {
    return json::parse(in);
  } catch (const json::exception& problem) {
    throw std::runtime_error(meta_path() + ": not JSON (" + problem.what() + ")");
  }
}

WallScheme wall_scheme_of(const json& meta) {
  if (!meta.contains("wall")) return WallScheme::by_hand;
  const auto scheme = wall_scheme_named(text(meta.at("wall"), "wall"));
  if (!scheme) throw FieldError("not a match of a known wall scheme (tenbin-wall-v1, v2 or v3)");
  return *scheme;
}

namespace {

Shard shard_of(const json& shard) {
  const auto count = whole_number(field(shard, "count"), "shard.count", 1, kMaxShards);
  const auto index = whole_number(field(shard, "index"), "shard.index", 0, count - 1);
  return Shard{static_cast<int>(index), static_cast<int>(count)};
}

MatchMeta meta_of(const json& meta) {
  if (!meta.is_object()) throw FieldError("not a JSON object");
  MatchMeta read;
  read.wall_scheme = wall_scheme_of(meta);
  read.seed = unsigned_number(field(meta, "seed"), "seed");
  read.duplicate = meta.contains("duplicate") && flag(meta.at("duplicate"), "duplicate");
  read.games = static_cast<int>(whole_number(field(meta, "games"), "games", 1, kMaxGames));
  if (meta.contains("starts")) {
    const json& starts = array_of(meta.at("starts"), "starts");
    for (std::size_t i = 0; i < starts.size(); ++i) {
      try {
        read.starts.push_back(start_from_json(starts[i]));
      } catch (const std::invalid_argument& error) {
        throw FieldError("starts[" + std::to_string(i) + "]: " + error.what());
      }
    }
  }
  if (meta.contains("seats")) {
    const json& seats = array_of(meta.at("seats"), "seats", 4);
    for (std::size_t i = 0; i < 4; ++i) {
      read.seat_names.push_back(text(field(seats[i], "name"), "seats[" + std::to_string(i) + "].name"));
    }
  }
  if (meta.contains("format")) {
    const std::string& format = text(meta.at("format"), "format");
    if (format != "hanchan" && format != "tonpuu") throw FieldError("format: \"" + format + "\", not hanchan or tonpuu");
    read.tonpuu = format == "tonpuu";
  }
  if (meta.contains("shard")) read.shard = shard_of(meta.at("shard"));
  return read;
}

}  // namespace

MatchMeta MatchDir::read_meta() const {
  const json meta = read_meta_json();
  try {
    return meta_of(meta);
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
  std::string row;
  bool too_long = false;
  int number = 0;
  while (bounded_getline(in, row, kMaxLineBytes, too_long)) {
    file.lines = ++number;
    if (in.eof()) file.unfinished_last_line = true;  // no newline after it
    if (too_long) {
      file.unreadable_lines.push_back({number, "over " + std::to_string(kMaxLineBytes) + " bytes"});
      continue;
    }
    json line;
    try {
      line = json::parse(row);
    } catch (const std::exception&) {
      file.unreadable_lines.push_back({number, "not JSON (a line cut short by an interruption?)"});
      continue;
    }
    if (auto problem = result_problem(line)) {
      file.unreadable_lines.push_back({number, *problem});
      continue;
    }
    const int game = line.at("game").get<int>();
    const std::uint64_t wall_game =
        line.contains("wall_game") ? line.at("wall_game").get<std::uint64_t>() : wall_game_of(duplicate, game);
    const int hands = line.at("hands").get<int>();
    if (file.games.count(game)) file.repeated.emplace_back(number, game);
    file.games[game] = GameResult{wall_game, hands, std::move(line), number};
  }
  return file;
}

Commitments MatchDir::read_commitments() const {
  Commitments commitments;
  if (!std::filesystem::is_regular_file(commitments_path())) return commitments;
  std::ifstream in(commitments_path(), std::ios::binary);
  std::string row;
  bool too_long = false;
  while (bounded_getline(in, row, kMaxLineBytes, too_long)) {
    if (!too_long && row.empty()) continue;
    try {
      if (too_long) throw FieldError("too long");
      const json line = json::parse(row);
      const HandKey key{static_cast<int>(whole_number(field(line, "game"), "game", 0, kMaxGames - 1)),
                        static_cast<int>(whole_number(field(line, "hand"), "hand", 0, 1000))};
      commitments.by_hand[key].push_back(arena::text(field(line, "sha256"), "sha256"));
    } catch (const std::exception&) {
      ++commitments.unreadable;  // a line cut short by an interruption
    }
  }
  return commitments;
}

}  // namespace tenbin::arena

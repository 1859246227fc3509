#include "eval/match/merge.hpp"

#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "eval/check/verify.hpp"
#include "eval/match/durable_file.hpp"
#include "eval/match/match.hpp"
#include "eval/match/match_dir.hpp"

namespace tenbin::arena {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A refusal: the shard it concerns and why.
struct Refusal : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ShardDir {
  MatchDir dir;
  Shard shard;
  json match;                                  // meta.json without the shard
  int games = 0;                               // as meta.json asks, checked
  bool duplicate = false;
  std::map<int, GameResult> results;           // by game
  std::map<HandKey, std::string> commitments;  // one hash per hand
};

ShardDir read_shard(const std::string& path) {
  ShardDir s{MatchDir(path), {}, {}, 0, false, {}, {}};
  try {
    s.match = s.dir.read_meta_json();
  } catch (const std::exception& error) {
    throw Refusal(fmt::format("{}: meta.json is missing or unreadable ({})", path, error.what()));
  }
  if (!s.match.is_object() || !s.match.contains("shard")) {
    throw Refusal(fmt::format("{}: not a shard (its meta.json names no --shard)", path));
  }
  try {
    const MatchMeta meta = s.dir.read_meta();  // every field's type and range
    s.shard = *meta.shard;
    s.games = meta.games;
    s.duplicate = meta.duplicate;
  } catch (const std::exception& error) {
    throw Refusal(error.what());
  }
  s.match.erase("shard");
  return s;
}

std::string differing_keys(const json& a, const json& b) {
  std::string keys;
  for (const auto& [key, value] : a.items()) {
    if (!b.contains(key) || b.at(key) != value) keys += (keys.empty() ? "" : ", ") + key;
  }
  for (const auto& [key, value] : b.items()) {
    if (!a.contains(key)) keys += (keys.empty() ? "" : ", ") + key;
  }
  return keys;
}

// The shards must be one match's, each index once, none missing.
void check_one_match(const std::vector<ShardDir>& shards) {
  const ShardDir& first = shards.front();
  std::map<int, std::string> by_index;
  for (const ShardDir& s : shards) {
    if (s.match != first.match) {
      throw Refusal(fmt::format("{}: from another match than {} (meta.json differs in: {})", s.dir.path(),
                                first.dir.path(), differing_keys(s.match, first.match)));
    }
    if (s.shard.count != first.shard.count) {
      throw Refusal(fmt::format("{}: shard {}/{}, but {} is of {} shards", s.dir.path(), s.shard.index, s.shard.count,
                                first.dir.path(), first.shard.count));
    }
    if (s.shard.index < 0 || s.shard.index >= s.shard.count) {
      throw Refusal(fmt::format("{}: shard {}/{} is not a shard", s.dir.path(), s.shard.index, s.shard.count));
    }
    const auto [it, inserted] = by_index.emplace(s.shard.index, s.dir.path());
    if (!inserted) {
      throw Refusal(fmt::format("{} and {} are both shard {}/{}", it->second, s.dir.path(), s.shard.index, s.shard.count));
    }
  }
  for (int index = 0; index < first.shard.count; ++index) {
    if (!by_index.count(index)) throw Refusal(fmt::format("shard {}/{} is missing", index, first.shard.count));
  }
}

// Every game of the shard finished, with its log and one commitment per hand, and nothing else.
void read_games(ShardDir& s) {
  const int games = s.games;
  const bool duplicate = s.duplicate;
  const ResultsFile file = s.dir.read_results_file(duplicate);
  if (!file.unreadable_lines.empty()) {
    const UnreadableLine& line = file.unreadable_lines.front();
    throw Refusal(fmt::format("{}:{}: an unreadable result line: {}", s.dir.results_path(), line.line, line.why));
  }
  if (!file.repeated.empty()) {
    throw Refusal(fmt::format("{}: results.jsonl lists game {} twice", s.dir.path(), file.repeated.front().second));
  }
  if (file.unfinished_last_line) {
    throw Refusal(fmt::format("{}: results.jsonl ends in a line cut short; --resume it", s.dir.path()));
  }
  s.results = file.games;
  std::vector<int> missing;
  for (int game = 0; game < games; ++game) {
    if (s.shard.holds(duplicate, game) && !s.results.count(game)) missing.push_back(game);
  }
  if (!missing.empty()) {
    throw Refusal(fmt::format("{}: incomplete: {} of its games have no result (first: game {}); --resume it",
                              s.dir.path(), missing.size(), missing.front()));
  }
  for (const auto& [game, result] : s.results) {
    if (game < 0 || game >= games || !s.shard.holds(duplicate, game)) {
      throw Refusal(fmt::format("{}: results.jsonl holds game {}, which is not in shard {}/{}", s.dir.path(), game,
                                s.shard.index, s.shard.count));
    }
    if (result.wall_game != wall_game_of(duplicate, game)) {
      throw Refusal(fmt::format("{}: game {} names wall {}, not {}", s.dir.path(), game, result.wall_game,
                                wall_game_of(duplicate, game)));
    }
    if (!fs::is_regular_file(s.dir.log_path(game))) {
      throw Refusal(fmt::format("{}: game {} has no log ({})", s.dir.path(), game, s.dir.log_path(game)));
    }
  }
  for (const auto& [key, hashes] : s.dir.read_commitments().by_hand) {
    if (!s.results.count(key.first)) {
      throw Refusal(fmt::format("{}: commitments.jsonl holds game {}, which has no result", s.dir.path(), key.first));
    }
    // A game played again after an interruption commits to the same walls again.
    if (std::set<std::string>(hashes.begin(), hashes.end()).size() != 1) {
      throw Refusal(fmt::format("{}: game {} hand {} has different commitments", s.dir.path(), key.first, key.second));
    }
    s.commitments[key] = hashes.front();
  }
}

// Every game of the shard refereed again (eval/check/verify.hpp): nothing is merged from a shard whose
// logs, results or summary are not what its games give.
void check_verified(const ShardDir& s) {
  std::ostringstream found;
  if (verify_match(s.dir.path(), found) == 0) return;
  std::string problems;
  std::istringstream lines(found.str());
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("verify ", 0) != 0) problems += "\n  " + line;
  }
  throw Refusal(fmt::format("{}: verify finds problems, nothing is merged:{}", s.dir.path(), problems));
}

// The merged files, each written whole under a temporary name and renamed into place; meta.json
// last, so a directory with a meta.json holds a finished merge. Returns the summary table.
std::string write_merged(const MatchDir& out, const std::vector<ShardDir>& shards) {
  fs::create_directories(out.logs_dir());
  fs::create_directories(out.stderr_dir());
  std::map<int, const json*> results;
  std::map<HandKey, std::string> commitments;
  for (const ShardDir& s : shards) {
    for (const auto& [game, result] : s.results) {
      results[game] = &result.record;
      fs::copy_file(s.dir.log_path(game), out.log_path(game), fs::copy_options::overwrite_existing);
    }
    commitments.insert(s.commitments.begin(), s.commitments.end());
    if (fs::is_directory(s.dir.stderr_dir())) {
      const fs::path to = fs::path(out.stderr_dir()) / fmt::format("shard{}", s.shard.index);
      fs::copy(s.dir.stderr_dir(), to, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    }
  }
  std::string commitment_lines;
  for (const auto& [key, hash] : commitments) {
    commitment_lines += json{{"game", key.first}, {"hand", key.second}, {"sha256", hash}}.dump() + '\n';
  }
  write_file_atomically(out.commitments_path(), commitment_lines);
  std::string result_lines;
  for (const auto& [game, record] : results) result_lines += record->dump() + '\n';
  write_file_atomically(out.results_path(), result_lines);
  const std::string table = write_summary(out, shards.front().match.value("duplicate", false));
  write_file_atomically(out.meta_path(), shards.front().match.dump(2) + '\n');
  return table;
}

}  // namespace

int merge_shards(const std::string& out, const std::vector<std::string>& shard_paths, std::ostream& report,
                 std::ostream& err) {
  try {
    if (shard_paths.empty()) throw Refusal("no shard directories given");
    const MatchDir target(out);
    if (fs::exists(target.meta_path()) || fs::exists(target.results_path())) {
      throw Refusal(fmt::format("{}: already holds a match; merge into a new directory", out));
    }
    std::vector<ShardDir> shards;
    for (const std::string& path : shard_paths) shards.push_back(read_shard(path));
    check_one_match(shards);
    for (ShardDir& s : shards) read_games(s);
    for (const ShardDir& s : shards) check_verified(s);
    report << write_merged(target, shards);
    return 0;
  } catch (const Refusal& refusal) {
    err << "tenbin-arena merge: " << refusal.what() << '\n';
    return 1;
  } catch (const std::exception& error) {
    err << "tenbin-arena merge: " << error.what() << '\n';
    return 1;
  }
}


Subcommand add_merge_command(CLI::App& app) {
  struct MergeArguments {
    std::string out;
    std::vector<std::string> shards;
  };
  auto arguments = std::make_shared<MergeArguments>();
  CLI::App* command = app.add_subcommand("merge", "merge the shards of one match into the match a whole run writes");
  command->add_option("out", arguments->out, "new match directory")->required();
  command->add_option("shards", arguments->shards, "the shard directories (every shard, once)")->required();
  return {command, [arguments] { return merge_shards(arguments->out, arguments->shards, std::cout, std::cerr); }};
}

}  // namespace tenbin::arena

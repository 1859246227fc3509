// A match directory, as the arena writes it and the checks read it:
//
// DIR/meta.json           the match settings (seed, seats, format; the shard, if one), checked on
//                         --resume
// DIR/commitments.jsonl   SHA-256 of each wall, written before the hand is dealt to any seat
// DIR/logs/NNNN.mjson     the full-information mjai log of game NNNN
// DIR/results.jsonl       one line per finished game, appended and flushed at once
// DIR/summary.json        the per-command statistics; also printed as a table
// DIR/stderr/             each seat process's stderr
// DIR/arena.lock          locked (flock) by the arena playing the match (eval/match/match_lock.hpp)
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/game.hpp"

namespace tenbin::arena {

// Duplicate seating: each wall is played four times, the commands moving one seat each time.
// The wall game that game `game` plays, and the seat command sitting at `seat` in it.
std::uint64_t wall_game_of(bool duplicate, int game);
int command_at(bool duplicate, int game, int seat);

// A shard of a match: the games whose wall group (a duplicate match's four rotations of one wall,
// else the game itself) is `index` modulo `count`, so one wall's rotations stay together.
struct Shard {
  int index = 0;
  int count = 1;
  bool holds(bool duplicate, int game) const {
    return static_cast<int>(wall_game_of(duplicate, game) % static_cast<std::uint64_t>(count)) == index;
  }
};
// "I/N" with 0 <= I < N; throws std::invalid_argument with the reason otherwise.
Shard parse_shard(const std::string& text);

struct MatchMeta {
  std::uint64_t seed = 0;
  bool duplicate = false;
  int games = -1;  // the games the match asked for; -1 when meta.json does not say
  std::optional<Shard> shard;  // a shard of it: only its games are asked for
  std::vector<HandStart> starts;  // its start book (eval/match/start_book.hpp), if one
  std::vector<std::string> seat_names;  // the four seat commands' names, in --seat order
  bool tonpuu = false;
  WallScheme wall_scheme = WallScheme::by_hand;  // meta.json's "wall" (tenbin-wall-v1 when it names none)
  bool asks_for(int game) const { return game >= 0 && game < games && (!shard || shard->holds(duplicate, game)); }
};

// The wall scheme meta.json names ("wall"); tenbin-wall-v1 when it names none (a match written
// before the schemes were named). Throws FieldError for any other name.
WallScheme wall_scheme_of(const nlohmann::json& meta);

// One finished game: a line of results.jsonl.
struct GameResult {
  std::uint64_t wall_game = 0;  // as the line says, else as the seating implies
  int hands = -1;               // as the line says; -1 when it does not
  nlohmann::json record;        // the whole line
  int line = 0;                 // its line in results.jsonl, from 1
};

// results.jsonl as read, with what is wrong in it: lines that do not parse, games listed twice,
// and a last line without its newline (a write that an interruption cut short).
struct UnreadableLine {
  int line = 0;  // from 1
  std::string why;
};
struct ResultsFile {
  std::map<int, GameResult> games;     // as read_results() gives them
  std::vector<UnreadableLine> unreadable_lines;  // not JSON, or not a result (eval/match/match_fields.hpp)
  std::vector<std::pair<int, int>> repeated;  // (line number, game) of each game listed again
  bool unfinished_last_line = false;
  int lines = 0;
};

using HandKey = std::pair<int, int>;  // (game, hand)

struct Commitments {
  std::map<HandKey, std::vector<std::string>> by_hand;  // every line for the hand (resumes repeat)
  int unreadable = 0;                                   // lines cut short by an interruption
};

class MatchDir {
 public:
  explicit MatchDir(std::string path) : path_(std::move(path)) {}

  const std::string& path() const { return path_; }
  std::string meta_path() const { return path_ + "/meta.json"; }
  std::string commitments_path() const { return path_ + "/commitments.jsonl"; }
  std::string results_path() const { return path_ + "/results.jsonl"; }
  std::string summary_path() const { return path_ + "/summary.json"; }
  std::string logs_dir() const { return path_ + "/logs"; }
  std::string stderr_dir() const { return path_ + "/stderr"; }
  std::string lock_path() const { return path_ + "/arena.lock"; }
  std::string log_path(int game) const;                    // DIR/logs/NNNN.mjson
  std::string stderr_path(int job, int command) const;     // DIR/stderr/jobJ-seatC.log

  // Every log in logs/ (*.mjson), sorted by name; throws std::runtime_error when logs/ cannot
  // be listed.
  std::vector<std::string> log_files() const;

  // meta.json as written; throws std::runtime_error naming it when it cannot be read or is not
  // JSON (or is over kMaxMetaBytes).
  nlohmann::json read_meta_json() const;
  // The settings of a tenbin-wall-v1 or -v2 match, each field's type and range checked (games 1..10^7,
  // a shard 0 <= index < count, four seats); throws std::runtime_error naming meta.json and the
  // field when it is unreadable or not such a match.
  MatchMeta read_meta() const;
  // The finished games by index (a game played again after an interruption: its last line);
  // lines cut short by an interruption, and lines that are not a result as the arena writes it
  // (eval/match/match_fields.hpp), are skipped.
  std::map<int, GameResult> read_results(bool duplicate) const;
  ResultsFile read_results_file(bool duplicate) const;
  Commitments read_commitments() const;

 private:
  std::string path_;
};

}  // namespace tenbin::arena

// A start book: the hands a match's games start at instead of East 1, so that an evaluation can
// play many times the positions it is about (South 4 with the scores real matches reach, say)
// without the hands before them. One JSON object per line, as the start_kyoku event names them:
//
//   {"bakaze":"S","kyoku":4,"honba":0,"kyotaku":1,"scores":[31000,24000,27000,17000]}
//
// Game g starts at the entry of its wall game modulo the book's size, so the four rotations of a
// duplicate wall share their start and each command plays it from every seat. meta.json holds
// the book, so that --resume and verify need nothing else.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/commands/subcommand.hpp"
#include "engine/game.hpp"

namespace tenbin::arena {

// One entry; throws std::invalid_argument saying what is wrong with it.
HandStart start_from_json(const nlohmann::json& entry);
nlohmann::json start_to_json(const HandStart& start);

// A book file; throws std::runtime_error naming the file and line of the first bad entry.
std::vector<HandStart> read_start_book(const std::string& path);

// The start of wall game `wall_game`: none with an empty book.
std::optional<HandStart> start_of(const std::vector<HandStart>& book, std::uint64_t wall_game);

// Nothing when a log's first hand, `seen`, is `start`; else both, as book entries.
std::optional<std::string> start_mismatch(const HandStart& start, const HandStart& seen);

// `tenbin-arena starts --at S4 INPUT...`: the first hand of that round and kyoku in every game of
// the inputs (full logs or match directories) that reaches it, as book lines on `out`. Returns
// the exit code.
int write_start_book(const std::vector<std::string>& inputs, const std::string& at, std::ostream& out,
                     std::ostream& err);

// `tenbin-arena starts --at S4 IN...`.
Subcommand add_starts_command(CLI::App& app);

}  // namespace tenbin::arena

// `tenbin convert tenhou6`: a game in the tenhou.net/6 JSON format (what Tenhou's log viewer
// exports and mjai-reviewer reads) as an mjai log, one event a line.
//
// The format, as publicly documented (e.g. the "Tenhou.net/6 JSON Log Format" notes and
// mjai-reviewer's reader, https://github.com/Equim-chan/mjai-reviewer): {"name": [4 names],
// "log": [hand...]}, each hand [[hand index, honba, riichi sticks], [4 scores], [dora
// indicators], [ura indicators], then for each seat its deal, its draws and its discards, and
// last the result]. Tiles are numbers: 11-19 man, 21-29 pin, 31-39 sou, 41-47 E S W N P F C,
// 51-53 the red fives; a discard of 60 is the tile just drawn. Calls are strings with a letter
// before the tile taken, placed by the seat it came from (first: the seat before; second: the
// seat opposite; last: the seat after): "c" chi, "p" pon, "m" open kan (among the draws), "k"
// added kan (the added tile after the letter, where the pon's letter stood) and "a" closed kan
// (among the discards); "r" marks the riichi discard. A 0 discard follows an open kan. The lists
// do not say in which order the seats moved; the converter finds it (see tenhou6.cpp).
#pragma once

#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/commands/subcommand.hpp"

namespace tenbin {

// A field the converter cannot read; what() names it ("log[2][5][3]: ...").
class Tenhou6Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The game's mjai events, start_game to end_game. Throws Tenhou6Error.
std::vector<nlohmann::json> tenhou6_to_mjai(const nlohmann::json& game);

// Reads one game from `in`, writes mjai lines to `out`. Exit status: 0, or 3 with the field on
// stderr.
int run_convert_tenhou6(std::istream& in, std::ostream& out);

// `tenbin convert tenhou6 < game.json`.
Subcommand add_convert_command(CLI::App& app);

}  // namespace tenbin

// `tenbin nanikiru`: the DP's values for every discard of a hand, as JSON lines.
//
// In: one object per line,
//   {"hand":[...], "melds":[...], "bakaze":"E", "jikaze":"S", "dora_markers":[...],
//    "draws_left":12, "unseen":{"1m":3,...}, "haitei":false,
//    "options":{"shanten_back":true, "hand_change":true, "riichi":"auto"}}
// where melds are {"type":"pon","pai":"5m","consumed":["5m","5mr"],"target":2} (ankan without
// pai and target), unseen is optional (default: 4 of each kind less the hand, the melds and the
// indicators; given, it is the weight of every kind, absent kinds 0), haitei says that the last
// of the draws is the wall's last tile. Out: one line per candidate discard, best first (one line
// for a 3n+1 hand), each with "request" (the line's number among the requests), "rank" and "of";
// a bad line gets one {"request": n, "error": why}.
//
// `tenbin nanikiru --seat N < log.jsonl` does the same for the position at the end of an mjai log
// as seat N sees it (the other seats' deals and draws masked): the hand, the melds, the rivers
// and melds seen, the indicators and the draws N has left before the wall runs out.
//
// A hand whose graph passes --max-states draw states gets an error saying it is too large for
// the limit (the next request is answered as usual).
#pragma once

#include <cstddef>
#include <iosfwd>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/commands/subcommand.hpp"
#include "bot/dp/dp.hpp"

namespace tenbin {

// The DP position and options of a request; throws std::invalid_argument saying what is wrong.
struct NanikiruQuery {
  dp::Position position;
  dp::Options options;
};
NanikiruQuery parse_nanikiru_request(const nlohmann::json& request);

// The rows for a solved position (without "request"; "rank" and "of" included).
std::vector<nlohmann::json> nanikiru_rows(const dp::Result& result);

// The default --max-states: far above what the bot's own decisions reach, and a graph of that
// many states with its tables stays within a few hundred MB.
inline constexpr std::size_t kNanikiruMaxStates = 500'000;

// One request to its rows (reusing `solver`'s memory), refusing a graph past `max_states`.
std::vector<nlohmann::json> nanikiru_request(const nlohmann::json& request, dp::Solver& solver,
                                             std::size_t max_states = kNanikiruMaxStates);

// Reads requests until EOF; returns the number of lines answered with an error.
int serve_nanikiru(std::istream& in, std::ostream& out, std::size_t max_states = kNanikiruMaxStates);

// The position at the end of a log as `seat` sees it, with `options`.
NanikiruQuery nanikiru_query_from_log(std::istream& log, int seat, const dp::Options& options);
// Answers for that position; returns 1 (and prints an error row) when there is no position.
int serve_nanikiru_log(std::istream& log, std::ostream& out, int seat, const dp::Options& options);

// "auto" | "always" | "never"; throws std::invalid_argument.
dp::RiichiMode parse_riichi_mode(const std::string& name);

// `tenbin nanikiru`: JSON requests on stdin, or with --seat N the position at the end of a log.
Subcommand add_nanikiru_command(CLI::App& app);

}  // namespace tenbin

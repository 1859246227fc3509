// Numbers are read exactly (engine/exact_integer.hpp): an integer outside its field's range is an
// error naming the field, never a value wrapped into the range (4294967299 read as an int is 3)
// or saturated (a seed past 2^64-1). Each reader: the calculation commands, mjai events, start
// books, the tenhou.net/6 import and the seed options.
#include "engine/exact_integer.hpp"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bot/commands/calc_commands.hpp"
#include "bot/commands/nanikiru_command.hpp"
#include "bot/commands/tenhou6.hpp"
#include "engine/mjai.hpp"
#include "eval/match/start_book.hpp"
#include "tests/process.hpp"
#include "tests/scratch_dir.hpp"

namespace tenbin {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using arena::start_from_json;

// The message of what `read` throws ("" when it throws nothing).
template <typename Read>
std::string error_of(Read read) {
  try {
    read();
  } catch (const std::exception& error) {
    return error.what();
  }
  return "";
}

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ExactInteger, JsonIntegersInRangeOnly) {
  EXPECT_EQ(exact_integer(json(3), 0, 1000), 3);
  EXPECT_EQ(exact_integer(json(-5), -10, 10), -5);
  EXPECT_EQ(exact_integer(json(4294967299ULL), 0, 1000), std::nullopt);
  EXPECT_EQ(exact_integer(json(18446744073709551615ULL), -10, 10), std::nullopt);
  EXPECT_EQ(exact_integer(json(-1), 0, 10), std::nullopt);
  EXPECT_EQ(exact_integer(json::parse("18446744073709551616"), 0, 10), std::nullopt);  // a double
  EXPECT_EQ(exact_integer(json(2.0), 0, 10), std::nullopt);
  EXPECT_EQ(exact_integer(json("3"), 0, 10), std::nullopt);
}

TEST(ExactInteger, DecimalTextUpTo64Bits) {
  EXPECT_EQ(exact_unsigned("18446744073709551615"), 18446744073709551615ULL);
  EXPECT_EQ(exact_unsigned("0"), 0u);
  EXPECT_EQ(exact_unsigned("18446744073709551616"), std::nullopt);
  EXPECT_EQ(exact_unsigned("-5"), std::nullopt);
  EXPECT_EQ(exact_unsigned("0x10"), std::nullopt);
  EXPECT_EQ(exact_unsigned(" 5"), std::nullopt);
  EXPECT_EQ(exact_unsigned(""), std::nullopt);
}

const char* kScore =
    R"({"bakaze":"E","oya":0,"actor":1,"jikaze":"S","target":2,"hand":["2m","3m","4m","5p","6p","7p","2s","3s","4s","6s","7s","9s","9s"],"pai":"8s"})";

// honba 4294967299 once scored as honba 3.
TEST(ExactNumbers, ScoreCommandNamesTheFieldOutOfRange) {
  json request = json::parse(kScore);
  request["honba"] = 3;
  EXPECT_EQ(score_request(request).at("deltas"), json({0, 1900, -1900, 0}));
  for (const char* field : {"honba", "kyotaku"}) {
    json bad = json::parse(kScore);
    bad[field] = 4294967299ULL;
    const std::string error = error_of([&] { score_request(bad); });
    EXPECT_TRUE(mentions(error, std::string("\"") + field + "\" = 4294967299 is out of range")) << error;
  }
  json seat = json::parse(kScore);
  seat["actor"] = 4294967297ULL;
  EXPECT_TRUE(mentions(error_of([&] { score_request(seat); }), "\"actor\"")) << seat.dump();
}

// draws_left 4294967308 once read as 12.
TEST(ExactNumbers, NanikiruNamesTheFieldOutOfRange) {
  const json good = {{"hand", {"1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "S", "W"}},
                     {"bakaze", "E"}, {"jikaze", "E"}, {"draws_left", 12}};
  dp::Solver solver;
  EXPECT_FALSE(nanikiru_request(good, solver).empty());
  const std::vector<std::pair<const char*, std::uint64_t>> cases = {
      {"draws_left", 4294967308ULL}, {"honba", 4294967299ULL}, {"kyotaku", 4294967296ULL}};
  for (const auto& [field, value] : cases) {
    json bad = good;
    bad[field] = value;
    const std::string error = error_of([&] { nanikiru_request(bad, solver); });
    EXPECT_TRUE(mentions(error, std::string("\"") + field + "\" = " + std::to_string(value) + " is out of range")) << error;
  }
}

const std::string kHand = R"(["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","S"])";
const std::string kHidden = R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"])";

std::string start_kyoku(const std::string& honba, const std::string& scores) {
  return R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":)" + honba +
         R"(,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":)" + scores + R"(,"tehais":[)" + kHand + "," + kHidden + "," +
         kHidden + "," + kHidden + "]}";
}

// Past 2^63 an mjai integer once wrapped negative: 2^64-1 read as a score of -1.
TEST(ExactNumbers, MjaiEventsNameTheFieldOutOfRange) {
  const auto parse = [](const std::string& line) { return error_of([&] { parse_event(json::parse(line)); }); };
  EXPECT_EQ(parse(start_kyoku("2", "[25000,25000,25000,25000]")), "");
  const std::string honba = parse(start_kyoku("9223372036854775811", "[25000,25000,25000,25000]"));
  EXPECT_TRUE(mentions(honba, "\"honba\" = 9223372036854775811 is out of range 0..1000")) << honba;
  const std::string scores = parse(start_kyoku("0", "[18446744073709551615,25000,25000,25000]"));
  EXPECT_TRUE(mentions(scores, "\"scores\" value 18446744073709551615 is out of range")) << scores;
}

json book_entry() {
  return {{"bakaze", "S"}, {"kyoku", 4}, {"honba", 0}, {"kyotaku", 1}, {"scores", {31000, 24000, 27000, 17000}}};
}

// A start book entry: exact numbers, and a hand the referee can start.
TEST(ExactNumbers, StartBookRefusesNumbersOutOfRangeAndHandsTheRefereeCannotStart) {
  EXPECT_EQ(error_of([] { start_from_json(book_entry()); }), "");
  json honba = book_entry();
  honba["honba"] = 4294967299ULL;  // once read as honba 3
  EXPECT_TRUE(mentions(error_of([&] { start_from_json(honba); }), "\"honba\" = 4294967299"));
  json kyoku = book_entry();
  kyoku["kyoku"] = 4294967297ULL;  // once read as kyoku 1
  EXPECT_TRUE(mentions(error_of([&] { start_from_json(kyoku); }), "\"kyoku\" = 4294967297"));
  json score = book_entry();
  score["scores"][0] = 4295000296ULL;  // once read as 33000
  EXPECT_TRUE(mentions(error_of([&] { start_from_json(score); }), "\"scores\" value 4295000296"));
  json north = book_entry();
  north["bakaze"] = "N";  // once accepted, the game played on from East 1
  const std::string error = error_of([&] { start_from_json(north); });
  EXPECT_TRUE(mentions(error, "round North is past the last round a hanchan plays")) << error;
  json west = book_entry();
  west["bakaze"] = "W";
  EXPECT_EQ(error_of([&] { start_from_json(west); }), "");
  EXPECT_TRUE(mentions(hand_start_problem(start_from_json(west), Rules{}, true).value_or(""), "a tonpuusen"));
}

std::vector<std::string> arena_match(const fs::path& out, const std::string& seed) {
  std::vector<std::string> args;
  for (int seat = 0; seat < 4; ++seat) {
    args.push_back("--seat");
    args.push_back(std::string(TENBIN_BINARY) + " --strategy greedy --log-level warn");
  }
  for (const std::string arg : {"--games", "1", "--quiet", "--out"}) args.push_back(arg);
  args.push_back(out.string());
  args.push_back("--seed");
  args.push_back(seed);
  return args;
}

// A West start in a tonpuusen is refused before any game (exit 2), naming the entry.
TEST(ExactNumbers, ArenaRefusesABookEntryPastTheFormatsLastRound) {
  const ScratchDir scratch("book-west");
  json west = book_entry();
  west["bakaze"] = "W";
  std::ofstream(scratch / "book.jsonl") << west.dump() << "\n";
  std::vector<std::string> args = arena_match(scratch / "match", "5");
  for (const std::string arg : {"--format", "tonpuu", "--starts"}) args.push_back(arg);
  args.push_back((scratch / "book.jsonl").string());
  const subprocess::Result refused = subprocess::run(subprocess::arena_binary(), args);
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_TRUE(mentions(refused.err, "start book entry 1: the start's round West is past")) << refused.err;
  EXPECT_FALSE(fs::exists(scratch / "match" / "results.jsonl"));
}

// A seed past 2^64-1 once saturated, and 010 was read as octal 8: both are usage errors now.
TEST(ExactNumbers, SeedOptionsAreReadExactly) {
  const ScratchDir scratch("seeds");
  for (const std::string seed : {"18446744073709551616", "010", "-5", "0x10"}) {
    const subprocess::Result arena = subprocess::run(subprocess::arena_binary(), arena_match(scratch / "match", seed));
    EXPECT_EQ(arena.exit_code, 2) << seed;
    EXPECT_TRUE(mentions(arena.err + arena.out, "--seed")) << seed << ": " << arena.err;
    EXPECT_FALSE(fs::exists(scratch / "match" / "results.jsonl")) << seed;
    const subprocess::Result danger =
        subprocess::run(subprocess::tenbin_binary(), {"danger", "--seat", "0", "--seed", seed}, "");
    EXPECT_NE(danger.exit_code, 0) << seed;
    EXPECT_TRUE(mentions(danger.err + danger.out, "--seed")) << seed << ": " << danger.err;
  }
  const subprocess::Result largest =
      subprocess::run(subprocess::arena_binary(), arena_match(scratch / "largest", "18446744073709551615"));
  EXPECT_EQ(largest.exit_code, 0) << largest.err;
  std::ifstream meta(scratch / "largest" / "meta.json");
  EXPECT_EQ(json::parse(meta).at("seed").get<std::uint64_t>(), 18446744073709551615ULL);
}

// tenhou.net/6: a round index or a seat out of range is an error naming its place (a round index
// of -1 once made the dealer seat -1).
TEST(ExactNumbers, Tenhou6NamesTheFieldOutOfRange) {
  const json deal = {11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24};
  json game = {{"log", json::array({json::array({json::array({-1, 0, 0}), json::array({25000, 25000, 25000, 25000}),
                                                  json::array({21}), json::array(), deal, json::array(), json::array(),
                                                  deal, json::array(), json::array(), deal, json::array(), json::array(),
                                                  deal, json::array(), json::array(), json::array({"流局"})})})}};
  const std::string error = error_of([&] { tenhou6_to_mjai(game); });
  EXPECT_TRUE(mentions(error, "log[0][0]")) << error;
  EXPECT_TRUE(mentions(error, "expected an integer 0..15, got -1")) << error;
  game["log"][0][0][0] = 4294967296ULL;
  EXPECT_TRUE(mentions(error_of([&] { tenhou6_to_mjai(game); }), "got 4294967296"));
}

}  // namespace
}  // namespace tenbin

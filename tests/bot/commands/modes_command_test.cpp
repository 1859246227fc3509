// `tenbin modes`: MJ-0's mode rule read off every seat at each hand's end of a written-out log
// (seat 1, the dealer, pons a dragon and 9s, throwing a 1s; a double ron ends the hand), in process
// with round constants and through the real executable with --param; a bad line stops it.
#include "bot/commands/modes_command.hpp"

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/mjai_lines.hpp"
#include "tests/process.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

// Lines 15 and 16 are the two hora events.
std::string two_pons_then_a_double_ron() {
  std::vector<std::string> log = {lines::start_game(),
                                  lines::start_kyoku("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 1p 2p", {.oya = 1})};
  const auto add = [&log](const std::vector<std::string>& more) { log.insert(log.end(), more.begin(), more.end()); };
  add(lines::turn(1, "1s"));
  add(lines::turn(2, "C"));
  add({lines::pon(1, 2, "C", "C C"), lines::dahai(1, "W")});
  add(lines::turn(2, "9s"));
  add({lines::pon(1, 2, "9s", "9s 9s"), lines::dahai(1, "S")});
  add(lines::turn(2, "5s"));
  add({lines::hora(1, 2, "5s", {0, 2000, -3000, 1000}), lines::hora(3, 2, "5s", {0, 0, 0, 0}), lines::end_kyoku()});
  std::string text;
  for (const std::string& line : log) text += line + "\n";
  return text;
}

// Round constants for the odds the tests read (the others as the defaults).
mj0::ModeParams round_params() {
  mj0::ModeParams params;
  params.flush_base = 0.1;
  params.flush_per_meld = 0.2;
  params.flush_less_per_discard = 0.05;
  params.triplets_two_calls = 0.4;
  return params;
}

std::vector<json> rows_of(const std::string& out) {
  std::vector<json> rows;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) rows.push_back(json::parse(line));
  return rows;
}

TEST(ModesCommand, EverySeatIsReadAtEachResult) {
  std::istringstream in(two_pons_then_a_double_ron());
  std::ostringstream out;
  ASSERT_EQ(run_modes(in, out, round_params()), 0);
  const std::vector<json> rows = rows_of(out.str());
  ASSERT_EQ(rows.size(), 8u);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(rows[i]["line"], i < 4 ? 15 : 16);
    EXPECT_EQ(rows[i]["seat"], i % 4);
  }
  // The second ron reads the hand end the first did.
  for (int seat = 0; seat < 4; ++seat) {
    EXPECT_EQ(rows[seat]["flush"], rows[4 + seat]["flush"]);
    EXPECT_EQ(rows[seat]["all_triplets"], rows[4 + seat]["all_triplets"]);
  }
  const json& dealer = rows[1];
  EXPECT_EQ(dealer["all_triplets"]["reading"], "two_triplet_melds");
  EXPECT_DOUBLE_EQ(dealer["all_triplets"]["odds"].get<double>(), 0.4);
  // Its one numbered meld is in souzu: 0.1 + 2 melds x 0.2, less 0.05 for the 1s it threw.
  EXPECT_EQ(dealer["flush"]["s"]["reading"], "melds_in_suit");
  EXPECT_DOUBLE_EQ(dealer["flush"]["s"]["odds"].get<double>(), 0.1 + 2 * 0.2 - 0.05);
  EXPECT_EQ(dealer["flush"]["m"]["reading"], "none");
  EXPECT_EQ(dealer["flush"]["m"]["odds"], 0.0);
  // A closed seat with three discards: nothing read.
  const json& thrower = rows[2];
  EXPECT_EQ(thrower["all_triplets"]["reading"], "none");
  for (const char* suit : {"m", "p", "s"}) EXPECT_EQ(thrower["flush"][suit]["reading"], "none");
}

TEST(ModesCommand, ABadLineStopsItWithTheRowsBefore) {
  std::istringstream in(two_pons_then_a_double_ron() + "{\"broken\n" + lines::end_game() + "\n");
  std::ostringstream out;
  EXPECT_EQ(run_modes(in, out, round_params()), 1);
  EXPECT_EQ(rows_of(out.str()).size(), 8u);
}

// End to end: --param sets the rule; a bad log exits non-zero naming the line.
TEST(ModesCommand, Executable) {
  const subprocess::Result good = subprocess::run(
      subprocess::tenbin_binary(), {"modes", "--param", "mj0_triplets_two_calls=0.375"}, two_pons_then_a_double_ron());
  ASSERT_EQ(good.exit_code, 0) << good.err;
  const std::vector<json> rows = rows_of(good.out);
  ASSERT_EQ(rows.size(), 8u);
  EXPECT_DOUBLE_EQ(rows[1]["all_triplets"]["odds"].get<double>(), 0.375);
  const subprocess::Result bad = subprocess::run(subprocess::tenbin_binary(), {"modes"}, "{\"broken\n");
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE((bad.out + bad.err).find("line 1"), std::string::npos) << bad.out << bad.err;
}

}  // namespace
}  // namespace tenbin

// engine/rinshan_watch: which tsumo of a log is a kan's replacement draw.
#include "engine/rinshan_watch.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tenbin {
namespace {

Event event(const std::string& line) { return parse_event(nlohmann::json::parse(line)).event; }

// The watch's answer for each event of `lines`, in order.
std::vector<bool> answers(const std::vector<std::string>& lines) {
  RinshanWatch watch;
  std::vector<bool> result;
  for (const std::string& line : lines) result.push_back(watch.is_rinshan_draw(event(line)));
  return result;
}

TEST(RinshanWatch, TheDrawAfterEachKindOfKanIsItsSeatsReplacement) {
  EXPECT_EQ(answers({R"({"type":"tsumo","actor":0,"pai":"1m"})",
                     R"({"type":"ankan","actor":0,"consumed":["1m","1m","1m","1m"]})",
                     R"({"type":"tsumo","actor":0,"pai":"E"})",
                     R"({"type":"dahai","actor":0,"pai":"E","tsumogiri":true})",
                     R"({"type":"daiminkan","actor":2,"target":0,"pai":"E","consumed":["E","E","E"]})",
                     R"({"type":"tsumo","actor":2,"pai":"S"})",
                     R"({"type":"dahai","actor":2,"pai":"S","tsumogiri":true})",
                     R"({"type":"tsumo","actor":3,"pai":"W"})"}),
            (std::vector<bool>{false, false, true, false, false, true, false, false}));
  EXPECT_EQ(answers({R"({"type":"tsumo","actor":1,"pai":"5p"})",
                     R"({"type":"kakan","actor":1,"pai":"5p","consumed":["5p","5p","5p"]})",
                     R"({"type":"tsumo","actor":1,"pai":"N"})"}),
            (std::vector<bool>{false, false, true}));
}

// A call after a kan, or a new hand, means the next tsumo is a live draw; so does another seat's.
TEST(RinshanWatch, ACallAHandsStartOrAnotherSeatsDrawIsNoReplacement) {
  EXPECT_EQ(answers({R"({"type":"ankan","actor":0,"consumed":["1m","1m","1m","1m"]})",
                     R"({"type":"pon","actor":1,"target":0,"pai":"C","consumed":["C","C"]})",
                     R"({"type":"tsumo","actor":0,"pai":"E"})"}),
            (std::vector<bool>{false, false, false}));
  EXPECT_EQ(answers({R"({"type":"ankan","actor":0,"consumed":["1m","1m","1m","1m"]})",
                     R"({"type":"tsumo","actor":1,"pai":"E"})",
                     R"({"type":"tsumo","actor":0,"pai":"S"})"}),
            (std::vector<bool>{false, false, false}));
  RinshanWatch watch;
  watch.is_rinshan_draw(event(R"({"type":"ankan","actor":2,"consumed":["9s","9s","9s","9s"]})"));
  watch.is_rinshan_draw(event(R"({"type":"start_kyoku","bakaze":"E","kyoku":2,"honba":0,"kyotaku":0,"oya":1,"dora_marker":"1m",)"
                              R"("tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],)"
                              R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]})"));
  EXPECT_FALSE(watch.is_rinshan_draw(event(R"({"type":"tsumo","actor":2,"pai":"?"})")));
}

}  // namespace
}  // namespace tenbin

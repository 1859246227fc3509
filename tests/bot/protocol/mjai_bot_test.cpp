// The mjai protocol loop in both dialects: single-event lines (a reply exactly at the decision
// points, or one per line with reply_every) and mjai.app batch arrays (exactly one reply per
// array); the two-step riichi; bad input of every kind, each reported on stderr, answered safely
// where a reply is owed, and followed by lines that still work. End to end, the real binary's
// replies are legal actions of the table, and `tenbin replay` prints one row per decision.
#include "bot/protocol/mjai_bot.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "tests/captured_log.hpp"
#include "tests/mjai_lines.hpp"
#include "tests/process.hpp"

namespace tenbin {
namespace {

using nlohmann::json;
namespace L = lines;
using Strings = std::vector<std::string>;

MjaiBot make_bot(const char* strategy, bool reply_every = false) {
  BotOptions options;
  options.reply_every = reply_every;
  return MjaiBot(make_policy(strategy), options);
}

json parsed(const std::string& line) { return json::parse(line); }

// One array line of the given stream lines (mjai.app style).
std::string batch(const Strings& stream, std::initializer_list<std::size_t> indices) {
  std::string out = "[";
  for (const std::size_t i : indices) out += (out.size() > 1 ? "," : "") + stream.at(i);
  return out + "]";
}
std::string batch_range(const Strings& stream, std::size_t first, std::size_t last) {
  std::string out = "[";
  for (std::size_t i = first; i <= last; ++i) {
    if (i > first) out += ",";
    out += stream.at(i);
  }
  return out + "]";
}

const json kNone = json::parse(R"({"type":"none"})");
json dahai(const char* pai, bool tsumogiri) {
  return json{{"type", "dahai"}, {"actor", 0}, {"pai", pai}, {"tsumogiri", tsumogiri}};
}

// The worked example of docs/mjai.md and, for the tsumogiri strategy
// (drawn tile, else pass, else the first legal discard), the replies owed at its decisions.
const Strings& worked_example() {
  static const Strings stream = L::read_stream("worked_example.jsonl");
  return stream;
}
const std::map<std::size_t, json>& tsumogiri_replies() {
  static const std::map<std::size_t, json> replies = {
      {2, dahai("2s", true)},   // our draw
      {9, kNone},               // seat 3's East: pon offered, passed
      {10, dahai("1m", false)}, // the pon echo: a discard (nothing drawn)
      {19, kNone},              // seat 3's 6s: chi offered, passed
      {20, dahai("1m", false)}, // the chi echo
      {25, kNone},              // seat 2's 2s: ron offered, passed
  };
  return replies;
}

// --- the worked example in each dialect ---------------------------------------------------

// Mortal style: a reply only at a decision point, nothing after any other line.
TEST(MjaiBotDialect, SingleEventLinesReplyOnlyAtDecisions) {
  MjaiBot bot = make_bot("tsumogiri");
  const Strings& stream = worked_example();
  for (std::size_t i = 0; i < stream.size(); ++i) {
    const Strings replies = bot.on_line(stream[i]);
    const auto expected = tsumogiri_replies().find(i);
    if (expected == tsumogiri_replies().end()) {
      EXPECT_TRUE(replies.empty()) << "line " << i << ": " << replies.front();
    } else {
      ASSERT_EQ(replies.size(), 1u) << "line " << i;
      EXPECT_EQ(parsed(replies[0]), expected->second) << "line " << i;
    }
  }
  EXPECT_EQ(bot.decisions(), 6);
  EXPECT_EQ(bot.rejected_lines(), 0);
  EXPECT_EQ(bot.table().score(0), 37600);
}

// A strategy that always discards a white dragon, which seat 0 never holds in the worked example:
// never a legal action there.
class IllegalPolicy final : public Policy {
 public:
  std::string_view name() const override { return "illegal"; }
  Action choose(const Table&, std::span<const Action>) override {
    Action white;
    white.type = EventType::dahai;
    white.pai = Tile::of(kinds::white, false);
    return white;
  }
};

// An illegal pick is replaced by the table's safe action: tsumogiri on our draw, none on a
// claim, the first legal discard after a call; the same replies as the tsumogiri strategy's.
TEST(MjaiBotSafety, IllegalChoiceGetsTheSafeAction) {
  CapturedLog log;
  MjaiBot bot(std::make_unique<IllegalPolicy>(), BotOptions{});
  const Strings& stream = worked_example();
  for (std::size_t i = 0; i < stream.size(); ++i) {
    const Strings replies = bot.on_line(stream[i]);
    const auto expected = tsumogiri_replies().find(i);
    if (expected == tsumogiri_replies().end()) {
      EXPECT_TRUE(replies.empty()) << "line " << i << ": " << replies.front();
      continue;
    }
    ASSERT_EQ(replies.size(), 1u) << "line " << i;
    EXPECT_EQ(parsed(replies[0]), expected->second) << "line " << i;
  }
  EXPECT_EQ(bot.decisions(), 6);
  EXPECT_TRUE(log.contains("strategy illegal chose an illegal action")) << log.text();
}

// The greedy strategy answers at the same lines; it wins on seat 2's 2s.
TEST(MjaiBotDialect, GreedyAnswersTheSameDecisionsAndWins) {
  MjaiBot bot = make_bot("greedy");
  const Strings& stream = worked_example();
  std::map<std::size_t, json> replies;
  for (std::size_t i = 0; i < stream.size(); ++i) {
    for (const std::string& reply : bot.on_line(stream[i])) replies[i] = parsed(reply);
  }
  ASSERT_EQ(replies.size(), 6u);
  for (const auto& [line, reply] : replies) EXPECT_TRUE(tsumogiri_replies().contains(line)) << line;
  EXPECT_EQ(replies[2].at("type"), "dahai");
  EXPECT_EQ(replies[9], parsed(L::pon(0, 3, "E", "E E")));  // double East
  EXPECT_EQ(replies[10].at("type"), "dahai");
  EXPECT_EQ(replies[10].at("tsumogiri"), false);
  EXPECT_EQ(replies[25], parsed(R"({"type":"hora","actor":0,"target":2,"pai":"2s"})"));
}

// reply_every (the original server): exactly one line per line, `none` when idle.
TEST(MjaiBotDialect, ReplyEveryAnswersEachLine) {
  MjaiBot bot = make_bot("tsumogiri", true);
  const Strings& stream = worked_example();
  for (std::size_t i = 0; i < stream.size(); ++i) {
    const Strings replies = bot.on_line(stream[i]);
    ASSERT_EQ(replies.size(), 1u) << "line " << i;
    const auto expected = tsumogiri_replies().find(i);
    EXPECT_EQ(parsed(replies[0]), expected == tsumogiri_replies().end() ? kNone : expected->second) << "line " << i;
  }
  // The TCP handshake: join answers hello.
  const Strings join = bot.on_line(R"({"type":"hello","protocol":"mjsonp","protocol_version":3})");
  ASSERT_EQ(join.size(), 1u);
  EXPECT_EQ(parsed(join[0]), parsed(R"({"type":"join","name":"tenbin","room":"default"})"));
}

// mjai.app: the same hand as arrays, each up to the event the bot can act on; one reply each.
TEST(MjaiBotDialect, BatchArraysGetExactlyOneReplyEach) {
  const Strings& s = worked_example();
  // No hora event: mjai.app sends only [end_kyoku] after the hand.
  const Strings arrays = {batch(s, {0}),         batch(s, {1, 2}),      batch_range(s, 3, 9),
                          batch(s, {10}),        batch_range(s, 11, 19), batch(s, {20}),
                          batch_range(s, 21, 25), batch(s, {27}),        R"([{"type":"end_game"}])"};
  const std::vector<json> expected = {kNone, dahai("2s", true), kNone, dahai("1m", false), kNone,
                                      dahai("1m", false), kNone, kNone, kNone};
  MjaiBot bot = make_bot("tsumogiri");
  for (std::size_t i = 0; i < arrays.size(); ++i) {
    const Strings replies = bot.on_line(arrays[i]);
    ASSERT_EQ(replies.size(), 1u) << "array " << i;
    EXPECT_EQ(parsed(replies[0]), expected[i]) << "array " << i;
  }
  // With reply_every set too, an array still gets exactly one reply.
  MjaiBot every = make_bot("greedy", true);
  std::vector<json> replies;
  for (const std::string& array : arrays) {
    const Strings out = every.on_line(array);
    ASSERT_EQ(out.size(), 1u);
    replies.push_back(parsed(out[0]));
  }
  EXPECT_EQ(replies[2], parsed(L::pon(0, 3, "E", "E E")));
  EXPECT_EQ(replies[6], parsed(R"({"type":"hora","actor":0,"target":2,"pai":"2s"})"));
  EXPECT_EQ(replies[7], kNone);
}

// Riichi takes two replies: reach on the draw, then the discard on the reach echo.
TEST(MjaiBotDialect, TwoStepRiichi) {
  const std::string deal = L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S");
  MjaiBot bot = make_bot("greedy");
  EXPECT_TRUE(bot.on_line(L::start_game()).empty());
  EXPECT_TRUE(bot.on_line(deal).empty());
  Strings replies = bot.on_line(L::tsumo(0, "N"));
  ASSERT_EQ(replies.size(), 1u);
  EXPECT_EQ(parsed(replies[0]), parsed(R"({"type":"reach","actor":0})"));
  replies = bot.on_line(L::reach(0));
  ASSERT_EQ(replies.size(), 1u);
  EXPECT_EQ(parsed(replies[0]), dahai("N", true));
  EXPECT_TRUE(bot.on_line(L::dahai(0, "N", true)).empty());
  EXPECT_TRUE(bot.on_line(L::reach_accepted(0)).empty());
  EXPECT_EQ(bot.table().score(0), 24000);

  // The same in arrays: [deal, draw] -> reach; [reach] -> discard; then the riichi tsumogiri.
  MjaiBot batched = make_bot("greedy");
  EXPECT_EQ(parsed(batched.on_line("[" + L::start_game() + "]")[0]), kNone);
  EXPECT_EQ(parsed(batched.on_line("[" + deal + "," + L::tsumo(0, "N") + "]")[0]),
            parsed(R"({"type":"reach","actor":0})"));
  EXPECT_EQ(parsed(batched.on_line("[" + L::reach(0) + "]")[0]), dahai("N", true));
  Strings rest = {L::dahai(0, "N", true), L::reach_accepted(0)};
  for (int seat = 1; seat < 4; ++seat) {
    for (const std::string& line : L::turn(seat, "C")) rest.push_back(line);
  }
  rest.push_back(L::tsumo(0, "W"));
  EXPECT_EQ(parsed(batched.on_line(batch_range(rest, 0, rest.size() - 1))[0]), dahai("W", true));
}

// A call decision with nothing legal is no decision: an open hand without yaku gets no ron.
TEST(MjaiBotDialect, NoReplyWhenNothingIsLegal) {
  MjaiBot bot = make_bot("greedy");
  L::Deal deal;
  deal.oya = 3;
  for (const std::string& line : {L::start_kyoku("2m 2m 3p 4p 5p 6s 7s 8s 2s 2s 7m 8m N", deal), L::tsumo(3),
                                  L::dahai(3, "2m"), L::pon(0, 3, "2m", "2m 2m"), L::dahai(0, "N"), L::tsumo(1)}) {
    bot.on_line(line);
  }
  EXPECT_TRUE(bot.on_line(L::dahai(1, "9m")).empty());  // a wait, but no yaku on it
  EXPECT_EQ(bot.decisions(), 2);                        // the pon and the discard after it
  // can_act:false (Mortal's akochan driver): update only.
  EXPECT_TRUE(bot.on_line(R"({"type":"tsumo","actor":2,"pai":"?","can_act":false})").empty());
  EXPECT_TRUE(bot.on_line(R"({"type":"dahai","actor":2,"pai":"6m","tsumogiri":false,"can_act":false})").empty());
}

// --- bad input ----------------------------------------------------------------------------

// Mortal style: bad lines are reported and dropped; nothing is owed for them, and the next
// good line is answered as usual.
TEST(MjaiBotBadInput, SingleEventLines) {
  CapturedLog log;
  MjaiBot bot = make_bot("greedy");
  bot.on_line(L::start_game());
  bot.on_line(L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S", L::Deal{.oya = 1}));

  EXPECT_TRUE(bot.on_line(R"({"type":"tsumo","actor":1,)").empty());  // malformed
  EXPECT_EQ(bot.rejected_lines(), 1);
  EXPECT_TRUE(log.contains("malformed JSON"));

  EXPECT_TRUE(bot.on_line(R"({"type":"tsumo","actor":1,"pai":"?"} trailing)").empty());  // junk after it
  EXPECT_EQ(bot.rejected_lines(), 2);

  const std::string junk("\x01\xff\xfe\x00\x7f{[binary", 13);
  EXPECT_TRUE(bot.on_line(junk).empty());
  EXPECT_EQ(bot.rejected_lines(), 3);
  EXPECT_EQ(log.text().find('\xff'), std::string::npos);  // shown sanitised

  const std::string huge = "{\"type\":\"tsumo\",\"actor\":1,\"pai\":\"" + std::string(2 << 20, 'x') + "\"}";
  log.clear();
  EXPECT_TRUE(bot.on_line(huge).empty());  // a 2 MiB string is no tile
  EXPECT_EQ(bot.rejected_lines(), 4);
  EXPECT_TRUE(log.contains("bad tile"));
  EXPECT_LT(log.text().size(), 2000u);  // the line is shortened in the report

  EXPECT_TRUE(bot.on_line(R"({"type":"tsumo","actor":9,"pai":"?"})").empty());  // invalid event
  EXPECT_EQ(bot.rejected_lines(), 5);
  EXPECT_TRUE(log.contains("out of range"));

  log.clear();
  EXPECT_TRUE(bot.on_line(R"({"type":"nukidora","actor":1})").empty());  // unknown type: a warning only
  EXPECT_EQ(bot.rejected_lines(), 5);
  EXPECT_TRUE(log.contains("nukidora"));
  EXPECT_TRUE(bot.on_line("   ").empty());  // blank lines are skipped

  // The hand goes on: seat 1 draws and discards, and so on to our draw.
  for (const std::string& line : L::turn(1, "C")) EXPECT_TRUE(bot.on_line(line).empty());
  for (const std::string& line : L::turn(2, "C")) EXPECT_TRUE(bot.on_line(line).empty());
  for (const std::string& line : L::turn(3, "C")) EXPECT_TRUE(bot.on_line(line).empty());
  const Strings reply = bot.on_line(L::tsumo(0, "N"));
  ASSERT_EQ(reply.size(), 1u);
  EXPECT_EQ(parsed(reply[0]), parsed(R"({"type":"reach","actor":0})"));
}

// An unknown event right after our draw neither answers it again nor cancels it.
TEST(MjaiBotBadInput, UnknownEventAfterOurDraw) {
  MjaiBot bot = make_bot("greedy");
  bot.on_line(L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S"));
  ASSERT_EQ(bot.on_line(L::tsumo(0, "N")).size(), 1u);
  EXPECT_TRUE(bot.on_line(R"({"type":"request_action","request_id":1})").empty());
  EXPECT_EQ(bot.decisions(), 1);
  EXPECT_EQ(bot.table().decision(), Decision::own_draw);

  MjaiBot batched = make_bot("greedy");
  batched.on_line("[" + L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S") + "]");
  const Strings reply =
      batched.on_line("[" + L::tsumo(0, "N") + R"(,{"type":"request_action","request_id":1},{"type":"bogus"}])");
  ASSERT_EQ(reply.size(), 1u);
  EXPECT_EQ(parsed(reply[0]), parsed(R"({"type":"reach","actor":0})"));
}

// Batch arrays: whatever is wrong, the array still gets its one reply.
TEST(MjaiBotBadInput, BatchArraysAlwaysGetOneReply) {
  CapturedLog log;
  MjaiBot bot = make_bot("greedy");
  const auto one_reply = [&](const std::string& line) {
    const Strings replies = bot.on_line(line);
    EXPECT_EQ(replies.size(), 1u) << line;
    return replies.empty() ? json() : parsed(replies[0]);
  };
  EXPECT_EQ(one_reply(R"([{"type":"start_game","id":0},)"), kNone);  // truncated
  EXPECT_EQ(bot.rejected_lines(), 1);
  EXPECT_EQ(one_reply(std::string("[\x80\x81\x00", 4)), kNone);  // binary
  EXPECT_EQ(one_reply("[" + std::string(3 << 20, ' ') + "1,"), kNone);  // huge and broken
  EXPECT_EQ(one_reply(R"([1,"two",{"type":"tsumo"}])"), kNone);  // items that are no events
  EXPECT_EQ(bot.rejected_lines(), 6);
  EXPECT_EQ(one_reply("[]"), kNone);
  EXPECT_EQ(one_reply("[" + L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S") + "]"), kNone);
  // A rejected item after our draw does not cancel the reply owed for the draw.
  EXPECT_EQ(one_reply("[" + L::tsumo(0, "N") + R"(,{"type":"dahai","actor":0}])"),
            parsed(R"({"type":"reach","actor":0})"));
  EXPECT_TRUE(log.contains("missing \"pai\""));
}

// A deal showing a fifth copy of a tile (four in our hand, the fifth the dora indicator) cannot
// be: reported, and the hand is played out safely as after any contradiction.
TEST(MjaiBotBadInput, FifthCopyInTheDealIsReported) {
  CapturedLog log;
  MjaiBot bot = make_bot("greedy");
  bot.on_line(L::start_game());
  bot.on_line(L::start_kyoku("1m 1m 1m 1m 2m 3m 4p 5p 6p 7s 8s 9s S", L::Deal{.dora_marker = "1m"}));
  EXPECT_TRUE(log.contains("a fifth 1m in the deal")) << log.text();
  EXPECT_FALSE(bot.table().synchronised());
  const Strings reply = bot.on_line(L::tsumo(0, "N"));
  ASSERT_EQ(reply.size(), 1u);
  EXPECT_EQ(parsed(reply[0]), dahai("N", true));
}

// A win of ours that our table cannot score (no complete hand) is reported; one it can is not.
TEST(MjaiBotBadInput, OwnWinTheTableCannotScoreIsReported) {
  CapturedLog log;
  MjaiBot bot = make_bot("greedy");
  const std::string deal = L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S");
  bot.on_line(L::start_game());
  bot.on_line(deal);
  bot.on_line(L::tsumo(0, "4m"));
  bot.on_line(L::hora(0, 0, "4m", {4000, -2000, -1000, -1000}));
  EXPECT_FALSE(log.contains("cannot score")) << log.text();
  bot.on_line(L::end_kyoku());
  bot.on_line(deal);
  bot.on_line(L::tsumo(0, "N"));
  bot.on_line(L::hora(0, 0, "N", {4000, -2000, -1000, -1000}));
  EXPECT_TRUE(log.contains("cannot score")) << log.text();
}

// The second winner of a double ron on the wall's last discard: our hand's only yaku is houtei,
// which comes with our claim on the discard. The claim stands through the first winner's hora,
// so our own win is scored and nothing is reported.
TEST(MjaiBotBadInput, OurHouteiWinAfterAnotherSeatsRonIsNotReported) {
  CapturedLog log;
  MjaiBot bot = make_bot("greedy");
  bot.on_line(L::start_game());
  L::Deal deal;
  deal.oya = 0;
  bot.on_line(L::start_kyoku("5m 5m 5m 1m 2m 3m 7p 8p 9p 2s 3s 9s 9s", deal));
  for (int i = 0; i < 69; ++i) {
    const int seat = i % 4;
    const Strings lines = seat == 0 ? Strings{L::tsumo(0, "F"), L::dahai(0, "F", true)} : L::turn(seat, "C");
    for (const std::string& line : lines) bot.on_line(line);
  }
  ASSERT_EQ(bot.table().tiles_left(), 1);
  bot.on_line(L::tsumo(1));
  const Strings reply = bot.on_line(L::dahai(1, "4s"));
  ASSERT_EQ(reply.size(), 1u);
  EXPECT_EQ(parsed(reply[0])["type"], "hora") << reply[0];
  bot.on_line(L::hora(2, 1, "4s", {0, -8000, 8000, 0}));
  bot.on_line(L::hora(0, 1, "4s", {1000, -1000, 0, 0}));
  bot.on_line(L::end_kyoku());
  EXPECT_FALSE(log.contains("cannot score")) << log.text();
  EXPECT_EQ(bot.rejected_lines(), 0);
}

// With reply_every a bad line still gets its `none`.
TEST(MjaiBotBadInput, ReplyEveryAnswersBadLinesWithNone) {
  MjaiBot bot = make_bot("greedy", true);
  for (const std::string& line : {std::string(R"({"type":)"), std::string("\xff\xfe", 2), std::string("42"),
                                  std::string(R"({"type":"dahai","actor":0})"), std::string(R"({"type":"x"})")}) {
    const Strings replies = bot.on_line(line);
    ASSERT_EQ(replies.size(), 1u) << line;
    EXPECT_EQ(parsed(replies[0]), kNone);
  }
  EXPECT_EQ(bot.rejected_lines(), 4);
}

// Events that do not fit the table: reported, a safe discard where our draw is owed one, and
// the next start_kyoku puts everything right.
TEST(MjaiBotBadInput, ContradictionsAndEventsOutOfOrder) {
  CapturedLog log;
  MjaiBot bot = make_bot("greedy");
  const std::string deal = L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S");

  // Before any start_kyoku: a warning; our own draw still gets its tsumogiri.
  EXPECT_TRUE(bot.on_line(L::tsumo(1)).empty());
  EXPECT_TRUE(log.contains("no start_kyoku"));
  Strings reply = bot.on_line(L::tsumo(0, "5mr"));
  ASSERT_EQ(reply.size(), 1u);
  EXPECT_EQ(parsed(reply[0]), dahai("5mr", true));

  // A draw for us while we hold 14: the error names it, the reply discards the new tile.
  bot.on_line(deal);
  ASSERT_EQ(bot.on_line(L::tsumo(0, "N")).size(), 1u);
  log.clear();
  reply = bot.on_line(L::tsumo(0, "W"));
  ASSERT_EQ(reply.size(), 1u);
  EXPECT_EQ(parsed(reply[0]), dahai("W", true));
  EXPECT_TRUE(log.contains("14 tiles"));
  EXPECT_FALSE(bot.table().synchronised());
  // Until the next deal our draws are answered with tsumogiri, other lines with nothing.
  EXPECT_TRUE(bot.on_line(L::dahai(0, "W", true)).empty());
  EXPECT_TRUE(bot.on_line(L::turn(1, "C")[0]).empty());
  reply = bot.on_line(L::tsumo(0, "P"));
  ASSERT_EQ(reply.size(), 1u);
  EXPECT_EQ(parsed(reply[0]), dahai("P", true));

  // Resynchronised: the same draw is a decision again.
  bot.on_line(deal);
  EXPECT_TRUE(bot.table().synchronised());
  reply = bot.on_line(L::tsumo(0, "N"));
  ASSERT_EQ(reply.size(), 1u);
  EXPECT_EQ(parsed(reply[0]), parsed(R"({"type":"reach","actor":0})"));

  // Out of order: seat 1 discards twice in a row.
  bot.on_line(L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S", L::Deal{.oya = 1}));
  bot.on_line(L::tsumo(1));
  bot.on_line(L::dahai(1, "C"));
  log.clear();
  EXPECT_TRUE(bot.on_line(L::dahai(1, "C")).empty());
  EXPECT_TRUE(log.contains("contradicts"));
  EXPECT_FALSE(bot.table().synchronised());
  // A discard of a tile we do not hold, in the batch dialect: reported, `none` for the array.
  MjaiBot batched = make_bot("greedy");
  batched.on_line("[" + deal + "," + L::tsumo(0, "N") + "]");
  log.clear();
  const Strings none = batched.on_line("[" + L::dahai(0, "P") + "]");
  ASSERT_EQ(none.size(), 1u);
  EXPECT_EQ(parsed(none[0]), kNone);
  EXPECT_TRUE(log.contains("we do not hold P"));
}

// --- the original server's own lists (protocol version 3) -------------------------------------

// A line with the server's lists added to it.
std::string with(const std::string& line, const char* field, const json& value) {
  json object = json::parse(line);
  object[field] = value;
  return object.dump();
}

// The reply greedy sends to `last` after `before`, each line fed in turn (with reply_every, as
// the original server wants: `none` when there is nothing to decide).
json greedy_reply(const Strings& before, const std::string& last) {
  MjaiBot bot = make_bot("greedy", true);
  for (const std::string& line : before) bot.on_line(line);
  const Strings replies = bot.on_line(last);
  return replies.size() == 1 ? parsed(replies[0]) : json();
}

// A complete hand on our draw: greedy wins, but not when the server's possible_actions leaves
// the win out; that disagreement is logged with the event.
TEST(MjaiBotServerLists, WinNotOfferedIsNotTaken) {
  const Strings deal = {L::start_game(), L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S")};
  EXPECT_EQ(greedy_reply(deal, L::tsumo(0, "4m")).at("type"), "hora");
  CapturedLog log;
  const json reply = greedy_reply(deal, with(L::tsumo(0, "4m"), "possible_actions", json::array()));
  EXPECT_EQ(reply.at("type"), "dahai") << reply;
  EXPECT_TRUE(log.contains("the server's list and the table disagree")) << log.text();
  EXPECT_TRUE(log.contains(R"("type":"hora")")) << log.text();
}

// The server lists what the table finds (the win, riichi): the win is taken, nothing logged.
TEST(MjaiBotServerLists, OfferedWinIsTaken) {
  const Strings deal = {L::start_game(), L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S")};
  CapturedLog log;
  const json offer = json::array({json::parse(R"({"type":"hora","actor":0,"target":0,"pai":"4m"})"),
                                  json::parse(R"({"type":"reach","actor":0})")});
  EXPECT_EQ(greedy_reply(deal, with(L::tsumo(0, "4m"), "possible_actions", offer)).at("type"), "hora");
  EXPECT_FALSE(log.contains("disagree")) << log.text();
}

// A pon the server offers but the table cannot make (one East in hand) is never sent, and the
// disagreement is logged though the table has nothing to decide.
TEST(MjaiBotServerLists, OfferTheTableRejectsIsNotSent) {
  L::Deal deal;
  deal.oya = 1;
  const Strings before = {L::start_game(), L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s E S W N", deal), L::tsumo(1)};
  const json offer = json::array({json::parse(R"({"type":"pon","actor":0,"target":1,"pai":"E","consumed":["E","E"]})")});
  CapturedLog log;
  const json reply = greedy_reply(before, with(L::dahai(1, "E"), "possible_actions", offer));
  EXPECT_EQ(reply, kNone);
  EXPECT_TRUE(log.contains("the server offers")) << log.text();
}

// After our pon, cannot_dahai leaves one kind: the discard is that kind, though greedy would
// throw an isolated wind without the list.
TEST(MjaiBotServerLists, CannotDahaiNarrowsTheDiscard) {
  L::Deal deal;
  deal.oya = 1;
  const Strings before = {L::start_game(), L::start_kyoku("1m 1m 2p 3p 4p 5s 6s 7s 8m 8m E S N", deal), L::tsumo(1),
                          L::dahai(1, "1m")};
  const std::string pon = L::pon(0, 1, "1m", "1m 1m");
  const json free = greedy_reply(before, pon);
  ASSERT_EQ(free.at("type"), "dahai");
  EXPECT_NE(free.at("pai"), "4p");
  const json narrowed = greedy_reply(before, with(pon, "cannot_dahai", L::tiles("1m 2p 3p 5s 6s 7s 8m E S N")));
  EXPECT_EQ(narrowed.at("type"), "dahai");
  EXPECT_EQ(narrowed.at("pai"), "4p");
}

// Thirteen orphans waiting on Red may rob another seat's closed kan of it; the original server
// sends no list there and its validator accepts only a pass, so over TCP the bot passes.
TEST(MjaiBotServerLists, TheOriginalServerGetsOnlyAPassOnAClosedKan) {
  L::Deal deal;
  deal.oya = 1;
  const Strings before = {L::start_game(), L::start_kyoku("1m 1m 9m 1p 9p 1s 9s E S W N P F", deal), L::tsumo(1)};
  EXPECT_EQ(greedy_reply(before, L::ankan(1, "C C C C")).at("type"), "hora");  // any other host
  BotOptions options;
  options.reply_every = true;
  options.original_server = true;
  MjaiBot bot(make_policy("greedy"), options);
  for (const std::string& line : before) bot.on_line(line);
  const Strings replies = bot.on_line(L::ankan(1, "C C C C"));
  ASSERT_EQ(replies.size(), 1u);
  EXPECT_EQ(parsed(replies[0]), kNone);
  // Where the server does send lists (another seat's discard), the win stands.
  MjaiBot on_discard(make_policy("greedy"), options);
  for (const std::string& line : before) on_discard.on_line(line);
  const Strings ron = on_discard.on_line(L::dahai(1, "C"));
  ASSERT_EQ(ron.size(), 1u);
  EXPECT_EQ(parsed(ron[0]).at("type"), "hora");
}

// An unreadable list is reported and left out; the event still counts.
TEST(MjaiBotServerLists, UnreadableListIsIgnored) {
  const Strings deal = {L::start_game(), L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S")};
  CapturedLog log;
  const json reply = greedy_reply(deal, with(L::tsumo(0, "4m"), "possible_actions", "hora please"));
  EXPECT_EQ(reply.at("type"), "hora");
  EXPECT_TRUE(log.contains("\"possible_actions\" ignored")) << log.text();
}

// --- end to end through the real binary -------------------------------------------------------

struct ProcessRun {
  Strings out;
  std::string err;
  int status = -1;
};

// Runs `tenbin <arguments>` on `input`, collecting stdout lines and stderr.
ProcessRun run_tenbin(const std::vector<std::string>& arguments, const std::string& input) {
  const subprocess::Result result = subprocess::run(subprocess::tenbin_binary(), arguments, input);
  ProcessRun run;
  run.status = result.exit_code;
  run.err = result.err;
  std::istringstream lines(result.out);
  for (std::string line; std::getline(lines, line);) run.out.push_back(line);
  return run;
}

std::string joined(const Strings& stream) {
  std::string out;
  for (const std::string& line : stream) out += line + "\n";
  return out;
}

// A reply in a short form for the hand-written sets below: the type, the tile, `*` for
// tsumogiri, the consumed tiles sorted, and the seat called from: "dahai 2s*", "pon E E E <3",
// "hora 9s <1", "ankan E E E E", "reach", "none". Empty for a reply by another seat.
std::string short_form(const std::string& reply) {
  const json action = parsed(reply);
  const std::string type = action.at("type");
  if (type == "none") return type;
  if (action.at("actor") != 0) return "";
  std::string out = type;
  if (action.contains("pai")) out += " " + action.at("pai").get<std::string>();
  if (action.value("tsumogiri", false)) out += "*";
  if (action.contains("consumed")) {
    Strings consumed = action.at("consumed").get<Strings>();
    std::sort(consumed.begin(), consumed.end());
    for (const std::string& tile : consumed) out += " " + tile;
  }
  if (type == "chi" || type == "pon" || type == "daiminkan" || type == "hora") {
    out += " <" + std::to_string(action.at("target").get<int>());
  }
  return out;
}

// Seat 0's legal actions at each decision of a stream (by line index), listed by hand from the
// rules: every kind held may be discarded (the drawn tile as tsumogiri, a second copy by hand),
// kuikae excluded after a call; riichi when a discard leaves tenpai; only tsumogiri in riichi.
using LegalSets = std::map<std::size_t, std::set<std::string>>;

const LegalSets& worked_example_legal() {
  static const LegalSets sets = {
      // 1m2m3m 4p5pr6p 9p 7s8s EE N C, drew 2s: no riichi (three floating tiles), no kyuushu.
      {2, {"dahai 1m", "dahai 2m", "dahai 3m", "dahai 4p", "dahai 5pr", "dahai 6p", "dahai 9p",
           "dahai 2s*", "dahai 7s", "dahai 8s", "dahai E", "dahai N", "dahai C"}},
      {9, {"pon E E E <3", "none"}},  // seat 3's East, a pair in hand
      {10, {"dahai 1m", "dahai 2m", "dahai 3m", "dahai 4p", "dahai 5pr", "dahai 6p", "dahai 9p",
            "dahai 2s", "dahai 7s", "dahai 8s", "dahai N"}},
      {19, {"chi 6s 7s 8s <3", "none"}},  // seat 3 sits on our left
      // After 6-78s, 6s and 9s would be kuikae; neither is held.
      {20, {"dahai 1m", "dahai 2m", "dahai 3m", "dahai 4p", "dahai 5pr", "dahai 6p", "dahai 9p",
            "dahai 2s"}},
      {25, {"hora 2s <2", "none"}},  // tanki on 2s, East pon for the yaku
  };
  return sets;
}

const LegalSets& riichi_and_calls_legal() {
  static const LegalSets sets = {
      // EEE 123m 456p 78s 99p, drew N: discarding N leaves tenpai on 6s-9s.
      {2, {"dahai 1m", "dahai 2m", "dahai 3m", "dahai 4p", "dahai 5p", "dahai 6p", "dahai 9p",
           "dahai 7s", "dahai 8s", "dahai E", "dahai N*", "reach"}},
      {3, {"dahai N*"}},                        // the riichi discard must keep tenpai
      {12, {"dahai E*", "ankan E E E E"}},      // in riichi; the kan leaves the waits as they are
      {15, {"dahai 1p*"}},                      // the rinshan draw does not win
      {18, {"hora 9s <1", "none"}},
      // The second hand: 3m4m 5p5p5pr 7s8s CC N W S 1p, drew 2m.
      {22, {"dahai 2m*", "dahai 3m", "dahai 4m", "dahai 1p", "dahai 5p", "dahai 5pr", "dahai 7s",
            "dahai 8s", "dahai S", "dahai W", "dahai N", "dahai C"}},
      {25, {"pon C C C <1", "none"}},
      {26, {"dahai 2m", "dahai 3m", "dahai 4m", "dahai 5p", "dahai 5pr", "dahai 7s", "dahai 8s",
            "dahai S", "dahai W", "dahai N"}},
      // Seat 2's 5p with 5p 5p 5pr in hand: two pons (with or without the red five) or the kan.
      {31, {"pon 5p 5p 5p <2", "pon 5p 5p 5pr <2", "daiminkan 5p 5p 5p 5pr <2", "none"}},
      {32, {"dahai 2m", "dahai 3m", "dahai 4m", "dahai 7s", "dahai 8s", "dahai S", "dahai W"}},
      {35, {"chi 6s 7s 8s <3", "none"}},
      {36, {"dahai 2m", "dahai 3m", "dahai 4m", "dahai 5p", "dahai S"}},
      {43, {"chi 1m 2m 3m <3", "none"}},  // 4m would be kuikae, 5p is left to discard
      {44, {"dahai 2m", "dahai 3m", "dahai 4m", "dahai 9m*", "dahai 5p", "kakan 5p 5p 5p 5pr"}},  // pai: the added tile; consumed: the pon's three
      {46, {"dahai 2m", "dahai 3m", "dahai 4m", "dahai 9m", "dahai F*"}},
      // Tanki on 9m with the red dragons; passing it here makes seat 3's 9m (line 54) furiten.
      {50, {"hora 9m <1", "none"}},
  };
  return sets;
}

void expect_legal_replies(const LegalSets& legal, const Strings& replies) {
  ASSERT_EQ(replies.size(), legal.size());
  std::size_t i = 0;
  for (const auto& [line, actions] : legal) {
    EXPECT_TRUE(actions.contains(short_form(replies[i]))) << "line " << line << ": " << replies[i];
    ++i;
  }
}

TEST(MjaiBotBinary, EveryReplyIsLegal) {
  for (const auto& [name, legal] : {std::pair{"worked_example.jsonl", &worked_example_legal()},
                                    std::pair{"riichi_and_calls.jsonl", &riichi_and_calls_legal()}}) {
    const ProcessRun run = run_tenbin({"--seat", "0"}, joined(L::read_stream(name)));
    EXPECT_EQ(run.status, 0) << name;
    expect_legal_replies(*legal, run.out);
    EXPECT_NE(run.err.find("0 lines rejected"), std::string::npos) << run.err;
  }
  // The tsumogiri strategy with --reply-every: one line per line, a legal action at each
  // decision and `none` everywhere else.
  const Strings stream = L::read_stream("riichi_and_calls.jsonl");
  const ProcessRun every = run_tenbin({"--seat", "0", "--strategy", "tsumogiri", "--reply-every"}, joined(stream));
  ASSERT_EQ(every.out.size(), stream.size());
  const LegalSets& legal = riichi_and_calls_legal();
  for (std::size_t i = 0; i < stream.size(); ++i) {
    const auto decision = legal.find(i);
    if (decision == legal.end()) {
      EXPECT_EQ(parsed(every.out[i]), kNone) << "line " << i;
    } else {
      EXPECT_TRUE(decision->second.contains(short_form(every.out[i]))) << "line " << i << ": " << every.out[i];
    }
  }
}

// Batch arrays through the binary: one reply per array line, legal at each decision.
TEST(MjaiBotBinary, BatchArrays) {
  const Strings stream = L::read_stream("riichi_and_calls.jsonl");
  const LegalSets& legal = riichi_and_calls_legal();
  // Cut the stream after each decision, as mjai.app would.
  Strings arrays;
  Strings current;
  std::vector<bool> is_decision;
  for (std::size_t i = 0; i < stream.size(); ++i) {
    const std::string& line = stream[i];
    current.push_back(line);
    const bool decision = legal.contains(i);
    if (decision || line.find("end_kyoku") != std::string::npos || line.find("start_game") != std::string::npos) {
      arrays.push_back(batch_range(current, 0, current.size() - 1));
      is_decision.push_back(decision);
      current.clear();
    }
  }
  ASSERT_TRUE(current.size() == 1u);  // end_game
  arrays.push_back("[" + current[0] + "]");
  is_decision.push_back(false);
  const ProcessRun run = run_tenbin({"--seat", "0"}, joined(arrays));
  ASSERT_EQ(run.out.size(), arrays.size());
  Strings decision_replies;
  for (std::size_t i = 0; i < arrays.size(); ++i) {
    if (is_decision[i]) {
      decision_replies.push_back(run.out[i]);
    } else {
      EXPECT_EQ(parsed(run.out[i]), kNone) << i;
    }
  }
  expect_legal_replies(legal, decision_replies);
}

// Bad lines through the process: a line over the 1 MiB limit, binary junk, malformed JSON;
// all reported on stderr, and the next good line is answered.
TEST(MjaiBotBinary, BadLinesDoNotStopTheProcess) {
  const std::string huge = R"({"type":"dahai","actor":1,"pai":")" + std::string(3 << 20, 'x') + "\"}";
  const std::string input = L::start_game() + "\n" + L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S") + "\n" +
                            huge + "\n" + std::string("\x00\xff\xfe junk", 9) + "\n" + R"({"type":"tsumo",)" +
                            "\n" + L::tsumo(0, "N") + "\n";
  const ProcessRun run = run_tenbin({"--seat", "0"}, input);
  EXPECT_EQ(run.status, 0);
  ASSERT_EQ(run.out.size(), 1u);
  EXPECT_EQ(parsed(run.out[0]), parsed(R"({"type":"reach","actor":0})"));
  EXPECT_NE(run.err.find("1 MiB"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("3 lines rejected"), std::string::npos) << run.err;

  // With --reply-every each of the six lines is answered, the bad ones with none.
  const ProcessRun every = run_tenbin({"--seat", "0", "--reply-every"}, input);
  ASSERT_EQ(every.out.size(), 6u);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(parsed(every.out[i]), kNone) << i;
  EXPECT_EQ(parsed(every.out[5]).at("type"), "reach");

  // A batch line over the limit still gets its one reply.
  const std::string arrays = "[" + L::start_game() + "]\n[" + huge + "]\n[" +
                             L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S") + "," + L::tsumo(0, "N") + "]\n";
  const ProcessRun batched = run_tenbin({"--seat", "0"}, arrays);
  ASSERT_EQ(batched.out.size(), 3u);
  EXPECT_EQ(parsed(batched.out[1]), kNone);
  EXPECT_EQ(parsed(batched.out[2]).at("type"), "reach");
}

// JSON nested 80,000 levels deep (160 KB, well under the line limit) in an event and in a batch
// item: rejected as any bad line, with the reply the dialect owes and never a crash.
TEST(MjaiBotBinary, DeeplyNestedJsonIsRejectedLikeAnyBadLine) {
  const std::string deep = std::string(80000, '[') + std::string(80000, ']');
  const std::string event = R"({"type":"dahai","actor":0,"x":)" + deep + "}";
  const std::string input = L::start_game() + "\n" + event + "\n" + L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S") +
                            "\n" + L::tsumo(0, "N") + "\n";
  const ProcessRun every = run_tenbin({"--seat", "0", "--reply-every"}, input);
  EXPECT_EQ(every.status, 0) << every.err.substr(0, 2000);
  ASSERT_EQ(every.out.size(), 4u);
  EXPECT_EQ(parsed(every.out[1]), kNone);
  EXPECT_EQ(parsed(every.out[3]).at("type"), "reach");
  EXPECT_NE(every.err.find("nested deeper"), std::string::npos) << every.err.substr(0, 2000);
  EXPECT_LT(every.err.size(), 4096u);  // the line is shortened, not dumped

  const std::string arrays = "[" + L::start_game() + "]\n[" + event + "]\n[" + deep + "]\n[" +
                             L::start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m S S") + "," + L::tsumo(0, "N") + "]\n";
  const ProcessRun batched = run_tenbin({"--seat", "0"}, arrays);
  EXPECT_EQ(batched.status, 0) << batched.err.substr(0, 2000);
  ASSERT_EQ(batched.out.size(), 4u);
  EXPECT_EQ(parsed(batched.out[1]), kNone);
  EXPECT_EQ(parsed(batched.out[2]), kNone);
  EXPECT_EQ(parsed(batched.out[3]).at("type"), "reach");
}

// `tenbin replay --seat 0` on a full log: one row per decision of seat 0, then a summary.
TEST(MjaiBotBinary, ReplayPrintsOneRowPerDecision) {
  const Strings log = L::read_stream("full_log.jsonl");
  const ProcessRun run = run_tenbin({"replay", "--seat", "0"}, joined(log));
  EXPECT_EQ(run.status, 0);
  ASSERT_EQ(run.out.size(), 7u);
  // The decisions: our draw, East to pon, the pon echo, 6s to chi, the chi echo, 2s to ron.
  const std::vector<int> lines = {3, 10, 11, 20, 21, 26};
  const Strings played = {"dahai", "pon", "dahai", "chi", "dahai", "hora"};
  for (std::size_t i = 0; i < 6; ++i) {
    const json row = parsed(run.out[i]);
    EXPECT_EQ(row.at("line"), lines[i]) << run.out[i];
    EXPECT_EQ(row.at("played").at("type"), played[i]) << run.out[i];
  }
  // What was played comes from the log; the bot's own choice at the ron is the win.
  const json first = parsed(run.out[0]);
  EXPECT_EQ(first.at("played"), parsed(R"({"type":"dahai","actor":0,"pai":"C","tsumogiri":false})"));
  EXPECT_EQ(first.at("agree"), first.at("bot").at("pai") == "C");
  const json last = parsed(run.out[5]);
  EXPECT_EQ(last.at("bot"), parsed(R"({"type":"hora","actor":0,"target":2,"pai":"2s"})"));
  EXPECT_TRUE(last.at("agree").get<bool>());
  const json summary = parsed(run.out[6]);
  EXPECT_EQ(summary.at("seat"), 0);
  EXPECT_EQ(summary.at("decisions"), 6);
  EXPECT_EQ(summary.at("rejected_lines"), 0);
  int agreements = 0;
  for (std::size_t i = 0; i < 6; ++i) agreements += parsed(run.out[i]).at("agree").get<bool>() ? 1 : 0;
  EXPECT_EQ(summary.at("agreements"), agreements);
}

// The main options may follow the subcommand too: the same replay with --strategy and
// --log-level after it.
TEST(MjaiBotBinary, MainOptionsMayFollowTheSubcommand) {
  const std::string log = joined(L::read_stream("full_log.jsonl"));
  const ProcessRun before = run_tenbin({"--strategy", "greedy", "--log-level", "warn", "replay", "--seat", "0"}, log);
  const ProcessRun after = run_tenbin({"replay", "--seat", "0", "--strategy", "greedy", "--log-level", "warn"}, log);
  EXPECT_EQ(after.status, 0);
  EXPECT_EQ(after.out, before.out);
  EXPECT_EQ(after.out.size(), 7u);
}

}  // namespace
}  // namespace tenbin

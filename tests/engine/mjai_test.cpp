// mjai events as values: every event type parses and serialises, serialising what was parsed
// gives the same JSON back, strict validation names the problem, and what the parser does not
// know (fields, types) becomes a warning instead of an error.
#include "engine/mjai.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/table.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

ParsedEvent parse(const std::string& text) { return parse_event(json::parse(text)); }
Event event_of(const std::string& text) { return parse(text).event; }
Tile tile(const char* name) { return parse_tile(name); }

std::vector<std::string> names(std::span<const Tile> tiles) {
  std::vector<std::string> out;
  for (const Tile t : tiles) out.push_back(t.to_string());
  return out;
}

// The message of the MjaiError that parsing `text` throws ("" when it does not throw).
std::string parse_error(const std::string& text) {
  try {
    parse(text);
  } catch (const MjaiError& error) {
    return error.what();
  }
  return "";
}

bool mentions(const std::string& message, const std::string& part) {
  return message.find(part) != std::string::npos;
}

const std::string kHidden13 = R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"])";
const std::string kOwnHand =
    R"(["1m","2m","3m","4p","5pr","6p","7s","8s","E","E","N","C","9p"])";

std::string start_kyoku_line(const std::string& extra) {
  return R"({"type":"start_kyoku","bakaze":"S","kyoku":3,"honba":2,"kyotaku":1,"oya":2,"dora_marker":"5sr","tehais":[)" +
         kOwnHand + "," + kHidden13 + "," + kHidden13 + "," + kHidden13 + "]" + extra + "}";
}

// --- every event type ---------------------------------------------------------------------

TEST(MjaiParse, HelloAndJoin) {
  const Event hello = event_of(R"({"type":"hello","protocol":"mjsonp","protocol_version":3})");
  EXPECT_EQ(hello.type, EventType::hello);
  EXPECT_EQ(hello.protocol_version, 3);

  const Event join = event_of(R"({"type":"join","name":"tenbin","room":"lobby"})");
  EXPECT_EQ(join.type, EventType::join);
  EXPECT_EQ(join.name, "tenbin");
  EXPECT_EQ(join.room, "lobby");
  // The room defaults to the original server's "default".
  EXPECT_EQ(event_of(R"({"type":"join","name":"x"})").room, "default");
}

TEST(MjaiParse, StartGameWithAndWithoutId) {
  const Event with_id = event_of(R"({"type":"start_game","id":2,"names":["a","b","c","d"]})");
  EXPECT_EQ(with_id.type, EventType::start_game);
  EXPECT_EQ(with_id.id, 2);
  EXPECT_EQ(with_id.names, (std::vector<std::string>{"a", "b", "c", "d"}));

  // Mortal accepts a bare start_game: no seat given (-1), no names.
  const Event bare = event_of(R"({"type":"start_game"})");
  EXPECT_EQ(bare.id, -1);
  EXPECT_TRUE(bare.names.empty());
}

TEST(MjaiParse, StartKyokuWithScoresAndHiddenTiles) {
  const Event e = event_of(start_kyoku_line(R"(,"scores":[25000,24000,26000,25000])"));
  EXPECT_EQ(e.type, EventType::start_kyoku);
  EXPECT_EQ(e.bakaze, kinds::south);
  EXPECT_EQ(e.kyoku, 3);
  EXPECT_EQ(e.honba, 2);
  EXPECT_EQ(e.kyotaku, 1);
  EXPECT_EQ(e.oya, 2);
  EXPECT_EQ(e.dora_marker, Tile::of(kinds::s5, true));
  EXPECT_EQ(e.tehais[0][4], Tile::of(kinds::p5, true));
  EXPECT_EQ(e.tehais[0][12], tile("9p"));
  for (int seat = 1; seat < 4; ++seat) {
    for (const Tile t : e.tehais[seat]) EXPECT_TRUE(t.is_hidden());
  }
  EXPECT_TRUE(e.has_scores);
  EXPECT_EQ(e.scores, (std::array<int, 4>{25000, 24000, 26000, 25000}));
}

TEST(MjaiParse, StartKyokuWithoutScoresAsTheOriginalServerSendsIt) {
  const ParsedEvent parsed = parse(start_kyoku_line(""));
  EXPECT_FALSE(parsed.event.has_scores);
  EXPECT_TRUE(parsed.warnings.empty());
}

TEST(MjaiParse, DrawsAndDiscards) {
  const Event hidden = event_of(R"({"type":"tsumo","actor":3,"pai":"?"})");
  EXPECT_EQ(hidden.type, EventType::tsumo);
  EXPECT_EQ(hidden.actor, 3);
  EXPECT_TRUE(hidden.pai.is_hidden());

  const Event own = event_of(R"({"type":"tsumo","actor":0,"pai":"5mr"})");
  EXPECT_EQ(own.pai, Tile::of(kinds::m5, true));

  const Event discard = event_of(R"({"type":"dahai","actor":1,"pai":"C","tsumogiri":true})");
  EXPECT_EQ(discard.type, EventType::dahai);
  EXPECT_EQ(discard.actor, 1);
  EXPECT_EQ(discard.pai, Tile::of(kinds::red));
  EXPECT_TRUE(discard.tsumogiri);
}

TEST(MjaiParse, CallsKeepTheirConsumedTiles) {
  const Event chi = event_of(R"({"type":"chi","actor":0,"target":3,"pai":"6s","consumed":["7s","8s"]})");
  EXPECT_EQ(chi.type, EventType::chi);
  EXPECT_EQ(chi.target, 3);
  EXPECT_EQ(chi.pai, tile("6s"));
  EXPECT_EQ(names(chi.consumed.view()), (std::vector<std::string>{"7s", "8s"}));
  EXPECT_TRUE(chi.is_call());
  EXPECT_FALSE(chi.is_kan());

  const Event pon = event_of(R"({"type":"pon","actor":2,"target":0,"pai":"5p","consumed":["5pr","5p"]})");
  EXPECT_EQ(pon.type, EventType::pon);
  EXPECT_EQ(names(pon.consumed.view()), (std::vector<std::string>{"5pr", "5p"}));

  const Event daiminkan =
      event_of(R"({"type":"daiminkan","actor":1,"target":2,"pai":"5p","consumed":["5pr","5p","5p"]})");
  EXPECT_EQ(daiminkan.type, EventType::daiminkan);
  EXPECT_EQ(daiminkan.consumed.size, 3);
  EXPECT_TRUE(daiminkan.is_kan());

  // kakan: the added tile is `pai`, the pon's three tiles are `consumed`; no target.
  const Event kakan = event_of(R"({"type":"kakan","actor":0,"pai":"5s","consumed":["5sr","5s","5s"]})");
  EXPECT_EQ(kakan.type, EventType::kakan);
  EXPECT_EQ(kakan.pai, tile("5s"));
  EXPECT_EQ(kakan.target, -1);
  EXPECT_EQ(kakan.consumed.size, 3);

  // ankan: four tiles, no pai, no target.
  const Event ankan = event_of(R"({"type":"ankan","actor":3,"consumed":["N","N","N","N"]})");
  EXPECT_EQ(ankan.type, EventType::ankan);
  EXPECT_FALSE(ankan.has_pai);
  EXPECT_EQ(ankan.consumed.size, 4);
  EXPECT_TRUE(ankan.is_kan());
}

TEST(MjaiParse, DoraAndRiichi) {
  EXPECT_EQ(event_of(R"({"type":"dora","dora_marker":"9m"})").dora_marker, tile("9m"));
  const Event reach = event_of(R"({"type":"reach","actor":2})");
  EXPECT_EQ(reach.type, EventType::reach);
  EXPECT_EQ(reach.actor, 2);

  const Event bare = event_of(R"({"type":"reach_accepted","actor":2})");
  EXPECT_EQ(bare.type, EventType::reach_accepted);
  EXPECT_FALSE(bare.has_deltas);
  EXPECT_FALSE(bare.has_scores);

  // The original server adds the payment and the new scores.
  const Event original = event_of(
      R"({"type":"reach_accepted","actor":2,"deltas":[0,0,-1000,0],"scores":[25000,25000,24000,25000]})");
  EXPECT_TRUE(original.has_deltas);
  EXPECT_EQ(original.deltas, (std::array<int, 4>{0, 0, -1000, 0}));
  EXPECT_TRUE(original.has_scores);
  EXPECT_EQ(original.scores[2], 24000);
}

TEST(MjaiParse, HoraWithResults) {
  const ParsedEvent mortal = parse(
      R"({"type":"hora","actor":0,"target":2,"pai":"2s","deltas":[12600,0,-11600,0],"ura_markers":["4m"]})");
  EXPECT_TRUE(mortal.warnings.empty());
  EXPECT_EQ(mortal.event.type, EventType::hora);
  EXPECT_EQ(mortal.event.actor, 0);
  EXPECT_EQ(mortal.event.target, 2);
  EXPECT_EQ(mortal.event.pai, tile("2s"));
  EXPECT_EQ(mortal.event.deltas, (std::array<int, 4>{12600, 0, -11600, 0}));
  EXPECT_EQ(names(mortal.event.ura_markers), (std::vector<std::string>{"4m"}));

  // The original server's richer form: uradora_markers, the winner's tiles, yaku and scores; no warnings.
  const ParsedEvent rich = parse(
      R"({"type":"hora","actor":1,"target":1,"pai":"3p","hora_tehais":["3p"],"uradora_markers":["E","7s"],"yakus":[["reach",1]],"fu":30,"fan":1,"hora_points":1000,"deltas":[-300,1100,-300,-500],"scores":[24700,26100,24700,24500]})");
  EXPECT_TRUE(rich.warnings.empty());
  EXPECT_EQ(names(rich.event.ura_markers), (std::vector<std::string>{"E", "7s"}));
  EXPECT_TRUE(rich.event.has_scores);
  EXPECT_EQ(rich.event.scores[1], 26100);

  // A tsumo reply may leave out target: it is the winner itself.
  EXPECT_EQ(event_of(R"({"type":"hora","actor":3})").target, 3);
}

TEST(MjaiParse, RyukyokuEndKyokuEndGameErrorNone) {
  const Event draw = event_of(
      R"({"type":"ryukyoku","reason":"fanpai","tenpais":[true,false,false,false],"tehais":[[],[],[],[]],"deltas":[3000,-1000,-1000,-1000]})");
  EXPECT_EQ(draw.type, EventType::ryukyoku);
  EXPECT_EQ(draw.reason, "fanpai");
  EXPECT_EQ(draw.deltas, (std::array<int, 4>{3000, -1000, -1000, -1000}));
  EXPECT_EQ(draw.actor, -1);
  EXPECT_EQ(draw.tenpais, (std::array<bool, 4>{true, false, false, false}));

  const Event kyuushu = event_of(R"({"type":"ryukyoku","actor":1,"reason":"kyushukyuhai"})");
  EXPECT_EQ(kyuushu.actor, 1);
  EXPECT_FALSE(kyuushu.has_deltas);

  EXPECT_EQ(event_of(R"({"type":"end_kyoku"})").type, EventType::end_kyoku);
  const Event end = event_of(R"({"type":"end_game","scores":[40000,30000,20000,10000]})");
  EXPECT_EQ(end.type, EventType::end_game);
  EXPECT_EQ(end.scores[3], 10000);
  EXPECT_FALSE(event_of(R"({"type":"end_game"})").has_scores);

  const Event error = event_of(R"({"type":"error","message":"timeout"})");
  EXPECT_EQ(error.type, EventType::error);
  EXPECT_EQ(error.message, "timeout");
  EXPECT_EQ(event_of(R"({"type":"none"})").type, EventType::none);
}

TEST(MjaiParse, CanActFalseMeansUpdateOnly) {
  EXPECT_FALSE(event_of(R"({"type":"dahai","actor":3,"pai":"E","tsumogiri":false,"can_act":false})").can_act);
  EXPECT_TRUE(event_of(R"({"type":"dahai","actor":3,"pai":"E","tsumogiri":false})").can_act);
}

// --- round trips --------------------------------------------------------------------------

// Each line is already in the canonical form event_to_json writes, so parse -> serialise must
// give it back exactly, and parsing that again must too.
TEST(MjaiRoundTrip, EveryEventTypeComesBackUnchanged) {
  const std::vector<std::string> lines = {
      R"({"type":"hello","protocol":"mjsonp","protocol_version":3})",
      R"({"type":"join","name":"tenbin","room":"default"})",
      R"({"type":"start_game","id":1,"names":["a","b","c","d"]})",
      R"({"type":"start_game"})",
      start_kyoku_line(R"(,"scores":[25000,24000,26000,25000])"),
      start_kyoku_line(""),
      R"({"type":"tsumo","actor":1,"pai":"?"})",
      R"({"type":"tsumo","actor":0,"pai":"5sr"})",
      R"({"type":"dahai","actor":0,"pai":"C","tsumogiri":false})",
      R"({"type":"chi","actor":0,"target":3,"pai":"6s","consumed":["7s","8s"]})",
      R"({"type":"pon","actor":0,"target":2,"pai":"C","consumed":["C","C"]})",
      R"({"type":"daiminkan","actor":0,"target":1,"pai":"5p","consumed":["5pr","5p","5p"]})",
      R"({"type":"kakan","actor":0,"pai":"5s","consumed":["5sr","5s","5s"]})",
      R"({"type":"ankan","actor":0,"consumed":["N","N","N","N"]})",
      R"({"type":"dora","dora_marker":"2m"})",
      R"({"type":"reach","actor":2})",
      R"({"type":"reach_accepted","actor":2})",
      R"({"type":"reach_accepted","actor":2,"deltas":[0,0,-1000,0],"scores":[25000,25000,24000,25000]})",
      R"({"type":"hora","actor":0,"target":2,"pai":"2s"})",
      R"({"type":"hora","actor":0,"target":2,"pai":"2s","deltas":[12600,0,-11600,0],"ura_markers":[]})",
      R"({"type":"hora","actor":1,"target":1,"pai":"3p","deltas":[-300,1100,-300,-500],"ura_markers":["E"],"scores":[24700,26100,24700,24500]})",
      R"({"type":"ryukyoku","actor":0,"reason":"kyushukyuhai"})",
      R"({"type":"ryukyoku","reason":"fanpai","tenpais":[true,false,false,false],"deltas":[3000,-1000,-1000,-1000],"scores":[28000,24000,24000,24000]})",
      R"({"type":"end_kyoku"})",
      R"({"type":"end_game"})",
      R"({"type":"end_game","scores":[40000,30000,20000,10000]})",
      R"({"type":"error","message":"game aborted"})",
      R"({"type":"none"})",
  };
  for (const std::string& line : lines) {
    const json original = json::parse(line);
    const json once = event_to_json(parse_event(original).event);
    EXPECT_EQ(once, original) << line;
    EXPECT_EQ(event_to_json(parse_event(once).event), once) << line;
  }
}

// The original server's uradora_markers come out under the Mortal name, with the same tiles.
TEST(MjaiRoundTrip, UradoraMarkersBecomeUraMarkers) {
  const json out = event_to_json(event_of(
      R"({"type":"hora","actor":1,"target":0,"pai":"3p","uradora_markers":["E","7s"],"deltas":[-1000,1000,0,0]})"));
  EXPECT_EQ(out.at("ura_markers"), json({"E", "7s"}));
  EXPECT_FALSE(out.contains("uradora_markers"));
}

// Ura indicators are kept even when the host sent no deltas with them.
TEST(MjaiRoundTrip, UraMarkersWithoutDeltasAreKept) {
  const json original = json::parse(R"({"type":"hora","actor":1,"target":0,"pai":"3p","ura_markers":["E"]})");
  EXPECT_EQ(event_to_json(parse_event(original).event), original);
}

// The reply forms of docs/mjai.md, built from legal actions.
TEST(MjaiRoundTrip, RepliesUseTheUnionForms) {
  const auto reply = [](EventType type, const char* pai, std::vector<const char*> consumed, int target,
                        bool tsumogiri = false) {
    Action action;
    action.type = type;
    if (pai != nullptr) action.pai = tile(pai);
    for (const char* name : consumed) action.consumed.push(tile(name));
    action.target = target;
    action.tsumogiri = tsumogiri;
    return event_to_json(action.to_event(0));
  };
  EXPECT_EQ(reply(EventType::dahai, "7p", {}, -1), json::parse(R"({"type":"dahai","actor":0,"pai":"7p","tsumogiri":false})"));
  EXPECT_EQ(reply(EventType::dahai, "5pr", {}, -1, true),
            json::parse(R"({"type":"dahai","actor":0,"pai":"5pr","tsumogiri":true})"));
  EXPECT_EQ(reply(EventType::reach, nullptr, {}, -1), json::parse(R"({"type":"reach","actor":0})"));
  EXPECT_EQ(reply(EventType::chi, "6s", {"7s", "8s"}, 3),
            json::parse(R"({"type":"chi","actor":0,"target":3,"pai":"6s","consumed":["7s","8s"]})"));
  EXPECT_EQ(reply(EventType::pon, "C", {"C", "C"}, 2),
            json::parse(R"({"type":"pon","actor":0,"target":2,"pai":"C","consumed":["C","C"]})"));
  EXPECT_EQ(reply(EventType::daiminkan, "5p", {"5pr", "5p", "5p"}, 1),
            json::parse(R"({"type":"daiminkan","actor":0,"target":1,"pai":"5p","consumed":["5pr","5p","5p"]})"));
  EXPECT_EQ(reply(EventType::ankan, "N", {"N", "N", "N", "N"}, -1),
            json::parse(R"({"type":"ankan","actor":0,"consumed":["N","N","N","N"]})"));
  EXPECT_EQ(reply(EventType::kakan, "5s", {"5sr", "5s", "5s"}, -1),
            json::parse(R"({"type":"kakan","actor":0,"pai":"5s","consumed":["5sr","5s","5s"]})"));
  EXPECT_EQ(reply(EventType::hora, "2s", {}, 2), json::parse(R"({"type":"hora","actor":0,"target":2,"pai":"2s"})"));
  EXPECT_EQ(reply(EventType::ryukyoku, nullptr, {}, -1),
            json::parse(R"({"type":"ryukyoku","actor":0,"reason":"kyushukyuhai"})"));
  EXPECT_EQ(reply(EventType::none, nullptr, {}, -1), json::parse(R"({"type":"none"})"));
}

// --- strict validation --------------------------------------------------------------------

TEST(MjaiValidation, BadTilesAreNamed) {
  const std::string message = parse_error(R"({"type":"dahai","actor":0,"pai":"0m","tsumogiri":false})");
  EXPECT_TRUE(mentions(message, "dahai")) << message;
  EXPECT_TRUE(mentions(message, "\"pai\"")) << message;
  EXPECT_TRUE(mentions(message, "\"0m\"")) << message;
  // Only a plain five can be red; "?" is never a discard; honours are single letters.
  EXPECT_TRUE(mentions(parse_error(R"({"type":"dahai","actor":0,"pai":"4mr","tsumogiri":false})"), "\"4mr\""));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"dahai","actor":0,"pai":"?","tsumogiri":false})"), "\"?\""));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"dora","dora_marker":"Z"})"), "\"Z\""));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"pon","actor":0,"target":2,"pai":"C","consumed":["C","c"]})"), "\"c\""));
  const std::string deal = parse_error(
      R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","10p"],)" +
      kHidden13 + "," + kHidden13 + "," + kHidden13 + "]}");
  EXPECT_TRUE(mentions(deal, "tehais")) << deal;
  EXPECT_TRUE(mentions(deal, "\"10p\"")) << deal;
}

TEST(MjaiValidation, ConsumedCountsMustMatchTheCall) {
  const std::string chi = parse_error(R"({"type":"chi","actor":0,"target":3,"pai":"6s","consumed":["7s","8s","9s"]})");
  EXPECT_TRUE(mentions(chi, "chi")) << chi;
  EXPECT_TRUE(mentions(chi, "3 tiles, expected 2")) << chi;
  EXPECT_TRUE(mentions(parse_error(R"({"type":"pon","actor":0,"target":2,"pai":"C","consumed":["C"]})"),
                       "1 tiles, expected 2"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"daiminkan","actor":0,"target":2,"pai":"C","consumed":["C","C"]})"),
                       "expected 3"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"kakan","actor":0,"pai":"C","consumed":["C","C","C","C"]})"),
                       "expected 3"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"ankan","actor":0,"consumed":["N","N","N"]})"), "expected 4"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"ankan","actor":0,"consumed":["N","N","N","N","N"]})"), "5 tiles"));
  // The tiles must form the set: a run for chi, one kind for the others, one red five at most.
  EXPECT_TRUE(mentions(parse_error(R"({"type":"chi","actor":0,"target":3,"pai":"6s","consumed":["7s","9s"]})"),
                       "not a run"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"chi","actor":0,"target":3,"pai":"E","consumed":["S","W"]})"),
                       "not a run"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"pon","actor":0,"target":2,"pai":"C","consumed":["C","P"]})"),
                       "not all of one kind"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"pon","actor":0,"target":2,"pai":"5p","consumed":["5pr","5pr"]})"),
                       "red five"));
}

TEST(MjaiValidation, SeatsMustBeInRange) {
  const std::string actor = parse_error(R"({"type":"tsumo","actor":4,"pai":"?"})");
  EXPECT_TRUE(mentions(actor, "\"actor\" = 4")) << actor;
  EXPECT_TRUE(mentions(actor, "0..3")) << actor;
  EXPECT_TRUE(mentions(parse_error(R"({"type":"dahai","actor":-1,"pai":"E","tsumogiri":false})"), "\"actor\" = -1"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"pon","actor":0,"target":7,"pai":"C","consumed":["C","C"]})"),
                       "\"target\" = 7"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"start_game","id":9})"), "\"id\" = 9"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"pon","actor":1,"target":1,"pai":"C","consumed":["C","C"]})"),
                       "actor itself"));
  // start_kyoku: kyoku 1..4 (Mortal rejects 0 and 5) and a wind as bakaze.
  const std::string kyoku = parse_error(
      R"({"type":"start_kyoku","bakaze":"E","kyoku":5,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","tehais":[)" +
      kOwnHand + "," + kHidden13 + "," + kHidden13 + "," + kHidden13 + "]}");
  EXPECT_TRUE(mentions(kyoku, "\"kyoku\" = 5")) << kyoku;
  EXPECT_TRUE(mentions(parse_error(R"({"type":"start_kyoku","bakaze":"P","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","tehais":[)" +
                                   kOwnHand + "," + kHidden13 + "," + kHidden13 + "," + kHidden13 + "]}"),
                       "bakaze"));
}

TEST(MjaiValidation, ChiOnlyFromTheLeft) {
  // Seat 0's left (kamicha) is seat 3; a chi from seat 1 or 2 is impossible.
  const std::string message = parse_error(R"({"type":"chi","actor":0,"target":1,"pai":"6s","consumed":["7s","8s"]})");
  EXPECT_TRUE(mentions(message, "chi from seat 1")) << message;
  EXPECT_TRUE(mentions(message, "left")) << message;
  EXPECT_TRUE(mentions(parse_error(R"({"type":"chi","actor":2,"target":0,"pai":"6s","consumed":["7s","8s"]})"),
                       "chi from seat 0"));
  EXPECT_NO_THROW(parse(R"({"type":"chi","actor":2,"target":1,"pai":"6s","consumed":["7s","8s"]})"));
}

TEST(MjaiValidation, MissingFieldsAreNamed) {
  EXPECT_TRUE(mentions(parse_error(R"({"type":"dahai","actor":0,"tsumogiri":false})"), "dahai: missing \"pai\""));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"tsumo","pai":"1m"})"), "tsumo: missing \"actor\""));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"pon","actor":0,"pai":"C","consumed":["C","C"]})"),
                       "pon: missing \"target\""));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"chi","actor":0,"target":3,"pai":"6s"})"), "missing \"consumed\""));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"dora"})"), "dora: missing \"dora_marker\""));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"reach"})"), "reach: missing \"actor\""));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"join"})"), "join: missing \"name\""));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"tehais":[]})"),
                       "missing \"dora_marker\""));
  // A null counts as missing.
  EXPECT_TRUE(mentions(parse_error(R"({"type":"dahai","actor":0,"pai":null})"), "missing \"pai\""));
  EXPECT_TRUE(mentions(parse_error(R"({"actor":0})"), "\"type\""));
}

TEST(MjaiValidation, WrongTypesAreNamed) {
  EXPECT_TRUE(mentions(parse_error(R"({"type":"dahai","actor":"0","pai":"E","tsumogiri":false})"),
                       "\"actor\" must be an integer"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"dahai","actor":0.5,"pai":"E","tsumogiri":false})"),
                       "\"actor\" must be an integer"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"dahai","actor":0,"pai":"E","tsumogiri":"yes"})"),
                       "\"tsumogiri\" must be true or false"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"dahai","actor":0,"pai":5,"tsumogiri":false})"), "\"pai\""));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"chi","actor":0,"target":3,"pai":"6s","consumed":"7s8s"})"),
                       "\"consumed\" must be an array"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"hora","actor":0,"target":1,"deltas":[1,2,3]})"),
                       "\"deltas\" must hold 4 integers"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"hora","actor":0,"target":1,"deltas":[1,2,3,"4"]})"),
                       "\"deltas\" must hold 4 integers"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"start_game","names":"abcd"})"), "\"names\""));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"error","message":404})"), "\"message\" must be a string"));
  EXPECT_TRUE(mentions(parse_error(start_kyoku_line(R"(,"scores":[1,2,3,4,5])")), "\"scores\" must hold 4 integers"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","tehais":[)" +
                                   kOwnHand + "," + kHidden13 + "," + kHidden13 + "]}"),
                       "\"tehais\" must hold 4 hands"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","tehais":[)" +
                                   kOwnHand + "," + kHidden13 + "," + kHidden13 + R"(,["?"]]})"),
                       "\"tehais\"[3] must hold 13 tiles"));
  // An event must be an object with a string type.
  EXPECT_TRUE(mentions(parse_error("[1,2]"), "JSON object"));
  EXPECT_TRUE(mentions(parse_error(R"({"type":7})"), "\"type\""));
}

// --- forward compatibility ----------------------------------------------------------------

TEST(MjaiWarnings, UnknownFieldsAreWarningsNotErrors) {
  const ParsedEvent parsed = parse(R"({"type":"dahai","actor":1,"pai":"E","tsumogiri":false,"mood":"happy","zz":1})");
  EXPECT_EQ(parsed.event.pai, Tile::of(kinds::east));
  ASSERT_EQ(parsed.warnings.size(), 2u);
  EXPECT_TRUE(mentions(parsed.warnings[0] + parsed.warnings[1], "\"mood\""));
  EXPECT_TRUE(mentions(parsed.warnings[0] + parsed.warnings[1], "\"zz\""));
  // The extensions hosts are known to add are ignored silently.
  EXPECT_TRUE(parse(R"({"type":"tsumo","actor":0,"pai":"1m","possible_actions":[{"type":"hora"}],"can_act":true})")
                  .warnings.empty());
  EXPECT_TRUE(parse(R"({"type":"start_game","id":0,"kyoku_first":0,"aka_flag":true,"seed":[1,2],"gametype":"x","uri":"y"})")
                  .warnings.empty());
  EXPECT_TRUE(parse(R"({"type":"dahai","actor":3,"pai":"E","tsumogiri":false,"log":"hm","logs":["","","",""]})")
                  .warnings.empty());
}

TEST(MjaiWarnings, UnknownTypesParseAsUnknown) {
  ParsedEvent parsed;
  EXPECT_NO_THROW(parsed = parse(R"({"type":"request_action","request_id":7,"possible_actions":[]})"));
  EXPECT_EQ(parsed.event.type, EventType::unknown);
  EXPECT_EQ(parsed.event.unknown_type, "request_action");
  ASSERT_EQ(parsed.warnings.size(), 1u);
  EXPECT_TRUE(mentions(parsed.warnings[0], "request_action"));
  // Even an unknown type with fields that would be invalid elsewhere never throws.
  EXPECT_NO_THROW(parse(R"({"type":"nukidora","actor":9,"pai":"X"})"));
  EXPECT_EQ(event_to_json(parsed.event), json::parse(R"({"type":"request_action"})"));
}

}  // namespace
}  // namespace tenbin

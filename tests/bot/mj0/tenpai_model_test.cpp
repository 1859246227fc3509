// The opponents' tenpai model: the compiled-in model is the one in data/tenpai_model.json and
// reproduces the fit's worked examples; 1 after riichi; the features read off constructed
// tables; sane directions; and the labelled data (eval/tenpai_data) against an independent
// recount of each discarder's hand over in-process greedy games.
#include "bot/mj0/tenpai_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bot/strategy/policy.hpp"
#include "bot/strategy/self_play.hpp"
#include "engine/game.hpp"
#include "engine/shanten.hpp"
#include "engine/table.hpp"
#include "eval/study/tenpai_data.hpp"
#include "tests/mjai_lines.hpp"

namespace tenbin {
namespace {

using tenpai_model::Features;
using tenpai_model::features_of;
using tenpai_model::tenpai_probability;

std::string model_file_text() {
  std::ifstream in(std::string(TENBIN_FIXTURES_DIR) + "/../../data/tenpai_model.json");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Table after(const std::vector<std::string>& stream, int seat = 0) {
  Table table(seat);
  for (const std::string& line : stream) table.apply(parse_event(nlohmann::json::parse(line)).event);
  return table;
}

// The fit script wrote these probabilities with its own copy of the terms: the compiled model
// must agree with them (so it is the data file's model, read and evaluated correctly).
TEST(TenpaiModel, ReproducesTheFitsWorkedExamples) {
  const nlohmann::json file = nlohmann::json::parse(model_file_text());
  ASSERT_TRUE(file.contains("examples"));
  ASSERT_FALSE(file["examples"].empty());
  for (const auto& example : file["examples"]) {
    const auto& f = example["features"];
    Features features;
    features.discards = f["discards"];
    features.open_melds = f["open_melds"];
    features.recent_discards = f["recent_discards"];
    features.recent_tsumogiri = f["recent_tsumogiri"];
    features.late_middle = f["late_middle"];
    const double expected = example["probability"];
    EXPECT_NEAR(tenpai_probability(features), expected, 1e-8 + 1e-6 * expected) << f.dump();
  }
}

TEST(TenpaiModel, TermsByHand) {
  Features features;
  features.discards = 10;
  features.open_melds = 2;
  features.recent_discards = 6;
  features.recent_tsumogiri = 3;
  features.late_middle = 2;
  using tenpai_model::Term;
  EXPECT_DOUBLE_EQ(term_value(Term::bias, features), 1.0);
  EXPECT_DOUBLE_EQ(term_value(Term::discards_sq, features), 10.0);
  EXPECT_DOUBLE_EQ(term_value(Term::open, features), 1.0);
  EXPECT_DOUBLE_EQ(term_value(Term::open_discards, features), 10.0);
  EXPECT_DOUBLE_EQ(term_value(Term::tsumogiri_share, features), 0.5);
  EXPECT_DOUBLE_EQ(term_value(Term::late_middle, features), 2.0);
  features.open_melds = 0;
  features.recent_discards = 0;
  EXPECT_DOUBLE_EQ(term_value(Term::open_discards, features), 0.0);
  EXPECT_DOUBLE_EQ(term_value(Term::tsumogiri_share, features), 0.0);
}

TEST(TenpaiModel, LogisticOfAHandMadeModel) {
  const auto model = tenpai_model::parse_model(
      R"({"model": "logistic", "terms": ["bias", "discards"], "weights": [-2.0, 0.25]})");
  Features features;
  features.discards = 8;  // z = -2 + 2 = 0
  EXPECT_DOUBLE_EQ(tenpai_model::logistic_probability(model, features), 0.5);
  features.discards = 0;
  EXPECT_NEAR(tenpai_model::logistic_probability(model, features), 1.0 / (1.0 + std::exp(2.0)), 1e-15);
}

TEST(TenpaiModel, BadModelFilesAreRejected) {
  using tenpai_model::parse_model;
  EXPECT_THROW(parse_model("not json"), std::invalid_argument);
  EXPECT_THROW(parse_model(R"({"model": "table", "terms": [], "weights": []})"), std::invalid_argument);
  EXPECT_THROW(parse_model(R"({"model": "logistic", "terms": ["bias"], "weights": []})"), std::invalid_argument);
  EXPECT_THROW(parse_model(R"({"model": "logistic", "terms": ["dora"], "weights": [1]})"), std::invalid_argument);
  EXPECT_THROW(parse_model(R"({"model": "logistic", "terms": ["bias"], "weights": ["x"]})"), std::invalid_argument);
}

// Seat 1 discards 7p (hand), E (tsumogiri), pons P from seat 2, discards 5s; then declares riichi.
std::vector<std::string> short_hand() {
  using namespace lines;
  return {start_game(0), start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p E S"),
          tsumo(0, "N"), dahai(0, "N", true),
          tsumo(1),      dahai(1, "7p"),
          tsumo(2),      dahai(2, "E", true),
          tsumo(3),      dahai(3, "P", true),
          tsumo(0, "W"), dahai(0, "W", true),
          tsumo(1),      dahai(1, "E", true),
          tsumo(2),      dahai(2, "P", true),
          pon(1, 2, "P", "P P"), dahai(1, "5s")};
}

TEST(TenpaiModel, FeaturesFromAShortHand) {
  const Table table = after(short_hand());
  const Features seat1 = features_of(table, 1);
  EXPECT_FALSE(seat1.riichi);
  EXPECT_EQ(seat1.discards, 3);
  EXPECT_EQ(seat1.open_melds, 1);
  EXPECT_EQ(seat1.recent_discards, 3);
  EXPECT_EQ(seat1.recent_tsumogiri, 1);
  EXPECT_EQ(seat1.late_middle, 0);  // 7p and 5s are middle tiles, but early
  const Features seat2 = features_of(table, 2);
  EXPECT_EQ(seat2.discards, 2);  // its P was called away: still a discard
  EXPECT_EQ(seat2.open_melds, 0);
  EXPECT_EQ(seat2.recent_tsumogiri, 2);
  const Features seat0 = features_of(table, 0);  // our own seat works the same way
  EXPECT_EQ(seat0.discards, 2);
  EXPECT_EQ(seat0.recent_tsumogiri, 2);
  // Every seat sees the same of seat 1.
  EXPECT_EQ(features_of(after(short_hand(), 3), 1), seat1);
}

TEST(TenpaiModel, LateMiddleTilesAndTheRecentWindow) {
  using namespace lines;
  std::vector<std::string> stream = {start_game(0), start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p E S")};
  // Seat 1's river: N W N W N W (tsumogiri) then 5m 6p (from hand) 1s (tsumogiri).
  const std::vector<std::pair<const char*, bool>> river = {{"N", true}, {"W", true}, {"N", true}, {"W", true},
                                                           {"N", false}, {"W", true}, {"5m", false},
                                                           {"6p", false}, {"1s", true}};
  for (const auto& [tile, tsumogiri] : river) {
    stream.insert(stream.end(), {tsumo(0, "C"), dahai(0, "C", true), tsumo(1), dahai(1, tile, tsumogiri),
                                 tsumo(2), dahai(2, "F", true), tsumo(3), dahai(3, "F", true)});
  }
  const Features features = features_of(after(stream), 1);
  EXPECT_EQ(features.discards, 9);
  EXPECT_EQ(features.recent_discards, 6);
  EXPECT_EQ(features.recent_tsumogiri, 3);  // W N(hand) W 5m 6p 1s: W, W, 1s
  EXPECT_EQ(features.late_middle, 2);       // 5m (7th) and 6p (8th); 1s is not a middle tile
}

TEST(TenpaiModel, RiichiMeansTenpai) {
  using namespace lines;
  std::vector<std::string> stream = short_hand();
  stream.insert(stream.end(), {tsumo(2), dahai(2, "1p", true), tsumo(3), dahai(3, "1p", true),
                               tsumo(0, "C"), dahai(0, "C", true), tsumo(1), reach(1)});
  EXPECT_TRUE(features_of(after(stream), 1).riichi);
  EXPECT_EQ(tenpai_probability(after(stream), 1), 1.0);  // declared, discard still to come
  stream.insert(stream.end(), {dahai(1, "9m"), reach_accepted(1)});
  EXPECT_EQ(tenpai_probability(after(stream), 1), 1.0);
  const double before = tenpai_probability(after(short_hand()), 1);
  EXPECT_GT(before, 0.0);
  EXPECT_LT(before, 1.0);
}

// The directions every reasonable fit shares: later is likelier than the first turns, an open
// hand likelier than a closed one, and more calls likelier than one.
TEST(TenpaiModel, SaneDirections) {
  Features early;
  early.discards = 2;
  early.recent_discards = 2;
  Features late = early;
  late.discards = 12;
  late.recent_discards = 6;
  late.recent_tsumogiri = 4;
  EXPECT_LT(tenpai_probability(early), tenpai_probability(late));
  Features late_open = late;
  late_open.open_melds = 1;
  EXPECT_LT(tenpai_probability(late), tenpai_probability(late_open));
  Features late_two_calls = late_open;
  late_two_calls.open_melds = 2;
  EXPECT_LT(tenpai_probability(late_open), tenpai_probability(late_two_calls));
  // On the constructed table: seat 1 (a pon, three discards) over seat 2 (closed, two discards).
  const Table table = after(short_hand());
  EXPECT_GT(tenpai_probability(table, 1), tenpai_probability(table, 2));
  for (int seat = 0; seat < 4; ++seat) {
    const double p = tenpai_probability(table, seat);
    EXPECT_TRUE(p > 0.0 && p < 1.0) << seat;
  }
}

// The labels: replay an in-process game of three greedy seats and one that throws each draw, and
// recount each discarder's concealed hand from the full log (deal + draws - discards - tiles
// called into melds), the genbutsu facing a riichi from the rivers (the riichi's own, and
// every kind thrown since its declaration discard), and the calls each seat has made (chi, pon
// and open kan; a kakan adds none, an ankan opens nothing), independently of engine/table.
TEST(TenpaiData, LabelsMatchARecountOfEveryHand) {
  const auto greedy = make_policy("greedy");
  const auto tsumogiri = make_policy("tsumogiri");  // throws its draw: no fold, genbutsu or not
  GameConfig config;
  config.seed = 5;
  config.tonpuu = true;
  Game game(config);
  play_out(game, {tsumogiri.get(), greedy.get(), greedy.get(), greedy.get()});
  const std::vector<Event>& log = game.log();
  const std::vector<arena::TenpaiSample> samples = arena::tenpai_samples(log);

  std::array<TileCounts, 4> hands{};
  std::array<bool, 4> riichi{};
  // For the genbutsu columns: each seat's river, and once its declaration discard is made, every
  // kind thrown since.
  std::array<TileCounts, 4> river{};
  std::array<TileCounts, 4> passed{};
  std::array<bool, 4> declared_discard{};
  std::array<int, 4> calls{};
  const auto safe_for = [&](int seat, int kind) {
    bool facing = false;
    for (int other = 0; other < 4; ++other) {
      if (other == seat || !declared_discard[other]) continue;
      facing = true;
      if (river[other][kind] == 0 && passed[other][kind] == 0) return false;
    }
    return facing;
  };
  // The rivers' columns: per sample, the kinds kept unsafe, and (at the seat's next discard)
  // how many of them are safe by then.
  std::vector<int> unsafe_kinds;
  std::vector<int> turned_safe;
  std::array<std::optional<std::pair<std::size_t, std::vector<int>>>, 4> pending;
  std::size_t next = 0;
  int tenpai = 0;
  int hand = -1;
  int facing = 0;
  int held = 0;
  int thrown = 0;
  int facing_calls = 0;
  int open_discards = 0;
  for (const Event& event : log) {
    switch (event.type) {
      case EventType::start_kyoku:
        for (int seat = 0; seat < 4; ++seat) hands[seat] = count_tiles(event.tehais[seat]);
        riichi = {};
        river = {};
        passed = {};
        declared_discard = {};
        calls = {};
        pending = {};
        ++hand;
        break;
      case EventType::tsumo: ++hands[event.actor][event.pai.kind()]; break;
      case EventType::reach: riichi[event.actor] = true; break;
      case EventType::chi:
      case EventType::pon:
      case EventType::daiminkan:
        ++calls[event.actor];
        [[fallthrough]];
      case EventType::ankan:
        for (const Tile tile : event.consumed.view()) --hands[event.actor][tile.kind()];
        break;
      case EventType::kakan: --hands[event.actor][event.pai.kind()]; break;  // consumed is the pon
      case EventType::dahai: {
        const int kind = event.pai.kind();
        bool genbutsu_held = false;
        for (int k = 0; k < kNumKinds; ++k) genbutsu_held = genbutsu_held || (hands[event.actor][k] > 0 && safe_for(event.actor, k));
        const bool genbutsu = safe_for(event.actor, kind);
        int opponent_calls = 0;
        for (int other = 0; other < 4; ++other) {
          if (other != event.actor) opponent_calls = std::max(opponent_calls, calls[other]);
        }
        if (pending[event.actor]) {
          const auto& [sample, kinds] = *pending[event.actor];
          turned_safe[sample] = static_cast<int>(std::count_if(kinds.begin(), kinds.end(), [&](int k) { return safe_for(event.actor, k); }));
          pending[event.actor].reset();
        }
        std::vector<int> unsafe;
        bool faced = false;
        for (int other = 0; other < 4; ++other) faced = faced || (other != event.actor && declared_discard[other]);
        for (int k = 0; k < kNumKinds; ++k) {
          if (faced && k != kind && hands[event.actor][k] > 0 && !safe_for(event.actor, k)) unsafe.push_back(k);
        }
        --hands[event.actor][kind];
        ++river[event.actor][kind];
        for (int seat = 0; seat < 4; ++seat) {
          if (declared_discard[seat]) ++passed[seat][kind];
        }
        if (riichi[event.actor]) {
          declared_discard[event.actor] = true;
          break;
        }
        ASSERT_LT(next, samples.size());
        unsafe_kinds.push_back(static_cast<int>(unsafe.size()));
        turned_safe.push_back(-1);
        if (!unsafe.empty()) pending[event.actor] = std::pair{next, unsafe};
        EXPECT_EQ(samples[next].genbutsu_held, genbutsu_held) << "sample " << next;
        EXPECT_EQ(samples[next].genbutsu, genbutsu) << "sample " << next;
        EXPECT_EQ(samples[next].own_open, calls[event.actor] > 0) << "sample " << next;
        EXPECT_EQ(samples[next].opponent_calls, opponent_calls) << "sample " << next;
        facing_calls += opponent_calls > 0 ? 1 : 0;
        open_discards += calls[event.actor] > 0 ? 1 : 0;
        held += genbutsu_held ? 1 : 0;
        thrown += genbutsu ? 1 : 0;
        EXPECT_EQ(samples[next].seat, event.actor);
        EXPECT_EQ(samples[next].tenpai, shanten(hands[event.actor]) == 0) << "sample " << next;
        EXPECT_EQ(samples[next].shanten, shanten(hands[event.actor])) << "sample " << next;
        EXPECT_EQ(samples[next].hand, hand) << "sample " << next;
        const bool facing_riichi = std::any_of(riichi.begin(), riichi.end(), [](bool r) { return r; });
        EXPECT_EQ(samples[next].facing_riichi, facing_riichi) << "sample " << next;
        facing += facing_riichi ? 1 : 0;
        tenpai += samples[next].tenpai ? 1 : 0;
        ++next;
        break;
      }
      default: break;
    }
  }
  EXPECT_EQ(next, samples.size());
  int kept_unsafe = 0;
  int turned = 0;
  for (std::size_t i = 0; i < samples.size() && i < unsafe_kinds.size(); ++i) {
    EXPECT_EQ(samples[i].unsafe_kinds, unsafe_kinds[i]) << "sample " << i;
    EXPECT_EQ(samples[i].turned_safe, turned_safe[i]) << "sample " << i;
    if (turned_safe[i] >= 0) kept_unsafe += unsafe_kinds[i];
    turned += std::max(0, turned_safe[i]);
  }
  EXPECT_GT(turned, 0);              // kinds the rivers made safe
  EXPECT_GT(kept_unsafe, turned);    // and kinds they did not
  EXPECT_GT(samples.size(), 100u);
  EXPECT_GT(tenpai, 0);
  EXPECT_GT(facing, 0);
  EXPECT_GT(thrown, 0);      // genbutsu thrown (greedy folds with them)
  EXPECT_GT(facing, held);   // and discards facing a riichi with none held
  EXPECT_GT(held, thrown) << held;  // and a genbutsu held while another went (a tenpai push)
  EXPECT_GT(open_discards, 0);       // discards from open hands
  EXPECT_GT(facing_calls, 0);        // and discards facing another seat's open hand
}

}  // namespace
}  // namespace tenbin

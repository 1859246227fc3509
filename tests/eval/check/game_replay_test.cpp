// The referee's replay of a logged game (eval/game_replay.hpp): a game played in process by seats
// that call every kan, win whenever they can and riichi replays event for event with the same
// result and decision counts; a log cut short, running on, or with an action the seat did not
// play parts from the replay at the right line.
#include "eval/check/game_replay.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/action.hpp"
#include "engine/game.hpp"

namespace tenbin::arena {
namespace {

using nlohmann::json;

Action eager(const std::vector<Action>& legal, const Table& table) {
  for (const EventType type : {EventType::hora, EventType::ankan, EventType::kakan, EventType::daiminkan,
                               EventType::pon, EventType::reach, EventType::chi}) {
    for (const Action& action : legal) {
      if (action.type == type) return action;
    }
  }
  return table.safe_action();
}

struct Played {
  GameConfig config;
  std::vector<LoggedEvent> log;
  RefereeResult result;
};

Played play(std::uint64_t seed) {
  Played played;
  played.config.seed = seed;
  played.config.tonpuu = true;
  Game referee(played.config);
  while (!referee.finished()) {
    std::array<std::optional<Action>, 4> replies;
    for (int seat = 0; seat < 4; ++seat) {
      const auto& legal = referee.pending().legal[seat];
      if (legal.empty()) continue;
      replies[seat] = eager(legal, referee.table(seat));
      ++played.result.decisions[seat];
    }
    referee.answer(replies);
  }
  int line = 0;
  for (const Event& event : referee.log()) played.log.push_back({++line, event_to_json(event), event});
  played.result.scores = referee.scores();
  played.result.ranks = referee.ranks();
  played.result.points = referee.final_points();
  played.result.hands = referee.hands_played();
  return played;
}

TEST(GameReplay, APlayedGameReplaysWithItsResult) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Played played = play(seed);
    const Replay replay = replay_game(played.config, played.log);
    ASSERT_FALSE(replay.mismatch) << "seed " << seed << ": line " << replay.mismatch->line << ": " << replay.mismatch->what;
    ASSERT_TRUE(replay.result);
    EXPECT_EQ(replay.result->scores, played.result.scores);
    EXPECT_EQ(replay.result->ranks, played.result.ranks);
    EXPECT_EQ(replay.result->points, played.result.points);
    EXPECT_EQ(replay.result->hands, played.result.hands);
    EXPECT_EQ(replay.result->decisions, played.result.decisions);
  }
}

TEST(GameReplay, ALogCutShortOrRunningOnPartsFromTheReplay) {
  Played played = play(3);
  auto cut = played.log;
  cut.pop_back();
  const Replay short_log = replay_game(played.config, cut);
  ASSERT_TRUE(short_log.mismatch);
  EXPECT_NE(short_log.mismatch->what.find("the log ends where the referee plays on"), std::string::npos);

  auto longer = played.log;
  longer.push_back(longer.back());
  longer.back().line = static_cast<int>(longer.size());
  const Replay long_log = replay_game(played.config, longer);
  ASSERT_TRUE(long_log.mismatch);
  EXPECT_EQ(long_log.mismatch->line, static_cast<int>(longer.size()));
  EXPECT_NE(long_log.mismatch->what.find("the game is over"), std::string::npos);
}

// A discard the seat could not make (a kind it holds none of): the referee plays the seat's safe
// default instead, and the replay parts from the log at that line.
TEST(GameReplay, AnActionTheSeatCouldNotPlayIsNamedAtItsLine) {
  Played played = play(2);
  std::size_t index = 0;
  while (played.log[index].event.type != EventType::dahai) ++index;
  LoggedEvent& discard = played.log[index];
  const int actor = discard.event.actor;
  std::vector<int> held(kNumKinds, 0);
  for (const LoggedEvent& logged : played.log) {
    if (logged.event.type == EventType::start_kyoku) {
      for (const Tile tile : logged.event.tehais[static_cast<std::size_t>(actor)]) ++held[tile.kind()];
      break;
    }
  }
  for (std::size_t i = 0; i < index; ++i) {
    if (played.log[i].event.type == EventType::tsumo && played.log[i].event.actor == actor) ++held[played.log[i].event.pai.kind()];
  }
  int absent = 0;
  while (held[absent] > 0) ++absent;
  discard.event.pai = Tile::of(absent, false);
  discard.event.tsumogiri = false;
  discard.written = event_to_json(discard.event);
  const Replay replay = replay_game(played.config, played.log);
  ASSERT_TRUE(replay.mismatch);
  EXPECT_EQ(replay.mismatch->line, discard.line);
  EXPECT_EQ(replay.mismatch->what.rfind("dahai field", 0), 0u) << replay.mismatch->what;
}

}  // namespace
}  // namespace tenbin::arena

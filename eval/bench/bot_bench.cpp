// The bot process's own costs on a realistic stream: mjai lines per second through parsing,
// table tracking and decisions, and the time of one greedy decision.
//
// The stream is simulated once from a fixed seed: a hanchan of eight hands, each dealt from a
// shuffled 136-tile wall (one red five per suit); seat 0 discards by greedy (discards only, so
// no calls, riichi or wins), the other seats discard what they draw, and every hand ends in an
// exhaustive draw after the 70 live draws. It is written as the masked lines seat 0 receives.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "bot/strategy/full.hpp"
#include "bot/strategy/greedy.hpp"
#include "bot/strategy/line.hpp"
#include "bot/protocol/mjai_bot.hpp"

namespace tenbin {
namespace {

constexpr int kHands = 8;  // East 1 to South 4
constexpr int kDealtTiles = 52;
constexpr int kLiveDraws = 70;
constexpr std::uint32_t kSeed = 2024;

std::vector<Tile> shuffled_wall(std::mt19937& rng) {
  std::vector<Tile> wall;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    for (int copy = 0; copy < kCopiesPerKind; ++copy) wall.push_back(Tile::of(kind, number_of(kind) == 5 && copy == 0));
  }
  std::shuffle(wall.begin(), wall.end(), rng);
  return wall;
}

// Writes the stream as seat 0 sees it, keeping seat 0's table to choose its discards.
class StreamWriter {
 public:
  void emit(const Event& event) {
    lines_.push_back(event_to_json(event).dump());
    table_.apply(event);
  }

  void start_game() {
    Event event;
    event.type = EventType::start_game;
    event.id = 0;
    event.names = {"tenbin", "shimocha", "toimen", "kamicha"};
    emit(event);
  }

  void play_hand(int number, std::mt19937& rng) {
    const std::vector<Tile> wall = shuffled_wall(rng);
    deal(number, wall);
    int turn = number % 4;  // the dealer draws first
    for (int draw = 0; draw < kLiveDraws; ++draw) {
      play_turn(turn, wall[static_cast<std::size_t>(kDealtTiles + draw)]);
      turn = (turn + 1) % 4;
    }
    end_hand();
  }

  void end_game() {
    Event event;
    event.type = EventType::end_game;
    emit(event);
  }

  std::vector<std::string> take_lines() { return std::move(lines_); }

 private:
  void deal(int number, const std::vector<Tile>& wall) {
    Event event;
    event.type = EventType::start_kyoku;
    event.bakaze = number < 4 ? kinds::east : kinds::south;
    event.kyoku = number % 4 + 1;
    event.oya = number % 4;
    event.dora_marker = wall.back();
    for (int seat = 0; seat < 4; ++seat) {
      for (std::size_t i = 0; i < 13; ++i) {
        const Tile tile = wall[static_cast<std::size_t>(seat * 13) + i];
        event.tehais[seat][i] = seat == 0 ? tile : Tile::hidden();
      }
    }
    event.has_scores = true;
    event.scores = {25000, 25000, 25000, 25000};
    emit(event);
  }

  void play_turn(int seat, Tile drawn) {
    Event draw;
    draw.type = EventType::tsumo;
    draw.actor = seat;
    draw.pai = seat == 0 ? drawn : Tile::hidden();
    emit(draw);
    Event discard;
    discard.type = EventType::dahai;
    discard.actor = seat;
    discard.pai = drawn;
    discard.tsumogiri = true;
    if (seat == 0) {
      const Action chosen = greedy_discard();
      discard.pai = chosen.pai;
      discard.tsumogiri = chosen.tsumogiri;
    }
    emit(discard);
  }

  // Greedy's choice among the discards alone.
  Action greedy_discard() {
    std::vector<Action> discards = table_.legal_actions();
    std::erase_if(discards, [](const Action& a) { return a.type != EventType::dahai; });
    return greedy_.choose(table_, discards);
  }

  void end_hand() {
    Event draw;
    draw.type = EventType::ryukyoku;
    draw.reason = "fanpai";
    draw.has_deltas = true;
    emit(draw);
    Event end;
    end.type = EventType::end_kyoku;
    emit(end);
  }

  std::vector<std::string> lines_;
  Table table_{0};
  GreedyPolicy greedy_;
};

const std::vector<std::string>& hanchan_stream() {
  static const std::vector<std::string> lines = [] {
    spdlog::set_level(spdlog::level::warn);
    std::mt19937 rng(kSeed);
    StreamWriter writer;
    writer.start_game();
    for (int hand = 0; hand < kHands; ++hand) writer.play_hand(hand, rng);
    writer.end_game();
    return writer.take_lines();
  }();
  return lines;
}

// The tables seat 0 decides at, taken from the stream: its own draws, or claims it could make;
// with `last_hand`, only those of South 4.
std::vector<Table> decision_points(bool own_draws, bool last_hand = false) {
  std::vector<Table> points;
  Table table(0);
  for (const std::string& line : hanchan_stream()) {
    table.apply(parse_event(nlohmann::json::parse(line)).event);
    if (last_hand && !(table.round_wind() == kinds::south && table.kyoku() == 4)) continue;
    const bool own = table.decision() == Decision::own_draw;
    const bool claim = table.decision() == Decision::claim_discard && !table.legal_actions().empty();
    if ((own_draws && own) || (!own_draws && claim)) points.push_back(table);
  }
  return points;
}

// JSON text to Event only.
void BM_ParseEvents(benchmark::State& state) {
  const auto& lines = hanchan_stream();
  for (auto _ : state) {
    for (const std::string& line : lines) benchmark::DoNotOptimize(parse_event(nlohmann::json::parse(line)));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(lines.size()));
}
BENCHMARK(BM_ParseEvents)->Unit(benchmark::kMillisecond);

// Whole lines through MjaiBot::on_line, as the process handles stdin: parse, track, decide.
// Arg 0: the tsumogiri strategy (parse and track, legal actions, a trivial choice);
// arg 1: greedy. items_per_second counts input lines (events).
void BM_BotStream(benchmark::State& state) {
  const auto& lines = hanchan_stream();
  const char* strategy = state.range(0) == 0 ? "tsumogiri" : "greedy";
  int decisions = 0;
  for (auto _ : state) {
    MjaiBot bot(make_policy(strategy), BotOptions{});
    for (const std::string& line : lines) benchmark::DoNotOptimize(bot.on_line(line));
    decisions = bot.decisions();
    if (bot.rejected_lines() > 0) state.SkipWithError("the simulated stream has rejected lines");
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(lines.size()));
  state.SetLabel(strategy);
  state.counters["lines"] = static_cast<double>(lines.size());
  state.counters["decisions"] = decisions;
}
BENCHMARK(BM_BotStream)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// One decision as MjaiBot makes it: the legal actions, then the choice, cycling through the
// stream's positions. Arg 1: on our own draws; arg 0: on claimable discards of other seats.
void time_decisions(benchmark::State& state, Policy& policy, bool last_hand = false) {
  const std::vector<Table> points = decision_points(state.range(0) == 1, last_hand);
  std::size_t i = 0;
  for (auto _ : state) {
    const Table& table = points[i];
    const std::vector<Action> legal = table.legal_actions();
    benchmark::DoNotOptimize(policy.choose(table, legal));
    i = i + 1 == points.size() ? 0 : i + 1;
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(state.range(0) == 1 ? "own draw" : "claim");
  state.counters["positions"] = static_cast<double>(points.size());
}

void BM_GreedyDecision(benchmark::State& state) {
  GreedyPolicy greedy;
  time_decisions(state, greedy);
}
BENCHMARK(BM_GreedyDecision)->Arg(1)->Arg(0)->Unit(benchmark::kMicrosecond);

// The same for `full` at its default budget: MJ-0's samples, the DP of each candidate, the race
// and placement.
void BM_FullDecision(benchmark::State& state) {
  FullPolicy full;
  time_decisions(state, full);
}
BENCHMARK(BM_FullDecision)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

// The same on the positions of the last hand (South 4), where placement prices every outcome in
// rank points; the scores are level, so no seat has 30000 and most outcomes go on to the West
// round (the costliest case: those are averaged over sizes).
void BM_FullLastHandDecision(benchmark::State& state) {
  FullPolicy full;
  time_decisions(state, full, true);
}
BENCHMARK(BM_FullLastHandDecision)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

// The fold line of a 13-tile hand facing a riichi, 12 of its kinds dangerous to the riichi seat
// (the others quiet), over 12 draws. Arg 0: today's danger at every turn; arg 1: the rivers
// counted (count_rivers: the mean over the sampled timings of when each kind turns safe). A
// decision prices one such line per candidate.
void BM_FoldLineFacingARiichi(benchmark::State& state) {
  Threat threat;
  for (int seat = 1; seat < kSeats; ++seat) {
    OpponentThreat o;
    o.seat = seat;
    o.declared = seat == 2;
    o.tenpai.fill(seat == 2 ? 1.0 : 0.3);
    threat.opponents.push_back(o);
  }
  const std::vector<int> kinds = {0, 2, 4, 6, 9, 11, 13, 15, 18, 20, 22, 27, 31};
  TileCounts hand{};
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    const int kind = kinds[i];
    hand[kind] = 1;
    OpponentThreat& riichi = threat.opponents[1];
    riichi.deal_in[kind] = i == 0 ? 0.0 : 0.01 * static_cast<double>(i);
    riichi.loss[kind] = 80 * riichi.deal_in[kind] * 100;
    threat.deal_in[kind] = riichi.deal_in[kind];
    threat.loss[kind] = riichi.loss[kind];
  }
  threat.push_deal_in.fill(0.08);
  threat.push_loss.fill(600);
  threat.undeclared_deal_in.fill(0.01);
  threat.undeclared_loss.fill(50);
  threat.hazard.fill(0.05);
  threat.opponent_declared = true;
  FullParams params;
  params.count_rivers = state.range(0) == 1;
  for (auto _ : state) benchmark::DoNotOptimize(fold_line(hand, threat, 12, params));
  state.SetLabel(params.count_rivers ? "the rivers" : "today's danger");
}
BENCHMARK(BM_FoldLineFacingARiichi)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// A table of East 1 from seat 0 (the dealer), indicator 1m, after the deal of `tiles` (13, spaced)
// to seat 0; the other seats' tiles unseen.
Table dealt_table(const std::string& tiles) {
  nlohmann::json ours = nlohmann::json::array();
  for (std::size_t start = 0; start < tiles.size();) {
    const std::size_t end = std::min(tiles.find(' ', start), tiles.size());
    ours.push_back(tiles.substr(start, end - start));
    start = end + 1;
  }
  nlohmann::json tehais = nlohmann::json::array();
  for (int seat = 0; seat < 4; ++seat) tehais.push_back(seat == 0 ? ours : nlohmann::json(std::vector<std::string>(13, "?")));
  Table table(0);
  table.apply(parse_event(nlohmann::json::parse(R"({"type":"start_game","id":0})")).event);
  table.apply(parse_event({{"type", "start_kyoku"}, {"bakaze", "E"}, {"kyoku", 1}, {"honba", 0}, {"kyotaku", 0},
                           {"oya", 0}, {"dora_marker", "1m"}, {"tehais", tehais}}).event);
  return table;
}

void apply_draw(Table& table, int seat, const std::string& tile) {
  table.apply(parse_event({{"type", "tsumo"}, {"actor", seat}, {"pai", tile}}).event);
}

void apply_tsumogiri(Table& table, int seat, const std::string& tile) {
  table.apply(parse_event({{"type", "dahai"}, {"actor", seat}, {"pai", tile}, {"tsumogiri", true}}).event);
}

// `full` on the first draw of the DP's bench hands H2 (2-shanten: the DP with every option, the
// costliest plan) and H3 (3-shanten), the wall full (East 1, seat East, indicator 1m). The second
// arg: 1 with the later calls in a closed hand's discards at 0.5, 0 without (the default: the DP
// solved once for the discards instead of twice).
void BM_FullBenchHand(benchmark::State& state) {
  const char* const hands[] = {"2m 3m 4m 6m 7m 3p 4p 7p 8p 2s 4s 9s E", "2m 3m 4m 5m 7m 8m 1p 6p 8p 9p 3s 5s 7s"};
  const int which = static_cast<int>(state.range(0));
  Table table = dealt_table(hands[which]);
  apply_draw(table, 0, "E");
  FullSettings settings;
  settings.params.discard_call_weight = state.range(1) == 1 ? 0.5 : 0;
  FullPolicy full(settings);
  const std::vector<Action> legal = table.legal_actions();
  for (auto _ : state) benchmark::DoNotOptimize(full.choose(table, legal));
  state.SetLabel(std::string(which == 0 ? "H2" : "H3") + (state.range(1) == 1 ? ", later calls" : ", no later calls"));
  state.counters["dp_states"] = full.explanation()["dp_states"].get<double>();
}
BENCHMARK(BM_FullBenchHand)->Args({0, 1})->Args({0, 0})->Args({1, 1})->Args({1, 0})->Unit(benchmark::kMillisecond);

// `full` on a claim: a closed 2-shanten hand of simples (tanyao open or closed) offered the seat
// before's 3s, which it can pon (3s 3s) or chi (2s 4s), in the first go-round with no riichi
// declared. The arg is claim_call_weight in tenths: 0 prices the pass and the calls without
// later calls; 5 (0.5) solves the pass and each call a second time with them.
void BM_FullClaim(benchmark::State& state) {
  Table table = dealt_table("2m 3m 4m 6m 7m 3p 4p 7p 8p 2s 3s 3s 4s");
  apply_draw(table, 0, "9s");
  apply_tsumogiri(table, 0, "9s");
  const char* const others[] = {"1p", "9p", "3s"};
  for (int seat = 1; seat < 4; ++seat) {
    apply_draw(table, seat, "?");
    apply_tsumogiri(table, seat, others[seat - 1]);
  }
  FullSettings settings;
  settings.params.claim_call_weight = static_cast<double>(state.range(0)) / 10;
  FullPolicy full(settings);
  const std::vector<Action> legal = table.legal_actions();
  if (legal.size() < 3) state.SkipWithError("the claim does not offer both a pon and a chi");
  for (auto _ : state) benchmark::DoNotOptimize(full.choose(table, legal));
  state.SetLabel("claim_call_weight " + std::to_string(state.range(0) / 10) + "." + std::to_string(state.range(0) % 10));
  state.counters["choices"] = static_cast<double>(legal.size());
}
BENCHMARK(BM_FullClaim)->Arg(0)->Arg(5)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tenbin

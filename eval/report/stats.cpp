#include "eval/report/stats.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "eval/report/luck.hpp"

namespace tenbin::arena {

PerSeat<SeatGameCounts> count_game(const std::vector<Event>& log) {
  PerSeat<SeatGameCounts> counts{};
  PerSeat<bool> called{};
  for (const Event& event : log) {
    switch (event.type) {
      case EventType::start_kyoku:
        for (auto& c : counts) ++c.hands;
        called = {};
        break;
      case EventType::chi:
      case EventType::pon:
      case EventType::daiminkan:
        if (!called[event.actor]) ++counts[event.actor].hands_with_calls;
        called[event.actor] = true;
        break;
      case EventType::reach_accepted: ++counts[event.actor].riichi; break;
      case EventType::hora:
        ++counts[event.actor].wins;
        if (event.has_deltas) counts[event.actor].win_points += event.deltas[event.actor];
        if (event.target != event.actor && event.target >= 0) {
          ++counts[event.target].deal_ins;
          if (event.has_deltas) counts[event.target].deal_in_points -= event.deltas[event.target];
        }
        break;
      case EventType::ryukyoku:
        if (event.reason == "fanpai" || event.reason == "nagashimangan" || event.reason.empty()) {
          for (int seat = 0; seat < 4; ++seat) {
            ++counts[seat].exhaustive_draws;
            if (event.tenpais[seat]) ++counts[seat].tenpai_at_draw;
          }
        }
        break;
      default: break;
    }
  }
  return counts;
}

double percentile(std::vector<double> values, double fraction) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto index = static_cast<std::size_t>(std::ceil(fraction * static_cast<double>(values.size()))) ;
  return values[std::min(values.size() - 1, index == 0 ? 0 : index - 1)];
}

std::optional<std::string> add_game(std::map<std::string, CommandSummary>& summary, const nlohmann::json& result,
                                    const std::vector<Event>& log, std::uint64_t wall) {
  const auto counts = count_game(log);
  const auto start = std::find_if(log.begin(), log.end(), [](const Event& e) { return e.type == EventType::start_kyoku && e.has_scores; });
  const int hands = result.value("hands", counts[0].hands);
  // A log that does not show every tile (or is not one wall's game) has no adjusted figure.
  std::optional<GameLuck> luck;
  std::optional<std::string> no_luck;
  try {
    luck = game_luck(log);
  } catch (const std::exception& error) {
    no_luck = error.what();
  }
  for (int seat = 0; seat < 4; ++seat) {
    const std::string name = result.at("names").at(seat).get<std::string>();
    CommandSummary& s = summary[name];
    s.name = name;
    ++s.games;
    const int rank = result.at("ranks").at(seat).get<int>();
    if (rank < 0 || rank > 3) throw std::out_of_range("ranks[" + std::to_string(seat) + "]: " + std::to_string(rank) + " is not 0..3");
    ++s.rank_counts[rank];
    s.ranks.add(wall, rank + 1);
    s.rank_points.add(wall, rank_points_of(rank));
    const double score = result.at("scores").at(seat).get<double>();
    s.scores.add(wall, score);
    s.points.add(wall, result.at("points").at(seat).get<double>());
    if (hands > 0 && start != log.end()) {
      s.score_per_hand.add(wall, (score - start->scores[seat]) / hands, hands);
      if (luck) s.adjusted_score_per_hand.add(wall, (score - start->scores[seat] - luck->total[seat]) / hands, hands);
    }
    if (luck) ++s.adjusted_games;
    const SeatGameCounts& c = counts[seat];
    if (c.hands > 0) {
      const double seat_hands = c.hands;
      s.win_rate.add(wall, c.wins / seat_hands, seat_hands);
      s.deal_in_rate.add(wall, c.deal_ins / seat_hands, seat_hands);
      s.riichi_rate.add(wall, c.riichi / seat_hands, seat_hands);
      s.call_rate.add(wall, c.hands_with_calls / seat_hands, seat_hands);
    }
    s.counts.hands += c.hands;
    s.counts.wins += c.wins;
    s.counts.win_points += c.win_points;
    s.counts.deal_ins += c.deal_ins;
    s.counts.deal_in_points += c.deal_in_points;
    s.counts.riichi += c.riichi;
    s.counts.hands_with_calls += c.hands_with_calls;
    s.counts.exhaustive_draws += c.exhaustive_draws;
    s.counts.tenpai_at_draw += c.tenpai_at_draw;
    const nlohmann::json& seat_info = result.at("seats").at(seat);
    for (const auto& latency : seat_info.at("latency_ms")) s.latencies_ms.push_back(latency.get<double>());
    s.decisions += seat_info.at("decisions").get<int>();
    const nlohmann::json& incidents = seat_info.at("incidents");
    s.timeouts += incidents.at("timeouts").get<int>();
    s.crashes += incidents.at("crashes").get<int>();
    s.junk += incidents.at("junk").get<int>();
    s.illegal += incidents.at("illegal").get<int>();
    s.restarts += incidents.at("restarts").get<int>();
  }
  return no_luck;
}

void LuckRefusals::note(int game, const std::optional<std::string>& why) {
  if (!why) return;
  if (games_++ == 0) first_ = "game " + std::to_string(game) + ": " + *why;
}

void LuckRefusals::warn(const std::string& what) const {
  if (games_ == 0) return;
  spdlog::warn("{}: {} game(s) have no luck-adjusted figure, left out of adjusted_points_per_hand (the first, {})",
               what, games_, first_);
}

namespace {

double ratio(double part, double whole) { return whole > 0 ? part / whole : 0; }

// A per-hand figure and its interval over walls, as the table shows it: n/a for the interval of a
// single wall, n/a altogether when no game gave the figure (logs that hide tiles have no luck).
std::string per_hand(const WallSample& sample) {
  if (sample.total_weight() <= 0) return "n/a";
  const Estimate e = sample.estimate();
  return e.walls < 2 ? fmt::format("{:+.0f}+-n/a", e.mean) : fmt::format("{:+.0f}+-{:.0f}", e.mean, e.ci95);
}

}  // namespace

nlohmann::json CommandSummary::to_json() const {
  const SeatGameCounts& c = counts;
  return {
      {"name", name},
      {"games", games},
      {"walls", ranks.walls()},
      {"average_rank", average_rank()},
      {"average_rank_ci95", rank_ci95()},
      {"rank_points", rank_points.estimate().mean},
      {"rank_points_ci95", rank_points.estimate().ci95},
      {"rank_distribution", {ratio(rank_counts[0], games), ratio(rank_counts[1], games), ratio(rank_counts[2], games), ratio(rank_counts[3], games)}},
      {"average_score", scores.estimate().mean},
      {"average_points", points.estimate().mean},
      {"average_points_ci95", points.estimate().ci95},
      {"hands", c.hands},
      {"points_per_hand", score_per_hand.estimate().mean},
      {"points_per_hand_ci95", score_per_hand.estimate().ci95},
      {"adjusted_points_per_hand", adjusted_score_per_hand.estimate().mean},
      {"adjusted_points_per_hand_ci95", adjusted_score_per_hand.estimate().ci95},
      {"adjusted_games", adjusted_games},
      {"luck_model", LuckModel::compiled().id()},
      {"win_rate", ratio(c.wins, c.hands)},
      {"deal_in_rate", ratio(c.deal_ins, c.hands)},
      {"riichi_rate", ratio(c.riichi, c.hands)},
      {"call_rate", ratio(c.hands_with_calls, c.hands)},
      {"average_win", ratio(static_cast<double>(c.win_points), c.wins)},
      {"average_deal_in", ratio(static_cast<double>(c.deal_in_points), c.deal_ins)},
      {"tenpai_rate_at_draw", ratio(c.tenpai_at_draw, c.exhaustive_draws)},
      {"decisions", decisions},
      {"latency_ms", {{"p50", percentile(latencies_ms, 0.5)}, {"p99", percentile(latencies_ms, 0.99)}, {"max", percentile(latencies_ms, 1.0)}}},
      {"incidents", {{"timeouts", timeouts}, {"crashes", crashes}, {"junk", junk}, {"illegal", illegal}, {"restarts", restarts}}},
  };
}

std::string summary_table(const std::map<std::string, CommandSummary>& summary) {
  std::string out = fmt::format("{:<24} {:>5} {:>13} {:>23} {:>8} {:>7} {:>12} {:>12} {:>6} {:>6} {:>6} {:>6} {:>7} {:>7} {:>6} {:>8} {:>8} {:>9}\n",
                                "seat", "games", "avg rank", "1st/2nd/3rd/4th %", "score", "pt", "pt/hand", "adjusted", "win%", "deal%", "riichi",
                                "call%", "win", "deal-in", "tenp%", "p50 ms", "p99 ms", "incidents");
  for (const auto& [name, s] : summary) {
    const SeatGameCounts& c = s.counts;
    const std::string shown = name.size() > 24 ? name.substr(0, 21) + "..." : name;
    const std::string ranks = fmt::format("{:2.0f}/{:2.0f}/{:2.0f}/{:2.0f}", 100 * ratio(s.rank_counts[0], s.games),
                                          100 * ratio(s.rank_counts[1], s.games), 100 * ratio(s.rank_counts[2], s.games),
                                          100 * ratio(s.rank_counts[3], s.games));
    // One wall gives no interval (the interval is over walls).
    const std::string rank = s.ranks.walls() < 2 ? fmt::format("{:.2f}+-n/a", s.average_rank())
                                                 : fmt::format("{:.2f}+-{:.2f}", s.average_rank(), s.rank_ci95());
    out += fmt::format("{:<24} {:5} {:>13} {:>23} {:8.0f} {:+7.1f} {:>12} {:>12} {:6.1f} {:6.1f} {:6.1f} {:6.1f} {:7.0f} {:7.0f} {:6.1f} {:8.2f} {:8.2f} {:9}\n",
                       shown, s.games, rank, ranks, s.scores.estimate().mean, s.points.estimate().mean,
                       per_hand(s.score_per_hand), per_hand(s.adjusted_score_per_hand),
                       100 * ratio(c.wins, c.hands), 100 * ratio(c.deal_ins, c.hands), 100 * ratio(c.riichi, c.hands),
                       100 * ratio(c.hands_with_calls, c.hands), ratio(static_cast<double>(c.win_points), c.wins),
                       ratio(static_cast<double>(c.deal_in_points), c.deal_ins), 100 * ratio(c.tenpai_at_draw, c.exhaustive_draws),
                       percentile(s.latencies_ms, 0.5), percentile(s.latencies_ms, 0.99), s.timeouts + s.crashes + s.junk + s.illegal);
  }
  return out;
}

}  // namespace tenbin::arena

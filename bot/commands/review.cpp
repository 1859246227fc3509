#include "bot/commands/review.hpp"

#include <algorithm>
#include <ostream>
#include <string>
#include <utility>

#include "bot/commands/replay.hpp"
#include "bot/protocol/mjai_bot.hpp"
#include "engine/seats.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

std::string hand_label(const Table& table) {
  std::string label = kind_to_string(table.round_wind());
  label += std::to_string(table.kyoku());
  if (table.honba() == 0) return label;
  label += '-';
  label += std::to_string(table.honba());
  return label;
}

json tile_names(const std::vector<Tile>& tiles) {
  json names = json::array();
  for (const Tile tile : tiles) names.push_back(tile.to_string());
  return names;
}

json meld_json(const Meld& meld) {
  std::vector<Tile> tiles(meld.all_tiles().begin(), meld.all_tiles().end());
  return {{"type", meld_type_name(meld.type)}, {"tiles", tile_names(tiles)}, {"called", meld.called.to_string()}};
}

json river_json(const std::vector<RiverTile>& river) {
  json tiles = json::array();
  for (const RiverTile& t : river) {
    tiles.push_back({{"pai", t.tile.to_string()},
                     {"tsumogiri", t.tsumogiri},
                     {"riichi", t.riichi_declaration},
                     {"called", t.called_away}});
  }
  return tiles;
}

// What the seat saw at the decision.
json position_json(const Table& table) {
  json seats = json::array();
  for (int s = 0; s < kSeats; ++s) {
    const SeatView& view = table.player(s);
    json melds = json::array();
    for (const Meld& meld : view.melds) melds.push_back(meld_json(meld));
    seats.push_back({{"seat", s},
                     {"wind", kind_to_string(table.seat_wind_of(s))},
                     {"score", view.score},
                     {"riichi", view.riichi_declared},
                     {"melds", std::move(melds)},
                     {"river", river_json(view.river)}});
  }
  // The hand without the tile just drawn, shown apart as mjai-reviewer does.
  const bool drew = table.decision() == Decision::own_draw || table.decision() == Decision::discard_after_riichi;
  const std::optional<Tile> draw = drew ? table.last_draw() : std::nullopt;
  std::vector<Tile> hand = table.hand_tiles();
  if (draw) {
    const auto drawn = std::find(hand.begin(), hand.end(), *draw);
    if (drawn != hand.end()) hand.erase(drawn);
  }
  return {{"hand", tile_names(hand)},
          {"draw", draw ? json(draw->to_string()) : json(nullptr)},
          {"dora_markers", tile_names(table.dora_markers())},
          {"tiles_left", table.tiles_left()},
          {"seats", std::move(seats)}};
}

// The value the strategy gave to `action`, if it priced it.
std::optional<double> value_of(const json& candidates, const json& action) {
  for (const json& c : candidates) {
    if (same_action(c.at("action"), action)) return c.at("value").get<double>();
  }
  return std::nullopt;
}

ReviewedDecision review_decision(const Table& table, const json& chosen, const json& played,
                                 const json& explanation, int line) {
  ReviewedDecision d;
  d.line = line;
  d.hand = hand_label(table);
  d.played = played;
  d.chosen = chosen;
  d.agree = same_action(chosen, played);
  if (explanation.is_object() && explanation.contains("candidates")) d.candidates = explanation.at("candidates");
  const std::optional<double> mine = value_of(d.candidates, chosen);
  const std::optional<double> theirs = value_of(d.candidates, played);
  if (mine && theirs) d.value_lost = d.agree ? 0.0 : *mine - *theirs;
  d.position = position_json(table);
  return d;
}

void add_to_hands(Review& review, const ReviewedDecision& d) {
  if (review.hands.empty() || review.hands.back().hand != d.hand) review.hands.push_back({d.hand});
  HandReview& hand = review.hands.back();
  ++hand.decisions;
  hand.agreements += d.agree ? 1 : 0;
  hand.value_lost += d.value_lost.value_or(0);
}

}  // namespace

json ReviewedDecision::to_json() const {
  return {{"line", line},
          {"hand", hand},
          {"played", played},
          {"chosen", chosen},
          {"agree", agree},
          {"value_lost", value_lost ? json(*value_lost) : json(nullptr)},
          {"candidates", candidates},
          {"position", position}};
}

std::vector<const ReviewedDecision*> Review::biggest_disagreements() const {
  std::vector<const ReviewedDecision*> out;
  for (const ReviewedDecision& d : decisions) {
    if (!d.agree) out.push_back(&d);
  }
  std::stable_sort(out.begin(), out.end(), [](const ReviewedDecision* a, const ReviewedDecision* b) {
    return a->value_lost.value_or(-1e18) > b->value_lost.value_or(-1e18);
  });
  return out;
}

json Review::summary_json() const {
  json hands_json = json::array();
  for (const HandReview& h : hands) {
    hands_json.push_back({{"hand", h.hand}, {"decisions", h.decisions}, {"agreements", h.agreements},
                          {"value_lost", h.value_lost}});
  }
  json biggest = json::array();
  for (const ReviewedDecision* d : biggest_disagreements()) biggest.push_back(d->line);
  const int total = static_cast<int>(decisions.size());
  return {{"seat", seat},
          {"player", player},
          {"strategy", strategy},
          {"decisions", total},
          {"agreements", agreements},
          {"agreement_rate", total > 0 ? json(static_cast<double>(agreements) / total) : json(nullptr)},
          {"value_lost", value_lost},
          {"hands", std::move(hands_json)},
          {"biggest_disagreements", std::move(biggest)},
          {"params", params}};
}

std::optional<int> seat_of_player(const std::vector<MjaiLogLine>& events, const std::string& name) {
  for (const MjaiLogLine& line : events) {
    if (line.event.type != EventType::start_game) continue;
    const std::vector<std::string>& names = line.event.names;
    const auto it = std::find(names.begin(), names.end(), name);
    if (it != names.end() && it - names.begin() < 4) return static_cast<int>(it - names.begin());
  }
  return std::nullopt;
}

Review review_game(const std::vector<MjaiLogLine>& events, int seat, std::unique_ptr<Policy> policy) {
  Review review;
  review.seat = seat;
  review.strategy = std::string(policy->name());
  const Policy& strategy = *policy;
  review.params = strategy.tunables();
  BotOptions options;
  options.seat = seat;
  MjaiBot bot(std::move(policy), options);
  for (std::size_t i = 0; i < events.size(); ++i) {
    const Event& event = events[i].event;
    if (event.type == EventType::start_game && seat < static_cast<int>(event.names.size())) {
      review.player = event.names[seat];
    }
    const std::optional<Action> choice = bot.take(mask_event_for_seat(event, seat));
    if (!choice) continue;
    const json chosen = event_to_json(choice->to_event(seat));
    const json why = strategy.explanation();
    ReviewedDecision d = review_decision(bot.table(), chosen, played_after(events, i, seat), why, events[i].number);
    add_to_hands(review, d);
    review.agreements += d.agree ? 1 : 0;
    review.value_lost += d.value_lost.value_or(0);
    review.decisions.push_back(std::move(d));
  }
  return review;
}

void write_review_json(const Review& review, std::ostream& out) {
  out << review.summary_json().dump() << '\n';
  for (const ReviewedDecision& d : review.decisions) out << d.to_json().dump() << '\n';
}

}  // namespace tenbin

#include "bot/commands/calc_commands.hpp"

#include <iostream>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "bot/commands/request_fields.hpp"
#include "engine/meld.hpp"
#include "engine/score.hpp"
#include "engine/seats.hpp"
#include "engine/shanten.hpp"

namespace tenbin {
namespace {

using nlohmann::json;
using namespace request_fields;

// Every physical tile of a request, to check the red fives (one per suit).
void check_red_fives(const std::vector<Tile>& tiles) {
  std::array<int, 3> reds{};
  for (const Tile tile : tiles) {
    if (!tile.is_red()) continue;
    if (++reds[suit_of(tile.kind())] > 1) {
      bad_request("impossible hand: two red " + tile.to_string().substr(0, 2));
    }
  }
}

json yaku_json(const YakuList& yaku) {
  json list = json::array();
  for (const YakuEntry& entry : yaku.entries()) {
    json item = {{"name", yaku_name(entry.yaku)}};
    if (entry.yakuman > 0) {
      item["yakuman"] = entry.yakuman;
    } else {
      item["han"] = entry.han;
    }
    list.push_back(std::move(item));
  }
  return list;
}

json payment_json(const Payment& pay, bool tsumo, bool dealer_wins) {
  if (!tsumo) return {{"ron", pay.ron}};
  if (dealer_wins) return {{"non_dealer", pay.non_dealer}};
  return {{"dealer", pay.dealer}, {"non_dealer", pay.non_dealer}};
}

json null_if_zero(int value, bool zero) { return zero ? json(nullptr) : json(value); }

}  // namespace

json score_request(const json& request) {
  if (!request.is_object()) bad_request("a request must be a JSON object");
  WinContext context;
  context.round_wind = wind_field(request, "bakaze");
  context.seat_wind = wind_field(request, "jikaze");
  context.dealer = integer(request, "oya", 0, 0, 3);
  context.winner = integer(request, "actor", 0, 0, 3);
  context.tsumo = flag(request, "tsumo");
  context.discarder = context.tsumo ? context.winner
                                    : integer(request, "target", context.winner, 0, 3);
  if (!context.tsumo && context.discarder == context.winner) {
    bad_request("a ron needs a \"target\" other than the winner");
  }
  const int expected_wind = kinds::east + (context.winner - context.dealer + kSeats) % kSeats;
  if (context.seat_wind != expected_wind) {
    bad_request("\"jikaze\" " + kind_to_string(context.seat_wind) + " does not match seat " +
                std::to_string(context.winner) + " with dealer " + std::to_string(context.dealer));
  }
  context.honba = integer(request, "honba", 0, 0, 1000);
  context.riichi_sticks = integer(request, "kyotaku", 0, 0, 1000);
  context.riichi = flag(request, "riichi");
  context.double_riichi = flag(request, "double_riichi");
  context.ippatsu = flag(request, "ippatsu");
  context.haitei = flag(request, "haitei");
  context.houtei = flag(request, "houtei");
  context.rinshan = flag(request, "rinshan");
  context.chankan = flag(request, "chankan");
  context.tenhou = flag(request, "tenhou");
  context.chiihou = flag(request, "chiihou");

  const std::vector<Tile> concealed = tile_list(request, "hand", true);
  const Tile win = tile_field(request, "pai");
  const std::vector<Meld> melds = melds_field(request);

  WinningHand hand;
  std::vector<Tile> every_tile = concealed;
  every_tile.push_back(win);
  for (const Tile tile : every_tile) {
    if (hand.concealed[tile.kind()] == 255) bad_request("impossible hand: too many tiles");
    ++hand.concealed[tile.kind()];
  }
  hand.win_kind = win.kind();
  for (const Meld& meld : melds) {
    hand.melds[static_cast<std::size_t>(hand.meld_count++)] = meld;
    for (const Tile tile : meld.all_tiles()) every_tile.push_back(tile);
  }
  check_red_fives(every_tile);
  for (const Tile tile : every_tile) hand.red_fives += tile.is_red() ? 1 : 0;

  context.dora = count_dora(hand, tile_list(request, "dora_markers", false));
  context.aka_dora = hand.red_fives;
  context.ura_dora = count_dora(hand, tile_list(request, "ura_markers", false));

  const ScoreOutcome outcome = score_win(hand, context);
  if (!outcome.ok()) bad_request(outcome.message);
  const Score& score = outcome.score;
  const bool yakuman = score.yakuman > 0;
  return {
      {"han", null_if_zero(score.han, yakuman)},
      {"fu", null_if_zero(score.fu, yakuman)},
      {"yakuman", score.yakuman},
      {"yaku", yaku_json(score.yaku)},
      {"points", score.points},
      {"limit", score.limit == Limit::none ? json(nullptr) : json(limit_name(score.limit))},
      {"payment", payment_json(score.payment, context.tsumo, context.dealer_wins())},
      {"pao", score.pao_seat < 0 ? json(nullptr) : json(score.pao_seat)},
      {"deltas", score.deltas},
  };
}

json shanten_request(const json& request) {
  if (!request.is_object()) bad_request("a request must be a JSON object");
  const std::vector<Tile> tiles = tile_list(request, "tiles", true);
  const std::vector<Meld> melds = melds_field(request, MeldTarget::optional);
  TileCounts counts{};
  TileCounts visible{};
  for (const Tile tile : tiles) ++counts[tile.kind()];
  visible = counts;
  for (const Meld& meld : melds) {
    for (const Tile tile : meld.all_tiles()) ++visible[tile.kind()];
  }
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (visible[kind] > kCopiesPerKind) bad_request("five or more of " + kind_to_string(kind));
  }
  const int size = static_cast<int>(tiles.size());
  const int expected = 13 - 3 * static_cast<int>(melds.size());
  if (size != expected && size != expected + 1) {
    bad_request(std::to_string(size) + " concealed tiles with " + std::to_string(melds.size()) +
                " melds: expected " + std::to_string(expected) + " or " +
                std::to_string(expected + 1));
  }
  const ShantenForms forms = shanten_forms(counts);
  const auto form = [&](int value) {
    return !melds.empty() || value == kNotApplicable ? json(nullptr) : json(value);
  };
  json reply = {{"shanten", forms.best()},
                {"normal", forms.regular},
                {"chiitoitsu", form(forms.chiitoitsu)},
                {"kokushi", form(forms.kokushi)}};
  if (size == expected) {
    const Ukeire waits = ukeire(counts, visible);
    json list = json::array();
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (waits.improves[kind]) list.push_back(kind_to_string(kind));
    }
    reply["ukeire"] = std::move(list);
    reply["ukeire_count"] = waits.total;
  }
  return reply;
}

int serve_json_lines(std::istream& in, std::ostream& out,
                     const std::function<json(const json&)>& handler) {
  int errors = 0;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json reply;
    try {
      reply = handler(json::parse(line));
    } catch (const std::exception& error) {
      reply = {{"error", error.what()}};
      ++errors;
    }
    out << reply.dump(-1, ' ', false, json::error_handler_t::replace) << '\n' << std::flush;
  }
  return errors;
}


Subcommand add_score_command(CLI::App& app) {
  CLI::App* command = app.add_subcommand("score", "Score winning hands: one JSON object per line");
  return {command, [] {
            serve_json_lines(std::cin, std::cout, score_request);
            return 0;  // a bad line is answered with its error; the command goes on and succeeds
          }};
}

Subcommand add_shanten_command(CLI::App& app) {
  CLI::App* command = app.add_subcommand("shanten", "Shanten and ukeire: one JSON object per line");
  return {command, [] {
            serve_json_lines(std::cin, std::cout, shanten_request);
            return 0;  // a bad line is answered with its error; the command goes on and succeeds
          }};
}

}  // namespace tenbin

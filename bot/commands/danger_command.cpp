#include "bot/commands/danger_command.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <iostream>
#include <istream>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "bot/commands/log_position.hpp"
#include "bot/commands/seed_option.hpp"
#include "bot/mj0/mj0.hpp"
#include "bot/mj0/tenpai_model.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

struct DangerReport {
  mj0::Position position;
  mj0::Estimate estimate;
  std::vector<bool> exact;  // per opponent: deal-in from the exact mode
};

// The exact mode for each riichi opponent, in place of the sampler's deal-in; the expected loss
// keeps the sampler's mean points for a ron on each kind.
void apply_exact(DangerReport& report) {
  bool any = false;
  for (std::size_t i = 0; i < report.position.opponents.size(); ++i) {
    if (!report.position.opponents[i].riichi) continue;
    any = true;
    report.exact[i] = true;
    mj0::OpponentEstimate& sampled = report.estimate.opponents[i];
    const mj0::OpponentEstimate exact = mj0::exact_riichi_danger(report.position, static_cast<int>(i));
    for (int kind = 0; kind < kNumKinds; ++kind) {
      mj0::TileDanger& tile = sampled.tiles[kind];
      const double mean_points = tile.deal_in > 0 ? tile.expected_loss / tile.deal_in : sampled.mean_points;
      tile.deal_in = exact.tiles[kind].deal_in;
      tile.std_error = 0;
      tile.expected_loss = tile.deal_in * mean_points;
    }
  }
  if (!any) throw std::invalid_argument("--exact: no opponent of seat " + std::to_string(report.position.observer) + " is in riichi");
}

DangerReport analyse(std::istream& log, const DangerOptions& options) {
  const LogPosition read = read_log_position(log, options.seat);
  DangerReport report;
  report.position = tenpai_model::mj0_position(read.table);
  mj0::Settings settings;
  settings.samples = options.samples;
  settings.seed = options.seed;
  mj0::Sampler sampler;
  report.estimate = sampler.estimate(report.position, settings);
  report.exact.assign(report.position.opponents.size(), false);
  if (options.exact) apply_exact(report);
  if (report.estimate.samples == 0) {
    throw std::invalid_argument("no sample could be drawn: the unseen tiles cannot make the opponents' hands");
  }
  return report;
}

json opponent_json(const mj0::Opponent& o, const mj0::OpponentEstimate& e, bool exact) {
  json tiles = json::object();
  for (int kind = 0; kind < kNumKinds; ++kind) {
    const mj0::TileDanger& t = e.tiles[kind];
    tiles[kind_to_string(kind)] = {{"deal_in", t.deal_in}, {"expected_loss", t.expected_loss}, {"std_error", t.std_error}};
  }
  return {{"seat", o.seat},
          {"riichi", o.riichi},
          {"melds", o.melds.size()},
          {"tenpai_probability", o.tenpai_probability},
          {"danger_from", exact ? "exact" : "sampler"},
          {"accepted_samples", e.accepted_samples},
          {"acceptance_rate", e.acceptance_rate},
          {"scored_samples", e.scored_samples},
          {"mean_points", e.mean_points},
          {"yaku_rate", e.yaku_rate},
          {"mode_frequency", {{"normal", e.mode_frequency[0]}, {"flush", e.mode_frequency[1]}, {"all_triplets", e.mode_frequency[2]}}},
          {"caller", o.modes.caller},
          {"tiles", tiles}};
}

json report_json(const DangerReport& r, const DangerOptions& options) {
  json out;
  out["seat"] = r.position.observer;
  out["live_tiles_left"] = r.position.live_tiles_left;
  out["samples"] = r.estimate.samples;
  out["failed_draws"] = r.estimate.failed_draws;
  out["seed"] = options.seed;
  json opponents = json::array();
  for (std::size_t i = 0; i < r.position.opponents.size(); ++i) {
    opponents.push_back(opponent_json(r.position.opponents[i], r.estimate.opponents[i], r.exact[i]));
  }
  out["opponents"] = std::move(opponents);
  json tiles = json::object();
  for (int kind = 0; kind < kNumKinds; ++kind) {
    tiles[kind_to_string(kind)] = {{"in_hand", r.position.observer_hand[kind]},
                                   {"unseen", r.position.unseen[kind]},
                                   {"wall", r.estimate.wall[kind]},
                                   {"deal_in", mj0::deal_in_probability(r.estimate, kind)},
                                   {"expected_loss", mj0::expected_loss(r.estimate, kind)}};
  }
  out["tiles"] = std::move(tiles);
  return out;
}

void print_table(const DangerReport& r, std::ostream& out) {
  const mj0::Position& p = r.position;
  out << fmt::format("seat {}: {} live tiles left, {} samples ({} failed draws)\n", p.observer, p.live_tiles_left,
                     r.estimate.samples, r.estimate.failed_draws);
  out << "opponent  riichi  melds  tenpai  accepted  mean points  normal/flush/triplets  danger\n";
  for (std::size_t i = 0; i < p.opponents.size(); ++i) {
    const mj0::Opponent& o = p.opponents[i];
    const mj0::OpponentEstimate& e = r.estimate.opponents[i];
    out << fmt::format("seat {}    {:<6}  {:5}  {:6.3f}  {:8}  {:11.0f}  {:5.2f}/{:4.2f}/{:4.2f}{}       {}\n", o.seat,
                       o.riichi ? "yes" : "no", o.melds.size(), o.tenpai_probability, e.accepted_samples, e.mean_points,
                       e.mode_frequency[0], e.mode_frequency[1], e.mode_frequency[2], o.modes.caller ? "+call" : "     ",
                       r.exact[i] ? "exact" : "sampler");
  }
  out << "tile  hand  unseen   wall";
  for (const mj0::Opponent& o : p.opponents) out << fmt::format("  seat {}", o.seat);
  out << "  deal-in  exp. loss\n";
  for (int kind = 0; kind < kNumKinds; ++kind) {
    out << fmt::format("{:<4}  {:4}  {:6}  {:5.2f}", kind_to_string(kind), p.observer_hand[kind], p.unseen[kind],
                       r.estimate.wall[kind]);
    for (const mj0::OpponentEstimate& e : r.estimate.opponents) out << fmt::format("  {:5.1f}%", 100 * e.tiles[kind].deal_in);
    out << fmt::format("  {:6.1f}%  {:9.0f}\n", 100 * mj0::deal_in_probability(r.estimate, kind),
                       mj0::expected_loss(r.estimate, kind));
  }
}

}  // namespace

int run_danger(std::istream& log, std::ostream& out, const DangerOptions& options) {
  try {
    const DangerReport report = analyse(log, options);
    if (options.json) {
      out << report_json(report, options).dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
    } else {
      print_table(report, out);
    }
    return 0;
  } catch (const std::exception& error) {
    spdlog::error("danger: {}", error.what());
    return 1;
  }
}


Subcommand add_danger_command(CLI::App& app) {
  auto options = std::make_shared<DangerOptions>();
  CLI::App* command = app.add_subcommand(
      "danger", "MJ-0 on the position at the end of an mjai log: the wall estimate and, for every "
                "tile, the deal-in probability per opponent and the expected loss");
  command->add_option("--seat", options->seat, "the seat whose view of the log is read")
      ->required()
      ->check(CLI::Range(0, 3));
  command->add_option("--samples", options->samples, "joint draws of the opponents' hands")->check(CLI::Range(1, 1000000));
  command->add_option("--seed", options->seed, "the sampler's seed")->check(kSeedValidator);
  command->add_flag("--exact", options->exact, "exact tenpai-form count for each riichi opponent");
  command->add_flag("--json", options->json, "one JSON object instead of the table");
  return {command, [options] { return run_danger(std::cin, std::cout, *options); }};
}

}  // namespace tenbin

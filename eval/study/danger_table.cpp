#include "eval/study/danger_table.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bot/commands/seed_option.hpp"
#include "bot/mj0/tenpai_model.hpp"
#include "bot/strategy/threat.hpp"
#include "engine/table.hpp"
#include "eval/study/game_log.hpp"

namespace tenbin::arena {
namespace {

OpponentShow show_of(const SeatView& opponent) {
  if (opponent.riichi) return OpponentShow::riichi;
  return opponent.closed() ? OpponentShow::closed : OpponentShow::open;
}

void score_discard(const std::vector<Event>& log, std::size_t index, const Table& view, const DangerTableSettings& settings,
                   mj0::Sampler& sampler, std::uint64_t seed, std::vector<DiscardDanger>& out) {
  const mj0::Position position = tenpai_model::mj0_position(view, settings.params.modes);
  mj0::Settings sampling;
  sampling.samples = settings.samples;
  sampling.seed = seed;
  const mj0::Estimate& estimate = sampler.estimate(position, sampling);
  const int kind = log[index].pai.kind();
  const std::array<bool, 4> ron = ronned_by(log, index);
  for (const mj0::OpponentEstimate& opponent : estimate.opponents) {
    const SeatView& seat = view.player(opponent.seat);
    out.push_back({log[index].actor, show_of(seat), {opponent.tiles[kind].deal_in, ron[opponent.seat]}, seat.open_melds()});
  }
}

struct ShowTotals {
  std::vector<Forecast> forecasts;
  int deal_ins = 0;
  double forecast_sum = 0;

  void add(const Forecast& forecast) {
    forecasts.push_back(forecast);
    deal_ins += forecast.happened ? 1 : 0;
    forecast_sum += forecast.probability;
  }
  std::string row(const std::string& name) const {
    const double n = static_cast<double>(forecasts.size());
    return fmt::format("  {:<10} {:7}  {:8}   {:.4f}    {:.4f}    {:.5f}\n", name, forecasts.size(), deal_ins,
                       n > 0 ? forecast_sum / n : 0.0, n > 0 ? deal_ins / n : 0.0, n > 0 ? log_loss(forecasts) : 0.0);
  }
};

// The seat names of each game of a match directory (results.jsonl), by log file name.
std::optional<std::array<std::string, 4>> seat_names(const std::filesystem::path& log) {
  const std::filesystem::path results = log.parent_path().parent_path() / "results.jsonl";
  std::ifstream in(results);
  if (!in) return std::nullopt;
  const std::string game = log.stem().string();
  for (std::string line; std::getline(in, line);) {
    const nlohmann::json row = nlohmann::json::parse(line, nullptr, false);
    if (!row.is_object() || !row.contains("game") || !row["game"].is_number_integer()) continue;
    if (fmt::format("{:04}", row["game"].get<long>()) != game && std::to_string(row["game"].get<long>()) != game) continue;
    const nlohmann::json& names = row.value("names", nlohmann::json());
    if (!names.is_array() || names.size() != 4) return std::nullopt;
    std::array<std::string, 4> out;
    for (std::size_t s = 0; s < 4; ++s) out[s] = names[s].is_string() ? names[s].get<std::string>() : "";
    return out;
  }
  return std::nullopt;
}

// The log-likelihood of the outcomes under q = exp(a + exponent * ln p), over forecasts p > 0
// (`log_p` their logarithms); minus infinity where some q reaches 1.
double power_log_likelihood(const std::vector<double>& log_p, const std::vector<bool>& happened, double a,
                            double exponent) {
  double sum = 0;
  for (std::size_t i = 0; i < log_p.size(); ++i) {
    const double log_q = a + exponent * log_p[i];
    if (log_q >= 0) return -std::numeric_limits<double>::infinity();
    sum += happened[i] ? log_q : std::log1p(-std::exp(log_q));
  }
  return sum;
}

struct PowerStep {
  double a = 0;
  double exponent = 0;
};

// Newton's step for the likelihood in (a, exponent), none where its Hessian is not negative
// definite: each pair's z = (1, ln p) adds z to the gradient if it happened, else -q / (1 - q) z,
// and -q / (1 - q)^2 z z' to the Hessian.
std::optional<PowerStep> newton_step(const std::vector<double>& log_p, const std::vector<bool>& happened, double a,
                                     double exponent) {
  double ga = 0, ge = 0, haa = 0, hae = 0, hee = 0;
  for (std::size_t i = 0; i < log_p.size(); ++i) {
    const double x = log_p[i];
    if (happened[i]) {
      ga += 1;
      ge += x;
      continue;
    }
    const double q = std::exp(a + exponent * x);
    const double slope = q / (1 - q);
    const double curve = slope / (1 - q);
    ga -= slope;
    ge -= slope * x;
    haa -= curve;
    hae -= curve * x;
    hee -= curve * x * x;
  }
  const double determinant = haa * hee - hae * hae;
  if (!(determinant > 0)) return std::nullopt;
  return PowerStep{-(hee * ga - hae * ge) / determinant, -(haa * ge - hae * ga) / determinant};
}

}  // namespace

std::vector<DiscardDanger> with_open_calibration(std::vector<DiscardDanger> dangers, const FullParams& params) {
  for (DiscardDanger& d : dangers) {
    if (d.show == OpponentShow::open) d.forecast.probability = open_hand_deal_in(d.forecast.probability, d.calls, params);
  }
  return dangers;
}

// The likelihood of q = exp(a + exponent * ln p) is concave in (a, exponent) (ln q is linear in
// them, ln(1 - q) concave), so Newton's method from q = p, each step halved until the likelihood
// rises, finds its maximum; the pivot is where q = p, exp(a / (1 - exponent)).
PowerCalibration fit_power_calibration(const std::vector<Forecast>& forecasts) {
  std::vector<double> log_p;
  std::vector<bool> happened;
  std::vector<Forecast> fitted;
  for (const Forecast& f : forecasts) {
    if (f.probability <= 0 || f.probability >= 1) continue;
    log_p.push_back(std::log(f.probability));
    happened.push_back(f.happened);
    fitted.push_back(f);
  }
  PowerCalibration fit;
  fit.pairs = static_cast<int>(fitted.size());
  if (fitted.empty()) return fit;
  double a = 0;
  double exponent = 1;
  double likelihood = power_log_likelihood(log_p, happened, a, exponent);
  for (int iteration = 0; iteration < 100; ++iteration) {
    const std::optional<PowerStep> step = newton_step(log_p, happened, a, exponent);
    if (!step) break;
    double scale = 1;
    double next = power_log_likelihood(log_p, happened, a + step->a, exponent + step->exponent);
    while (!(next >= likelihood) && scale > 1e-10) {
      scale /= 2;
      next = power_log_likelihood(log_p, happened, a + scale * step->a, exponent + scale * step->exponent);
    }
    if (!(next >= likelihood)) break;
    a += scale * step->a;
    exponent += scale * step->exponent;
    const double gain = next - likelihood;
    likelihood = next;
    if (gain < 1e-10) break;
  }
  fit.exponent = exponent;
  fit.pivot = std::abs(1 - fit.exponent) > 1e-6 ? std::exp(a / (1 - fit.exponent)) : 0.0;
  fit.log_loss_before = log_loss(fitted);
  for (std::size_t i = 0; i < fitted.size(); ++i) {
    fitted[i].probability = std::min(1 - 1e-9, std::exp(a + fit.exponent * log_p[i]));
  }
  fit.log_loss_after = log_loss(fitted);
  return fit;
}

std::vector<DangerBucket> danger_buckets(const std::vector<Forecast>& forecasts) {
  std::vector<DangerBucket> buckets;
  for (std::size_t i = 0; i < kDangerBucketEdges.size(); ++i) {
    DangerBucket bucket;
    bucket.low = kDangerBucketEdges[i];
    bucket.high = i + 1 < kDangerBucketEdges.size() ? kDangerBucketEdges[i + 1] : 1.0;
    buckets.push_back(bucket);
  }
  for (const Forecast& f : forecasts) {
    std::size_t i = buckets.size() - 1;
    while (i > 0 && f.probability < buckets[i].low) --i;
    ++buckets[i].count;
    buckets[i].happened += f.happened ? 1 : 0;
    buckets[i].forecast_sum += f.probability;
  }
  return buckets;
}

const char* show_name(OpponentShow show) {
  switch (show) {
    case OpponentShow::riichi: return "riichi";
    case OpponentShow::open: return "open";
    case OpponentShow::closed: return "closed";
  }
  return "?";
}

std::vector<DiscardDanger> discard_dangers(const std::vector<Event>& log, const DangerTableSettings& settings,
                                           mj0::Sampler& sampler, long& counter) {
  std::array<Table, 4> tables{Table(0), Table(1), Table(2), Table(3)};
  std::vector<DiscardDanger> dangers;
  for (std::size_t i = 0; i < log.size(); ++i) {
    const Event& event = log[i];
    if (event.type == EventType::dahai && event.actor >= 0 && event.actor < 4) {
      if (counter % settings.every == 0) {
        score_discard(log, i, tables[event.actor], settings, sampler,
                      settings.seed + static_cast<std::uint64_t>(counter / settings.every), dangers);
      }
      ++counter;
    }
    for (int seat = 0; seat < 4; ++seat) tables[seat].apply(mask_event_for_seat(event, seat));
  }
  return dangers;
}

std::string format_danger_table(const std::string& title, const std::vector<DiscardDanger>& dangers,
                                const PowerCalibration* open_fit) {
  std::array<ShowTotals, kOpponentShows> shows;
  std::array<ShowTotals, kOpenDangerCallRows> open_by_calls;
  for (const DiscardDanger& d : dangers) {
    shows[static_cast<int>(d.show)].add(d.forecast);
    if (d.show == OpponentShow::open) open_by_calls[static_cast<std::size_t>(std::clamp(d.calls, 1, kOpenDangerCallRows) - 1)].add(d.forecast);
  }
  std::ostringstream out;
  out << title << "\n";
  out << "  opponent     pairs    deal-ins  forecast  observed  log loss\n";
  for (int s = 0; s < kOpponentShows; ++s) {
    const auto show = static_cast<OpponentShow>(s);
    out << shows[s].row(show_name(show));
    if (show != OpponentShow::open) continue;
    for (int c = 0; c < kOpenDangerCallRows; ++c) {
      out << open_by_calls[static_cast<std::size_t>(c)].row(fmt::format(" {}{} call{}", c + 1, c + 1 == kOpenDangerCallRows ? "+" : "", c == 0 ? "" : "s"));
    }
  }
  for (int s = 0; s < kOpponentShows; ++s) {
    const ShowTotals& t = shows[s];
    if (t.forecasts.empty()) continue;
    out << "  against a " << show_name(static_cast<OpponentShow>(s)) << " hand, by forecast:\n";
    out << "    forecast          pairs   mean forecast  observed (deal-ins)\n";
    for (const DangerBucket& bucket : danger_buckets(t.forecasts)) {
      if (bucket.count == 0) continue;
      out << fmt::format("    {:5.1f}% - {:5.1f}%  {:6}   {:.4f}         {:.4f} ({})\n", 100 * bucket.low, 100 * bucket.high,
                         bucket.count, bucket.forecast_sum / bucket.count,
                         static_cast<double>(bucket.happened) / bucket.count, bucket.happened);
    }
  }
  if (shows[static_cast<int>(OpponentShow::open)].deal_ins > 0) {
    out << "  the open rows' observed over forecast, by calls (open_danger_scale_by_calls):";
    for (const ShowTotals& t : open_by_calls) out << fmt::format(" {:.2f}", t.forecast_sum > 0 ? t.deal_ins / t.forecast_sum : 1.0);
    out << "\n";
  }
  if (open_fit != nullptr && open_fit->pairs > 0) {
    out << fmt::format(
        "  MJ-0's odds against open hands, best power calibration q = pivot * (p / pivot)^exponent over the {} pairs "
        "with p > 0:\n    exponent {:.3f}, pivot {:.4f}; log loss {:.5f} before, {:.5f} after\n",
        open_fit->pairs, open_fit->exponent, open_fit->pivot, open_fit->log_loss_before, open_fit->log_loss_after);
  }
  return out.str();
}

namespace {

struct DangerTableArguments {
  std::vector<std::string> inputs;
  std::string name;
  DangerTableSettings settings;
};

int danger_table_command(const DangerTableArguments& arguments, std::ostream& out, std::ostream& errors) {
  const std::vector<std::string> logs = expand_log_inputs(arguments.inputs, errors);
  mj0::Sampler sampler;
  std::vector<DiscardDanger> dangers;
  long counter = 0;
  int used = 0;
  for (std::size_t i = 0; i < logs.size(); ++i) {
    try {
      std::array<bool, 4> wanted{true, true, true, true};
      if (!arguments.name.empty()) {
        const auto names = seat_names(logs[i]);
        if (!names) throw LogError("no seat names for it in its match's results.jsonl");
        for (int s = 0; s < 4; ++s) wanted[s] = (*names)[s] == arguments.name;
      }
      for (const DiscardDanger& d : discard_dangers(read_game_log(logs[i]), arguments.settings, sampler, counter)) {
        if (wanted[d.discarder]) dangers.push_back(d);
      }
      ++used;
    } catch (const std::exception& error) {
      errors << logs[i] << ": skipped: " << error.what() << "\n";
    }
    errors << "\rdanger-table: " << (i + 1) << "/" << logs.size() << " logs" << std::flush;
  }
  errors << "\n";
  if (used == 0) {
    errors << "danger-table: no usable log\n";
    return 1;
  }
  const std::string whose = arguments.name.empty() ? "every seat's" : "the discards of " + arguments.name + ",";
  const char* odds = arguments.settings.raw ? "MJ-0's deal-in forecasts" : "The deal-in forecasts full plays with";
  std::vector<Forecast> open;
  for (const DiscardDanger& d : dangers) {
    if (d.show == OpponentShow::open) open.push_back(d.forecast);
  }
  const PowerCalibration open_fit = fit_power_calibration(open);
  out << format_danger_table(fmt::format("{} on {} {} logs ({} samples, one discard in {})", odds, whose, used,
                                         arguments.settings.samples, arguments.settings.every),
                             arguments.settings.raw ? dangers : with_open_calibration(dangers, arguments.settings.params),
                             &open_fit);
  return 0;
}

}  // namespace

Subcommand add_danger_table_command(CLI::App& app) {
  auto arguments = std::make_shared<DangerTableArguments>();
  CLI::App* command =
      app.add_subcommand("danger-table", "MJ-0's deal-in forecasts on every discard against what happened, by opponent");
  command->add_option("inputs", arguments->inputs, "logs or match directories")->required();
  command->add_option("--name", arguments->name, "score only the discards of seats of this name");
  command->add_option("--samples", arguments->settings.samples, "MJ-0 samples per discard")->check(CLI::Range(1, 100000000));
  command->add_option("--every", arguments->settings.every, "score one discard in this many")->check(CLI::Range(1, 1000000));
  command->add_flag("--raw", arguments->settings.raw, "MJ-0's odds alone, without full's open-hand calibration");
  command->add_option("--mj0-seed", arguments->settings.seed, "MJ-0 seed of the first scored discard")->check(kSeedValidator);
  add_param_option(*command, arguments->settings.params,
                   "NAME=VALUE sets one of full's tunables (MJ-0's modes, the open-hand calibration; repeatable)");
  return {command, [arguments] { return danger_table_command(*arguments, std::cout, std::cerr); }};
}

}  // namespace tenbin::arena

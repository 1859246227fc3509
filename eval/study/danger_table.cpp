#include "eval/study/danger_table.hpp"

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bot/commands/seed_option.hpp"
#include "bot/mj0/tenpai_model.hpp"
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
  const mj0::Position position = tenpai_model::mj0_position(view);
  mj0::Settings sampling;
  sampling.samples = settings.samples;
  sampling.seed = seed;
  const mj0::Estimate& estimate = sampler.estimate(position, sampling);
  const int kind = log[index].pai.kind();
  const std::array<bool, 4> ron = ronned_by(log, index);
  for (const mj0::OpponentEstimate& opponent : estimate.opponents) {
    out.push_back({log[index].actor, show_of(view.player(opponent.seat)),
                   {opponent.tiles[kind].deal_in, ron[opponent.seat]}});
  }
}

struct ShowTotals {
  std::vector<Forecast> forecasts;
  int deal_ins = 0;
  double forecast_sum = 0;
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

}  // namespace

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

std::string format_danger_table(const std::string& title, const std::vector<DiscardDanger>& dangers) {
  std::array<ShowTotals, kOpponentShows> shows;
  for (const DiscardDanger& d : dangers) {
    ShowTotals& totals = shows[static_cast<int>(d.show)];
    totals.forecasts.push_back(d.forecast);
    totals.deal_ins += d.forecast.happened ? 1 : 0;
    totals.forecast_sum += d.forecast.probability;
  }
  std::ostringstream out;
  out << title << "\n";
  out << "  opponent   pairs    deal-ins  forecast  observed  log loss\n";
  for (int s = 0; s < kOpponentShows; ++s) {
    const ShowTotals& t = shows[s];
    const double n = static_cast<double>(t.forecasts.size());
    out << fmt::format("  {:<8} {:7}  {:8}   {:.4f}    {:.4f}    {:.5f}\n", show_name(static_cast<OpponentShow>(s)),
                       t.forecasts.size(), t.deal_ins, n > 0 ? t.forecast_sum / n : 0.0, n > 0 ? t.deal_ins / n : 0.0,
                       n > 0 ? log_loss(t.forecasts) : 0.0);
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
  out << format_danger_table(fmt::format("MJ-0's deal-in forecasts on {} {} logs ({} samples, one discard in {})",
                                         whose, used, arguments.settings.samples, arguments.settings.every),
                             dangers);
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
  command->add_option("--mj0-seed", arguments->settings.seed, "MJ-0 seed of the first scored discard")->check(kSeedValidator);
  return {command, [arguments] { return danger_table_command(*arguments, std::cout, std::cerr); }};
}

}  // namespace tenbin::arena

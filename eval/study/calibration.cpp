#include "eval/study/calibration.hpp"

#include <array>
#include <iostream>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "bot/commands/seed_option.hpp"
#include "bot/mj0/tenpai_model.hpp"
#include "engine/table.hpp"
#include "eval/study/game_log.hpp"

namespace tenbin::arena {
namespace {

// MJ-0's deal-in probability of `kind` against each seat, as `table`'s seat sees it now.
std::array<double, 4> mj0_deal_in(const Table& table, int kind, const CalibrationSettings& settings,
                                  mj0::Sampler& sampler, std::uint64_t seed) {
  const mj0::Position position = tenpai_model::mj0_position(table);
  mj0::Settings sampling;
  sampling.samples = settings.samples;
  sampling.seed = seed;
  const mj0::Estimate& estimate = sampler.estimate(position, sampling);
  std::array<double, 4> deal_in{};
  for (const mj0::OpponentEstimate& opponent : estimate.opponents) {
    deal_in[opponent.seat] = opponent.tiles[kind].deal_in;
  }
  return deal_in;
}

ModelScore score_model(const std::string& name, const std::vector<Forecast>& forecasts) {
  int clipped_hits = 0;
  for (const Forecast& f : forecasts) clipped_hits += f.happened && f.probability < kClip ? 1 : 0;
  return {name, log_loss(forecasts), brier_score(forecasts), clipped_hits, reliability_table(forecasts)};
}

std::string fixed(double value, int decimals) { return fmt::format("{:.{}f}", value, decimals); }

void print_scores(std::ostringstream& out, const std::string& title, const std::vector<ModelScore>& scores) {
  out << title << "\n";
  out << "  model        log loss   Brier     deal-ins forecast below " << kClip << "\n";
  for (const ModelScore& s : scores) {
    out << fmt::format("  {:<11}  {:8.5f}  {:8.5f}  {}\n", s.model, s.log_loss, s.brier, s.clipped_hits);
  }
  for (const ModelScore& s : scores) {
    out << "  reliability, " << s.model << " (ten equal-count groups by forecast):\n";
    out << "    group      n   forecast range      mean forecast  observed\n";
    for (std::size_t i = 0; i < s.reliability.size(); ++i) {
      const ReliabilityBin& bin = s.reliability[i];
      out << fmt::format("    {:5} {:6}   {:.4f} - {:.4f}     {:.4f}         {:.4f} ({})\n", i + 1, bin.count, bin.low,
                         bin.high, bin.mean_forecast, bin.rate(), bin.happened);
    }
  }
}

}  // namespace

std::vector<RiichiDiscardCase> riichi_discard_cases(const std::vector<Event>& log, const CalibrationSettings& settings,
                                                    mj0::Sampler* sampler, long& discards) {
  std::array<Table, 4> tables{Table(0), Table(1), Table(2), Table(3)};
  std::vector<RiichiDiscardCase> cases;
  for (std::size_t i = 0; i < log.size(); ++i) {
    const Event& event = log[i];
    if (event.type == EventType::dahai && event.actor >= 0 && event.actor < 4) {
      const Table& view = tables[event.actor];
      std::vector<int> riichi;
      for (int seat = 0; seat < 4; ++seat) {
        if (seat != event.actor && view.player(seat).riichi) riichi.push_back(seat);
      }
      if (!riichi.empty()) {
        const int kind = event.pai.kind();
        const std::array<bool, 4> ron = ronned_by(log, i);
        std::array<double, 4> mj0{};
        if (settings.mj0 && sampler != nullptr) {
          mj0 = mj0_deal_in(view, kind, settings, *sampler, settings.seed + static_cast<std::uint64_t>(discards));
        }
        for (const int seat : riichi) {
          cases.push_back({discards, danger_category(view, seat, kind), mj0[seat], ron[seat]});
        }
        ++discards;
      }
    }
    for (int seat = 0; seat < 4; ++seat) tables[seat].apply(mask_event_for_seat(event, seat));
  }
  return cases;
}

CalibrationReport score_cases(const std::vector<RiichiDiscardCase>& fit, const std::vector<RiichiDiscardCase>& test) {
  CalibrationReport report;
  std::vector<CategoryOutcome> fit_data;
  for (const RiichiDiscardCase& c : fit) {
    fit_data.push_back({c.category, c.ron});
    report.fit_deal_ins += c.ron ? 1 : 0;
  }
  report.fit_pairs = static_cast<long>(fit.size());
  report.rates = fit_rule_rates(fit_data);

  const std::array<std::string, 3> names = {"MJ-0", "rule table", "uniform"};
  std::array<std::vector<Forecast>, 3> pairs;
  std::array<std::vector<Forecast>, 3> per_discard;
  // Per discard: the product of the per-seat misses, and whether any seat ronned.
  std::map<long, std::pair<std::array<double, 3>, bool>> discards;
  for (const RiichiDiscardCase& c : test) {
    const std::array<double, 3> p = {c.mj0, rule_table_probability(report.rates, c.category),
                                     uniform_probability(report.rates, c.category)};
    auto [entry, inserted] = discards.try_emplace(c.discard, std::array<double, 3>{1.0, 1.0, 1.0}, false);
    for (std::size_t m = 0; m < 3; ++m) {
      pairs[m].push_back({p[m], c.ron});
      entry->second.first[m] *= 1.0 - p[m];
    }
    entry->second.second = entry->second.second || c.ron;
    report.test_deal_ins += c.ron ? 1 : 0;
  }
  for (const auto& [discard, misses] : discards) {
    for (std::size_t m = 0; m < 3; ++m) per_discard[m].push_back({1.0 - misses.first[m], misses.second});
    report.test_discards_dealt_in += misses.second ? 1 : 0;
  }
  report.test_pairs = static_cast<long>(test.size());
  report.test_discards = static_cast<long>(discards.size());
  for (std::size_t m = 0; m < 3; ++m) {
    report.per_opponent.push_back(score_model(names[m], pairs[m]));
    report.per_discard.push_back(score_model(names[m], per_discard[m]));
  }
  return report;
}

std::string format_report(const CalibrationReport& report) {
  std::ostringstream out;
  out << "Calibration of deal-in forecasts against riichi\n";
  out << "fit logs: " << report.fit_logs << " (" << report.fit_pairs << " discard x riichi-seat pairs, "
      << report.fit_deal_ins << " deal-ins)\n";
  out << "test logs: " << report.test_logs << " (" << report.test_discards << " discards while an opponent was in riichi, "
      << report.test_discards_dealt_in << " dealt in; " << report.test_pairs << " pairs, " << report.test_deal_ins
      << " deal-ins)\n";
  out << "baseline rates fitted on the fit logs (deal-ins / pairs):\n";
  out << "  uniform (every non-genbutsu discard): " << fixed(report.rates.uniform, 4) << "\n";
  for (int c = 0; c < kDangerCategories; ++c) {
    const auto at = static_cast<std::size_t>(c);
    out << fmt::format("  {:<16} {:.4f}  ({} / {})\n", category_name(static_cast<DangerCategory>(c)),
                       report.rates.category[at], report.rates.happened[at], report.rates.samples[at]);
  }
  out << "(log loss in nats, forecasts clipped to [" << kClip << ", 1 - " << kClip << "])\n\n";
  print_scores(out, "Each discard against each riichi seat:", report.per_opponent);
  out << "\n";
  print_scores(out, "Each discard against all riichi seats (1 - prod(1 - p)):", report.per_discard);
  return out.str();
}

namespace {

struct CaseSet {
  std::vector<RiichiDiscardCase> cases;
  int logs = 0;
};

CaseSet cases_of(const std::vector<std::string>& inputs, const CalibrationSettings& settings, mj0::Sampler* sampler,
                 long& discards, std::ostream& errors, const char* what) {
  CaseSet set;
  const std::vector<std::string> logs = expand_log_inputs(inputs, errors);
  for (std::size_t i = 0; i < logs.size(); ++i) {
    try {
      auto cases = riichi_discard_cases(read_game_log(logs[i]), settings, sampler, discards);
      set.cases.insert(set.cases.end(), cases.begin(), cases.end());
      ++set.logs;
    } catch (const std::exception& error) {
      errors << logs[i] << ": skipped: " << error.what() << "\n";
    }
    errors << "\r" << what << ": " << (i + 1) << "/" << logs.size() << " logs" << std::flush;
  }
  errors << "\n";
  return set;
}

}  // namespace

int calibrate_command(const std::vector<std::string>& fit_inputs, const std::vector<std::string>& test_inputs,
                      const CalibrationSettings& settings, std::ostream& out, std::ostream& errors) {
  CalibrationSettings fit_settings = settings;
  fit_settings.mj0 = false;  // the baselines need only the categories
  long discards = 0;
  const CaseSet fit = cases_of(fit_inputs, fit_settings, nullptr, discards, errors, "fit logs");
  mj0::Sampler sampler;
  discards = 0;
  const CaseSet test = cases_of(test_inputs, settings, &sampler, discards, errors, "test logs");
  if (fit.logs == 0 || test.logs == 0) {
    errors << "calibrate: no usable " << (fit.logs == 0 ? "fit" : "test") << " log\n";
    return 1;
  }
  CalibrationReport report = score_cases(fit.cases, test.cases);
  report.fit_logs = fit.logs;
  report.test_logs = test.logs;
  out << format_report(report);
  return 0;
}


Subcommand add_calibrate_command(CLI::App& app) {
  struct CalibrateArguments {
    std::vector<std::string> fit;
    std::vector<std::string> test;
    CalibrationSettings settings;
  };
  auto arguments = std::make_shared<CalibrateArguments>();
  CLI::App* command = app.add_subcommand("calibrate", "deal-in forecasts against riichi: MJ-0 and two baselines");
  command->add_option("--fit", arguments->fit, "logs or match directories the baselines are fitted on")->required();
  command->add_option("--test", arguments->test, "logs or match directories every model is scored on")->required();
  command->add_option("--samples", arguments->settings.samples, "MJ-0 samples per discard")->check(CLI::Range(1, 100000000));
  command->add_option("--mj0-seed", arguments->settings.seed, "MJ-0 seed of the first discard")->check(kSeedValidator);
  return {command, [arguments] {
            return calibrate_command(arguments->fit, arguments->test, arguments->settings, std::cout, std::cerr);
          }};
}

}  // namespace tenbin::arena

#include "eval/study/wall_experiment.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <ostream>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "bot/commands/seed_option.hpp"
#include "bot/mj0/mj0.hpp"
#include "bot/mj0/tenpai_model.hpp"
#include "engine/rinshan_watch.hpp"
#include "engine/table.hpp"
#include "engine/wall.hpp"
#include "eval/match/match_dir.hpp"
#include "eval/study/game_log.hpp"

namespace tenbin::arena {
namespace {

// The weight of the j-th named place: 2 for the first two, 1 for the next five, then nothing.
double place_weight(int place) {
  if (place < kFirstNamed) return 2.0;
  return place < kNamed ? 1.0 : 0.0;
}

std::array<double, kNumKinds> mj0_wall(const Table& table, const WallSettings& settings, std::uint64_t seed,
                                       mj0::Sampler& sampler) {
  const mj0::Position position = tenpai_model::mj0_position(table);
  mj0::Settings sampling;
  sampling.samples = settings.samples;
  sampling.seed = seed;
  return sampler.estimate(position, sampling).wall;
}

// Follows one hand's live draws: the live wall left at any point, in the scheme's draw order.
class LiveDraws {
 public:
  void start(const Wall& wall, DrawOrder order, int dealer) {
    wall_ = wall;
    live_ = LiveWall(order, dealer);
    rinshan_ = RinshanWatch();
  }
  void on(const Event& event) {
    const bool rinshan = rinshan_.is_rinshan_draw(event);
    if (event.type != EventType::tsumo) return;
    if (rinshan) {
      live_.kan();
    } else {
      live_.draw(event.actor);
    }
  }
  int left() const { return live_.left(); }
  std::array<int, kNumKinds> copies() const {
    std::array<int, kNumKinds> copies{};
    for (const int position : live_.positions_left()) ++copies[wall_.at(position).kind()];
    return copies;
  }

 private:
  Wall wall_;
  LiveWall live_;
  RinshanWatch rinshan_;
};

}  // namespace

double naming_score(const std::array<double, kNumKinds>& value, const std::array<int, kNumKinds>& live_copies) {
  std::array<int, kNumKinds> order{};
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return value[a] > value[b]; });
  double score = 0.0;
  for (int begin = 0; begin < kNamed && begin < kNumKinds;) {
    int end = begin + 1;
    while (end < kNumKinds && value[order[end]] == value[order[begin]]) ++end;
    // Every kind of the tie group takes each of its places with equal probability.
    double weight = 0.0;
    for (int place = begin; place < end; ++place) weight += place_weight(place);
    weight /= end - begin;
    for (int i = begin; i < end; ++i) {
      const int copies = live_copies[order[i]];
      score += weight * (copies > 0 ? copies : -1);
    }
    begin = end;
  }
  return score;
}

std::vector<WallPosition> wall_positions(const std::vector<Event>& log, WallScheme scheme, std::uint64_t seed, std::uint64_t wall_game,
                                         const WallSettings& settings, std::uint64_t& position_counter) {
  std::array<Table, 4> tables{Table(0), Table(1), Table(2), Table(3)};
  std::vector<WallPosition> positions;
  mj0::Sampler sampler;
  LiveDraws live;
  std::array<bool, 4> taken{};
  HandCounter hands;
  int hand = -1;  // the current hand's index
  for (const Event& event : log) {
    if (event.type == EventType::start_kyoku) {
      const HandOfGame key = hands.next(event);
      hand = key.index;
      const Wall wall = Wall::generate(scheme, seed, wall_game, key);
      for (int seat = 0; seat < 4; ++seat) {
        auto dealt = wall.deal((seat - event.oya + 4) % 4);
        auto tehai = event.tehais[seat];
        std::sort(dealt.begin(), dealt.end());
        std::sort(tehai.begin(), tehai.end());
        if (tehai != dealt) {
          throw std::runtime_error("hand " + std::to_string(hand) + ": the deal is not the match's wall");
        }
      }
      live.start(wall, draw_order(scheme), event.oya);
      taken = {};
    }
    live.on(event);
    for (int seat = 0; seat < 4; ++seat) tables[seat].apply(mask_event_for_seat(event, seat));
    if (event.type != EventType::tsumo) continue;
    const Table& table = tables[event.actor];
    const int left = table.tiles_left();
    if (taken[event.actor] || table.decision() != Decision::own_draw || left > settings.max_live || left <= 0) continue;
    if (live.left() != left) {
      throw std::runtime_error("hand " + std::to_string(hand) + ": the live draws do not add up");
    }
    taken[event.actor] = true;
    const std::array<int, kNumKinds> copies = live.copies();
    std::array<double, kNumKinds> unseen{};
    const TileCounts visible = table.visible();
    for (int kind = 0; kind < kNumKinds; ++kind) unseen[kind] = kCopiesPerKind - visible[kind];
    const auto estimate = mj0_wall(table, settings, settings.seed + position_counter++, sampler);
    positions.push_back({naming_score(estimate, copies), naming_score(unseen, copies), left});
  }
  return positions;
}

MeanAndError mean_and_error(const std::vector<double>& values) {
  MeanAndError result;
  const double n = static_cast<double>(values.size());
  if (values.empty()) return result;
  result.mean = std::accumulate(values.begin(), values.end(), 0.0) / n;
  if (values.size() < 2) return result;
  double squares = 0.0;
  for (const double v : values) squares += (v - result.mean) * (v - result.mean);
  result.std_error = std::sqrt(squares / (n - 1) / n);
  return result;
}

int wall_experiment_command(const std::vector<std::string>& dirs, const WallSettings& settings, std::ostream& out,
                            std::ostream& errors) {
  std::vector<double> mj0;
  std::vector<double> unseen;
  std::vector<double> difference;
  long live_sum = 0;
  int games = 0;
  std::uint64_t counter = 0;
  for (const std::string& dir : dirs) {
    const MatchDir match(dir);
    MatchMeta meta;
    try {
      meta = match.read_meta();
    } catch (const std::exception& error) {
      errors << error.what() << "\n";
      continue;
    }
    const std::map<int, GameResult> results = match.read_results(meta.duplicate);
    std::size_t read = 0;
    for (const auto& [game, result] : results) {
      const std::string log = match.log_path(game);
      try {
        for (const WallPosition& p : wall_positions(read_game_log(log), meta.wall_scheme, meta.seed, result.wall_game, settings, counter)) {
          mj0.push_back(p.mj0);
          unseen.push_back(p.unseen);
          difference.push_back(p.mj0 - p.unseen);
          live_sum += p.live_tiles;
        }
        ++games;
      } catch (const std::exception& error) {
        errors << log << ": skipped: " << error.what() << "\n";
      }
      errors << "\rwall experiment: " << dir << " " << ++read << "/" << results.size() << " games" << std::flush;
    }
    errors << "\n";
  }
  if (mj0.empty()) {
    errors << "wall-experiment: no position to score\n";
    return 1;
  }
  const auto line = [&](const char* name, const MeanAndError& m) {
    out << fmt::format("  {:<28} {:+7.3f} +- {:.3f}\n", name, m.mean, m.std_error);
  };
  out << "Wall experiment: name 2 kinds, then 5 more, most likely left in the live wall\n";
  out << "positions: " << mj0.size() << " from " << games << " games (each seat's first own draw with at most "
      << settings.max_live << " live tiles left; mean live tiles "
      << (static_cast<double>(live_sum) / static_cast<double>(mj0.size())) << ")\n";
  out << "mean score per position (+- standard error):\n";
  line("MJ-0 wall estimate", mean_and_error(mj0));
  line("unseen count", mean_and_error(unseen));
  line("MJ-0 minus unseen (paired)", mean_and_error(difference));
  return 0;
}


Subcommand add_wall_experiment_command(CLI::App& app) {
  struct WallArguments {
    std::vector<std::string> dirs;
    WallSettings settings;
  };
  auto arguments = std::make_shared<WallArguments>();
  CLI::App* command = app.add_subcommand("wall-experiment", "name the kinds left in the live wall: MJ-0 vs unseen count");
  command->add_option("dirs", arguments->dirs, "match directories (their seed gives the walls)")->required();
  command->add_option("--samples", arguments->settings.samples, "MJ-0 samples per position")->check(CLI::Range(1, 100000000));
  command->add_option("--max-live", arguments->settings.max_live, "positions: at most this many live tiles left")
      ->check(CLI::Range(1, 70));
  command->add_option("--mj0-seed", arguments->settings.seed, "MJ-0 seed of the first position")
      ->check(kSeedValidator);
  return {command, [arguments] {
            return wall_experiment_command(arguments->dirs, arguments->settings, std::cout, std::cerr);
          }};
}

}  // namespace tenbin::arena

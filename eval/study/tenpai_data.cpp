#include "eval/study/tenpai_data.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <iostream>
#include <memory>
#include <ostream>

#include <CLI/CLI.hpp>

#include "engine/shanten.hpp"
#include "engine/table.hpp"
#include "eval/study/game_log.hpp"

namespace tenbin::arena {
namespace {

// The kinds a discarder keeps, facing a riichi, that are not safe against every riichi standing
// (its table before the discard; the thrown kind left out).
std::array<bool, kNumKinds> unsafe_kept(const Table& before, int seat, int thrown) {
  std::array<bool, kNumKinds> unsafe{};
  if (!before.faces_riichi(seat)) return unsafe;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    unsafe[kind] = kind != thrown && before.hand()[kind] > 0 && !before.genbutsu(seat, kind);
  }
  return unsafe;
}

// Of those kinds, the ones safe now (its table before its next discard).
int turned_safe(const Table& before, int seat, const std::array<bool, kNumKinds>& kinds) {
  int safe = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) safe += kinds[kind] && before.genbutsu(seat, kind) ? 1 : 0;
  return safe;
}

struct UnsafeKept {
  std::size_t sample = 0;
  std::array<bool, kNumKinds> kinds{};
};

}  // namespace

std::vector<TenpaiSample> tenpai_samples(const std::vector<Event>& events) {
  std::array<Table, 4> tables{Table(0), Table(1), Table(2), Table(3)};
  std::vector<TenpaiSample> samples;
  // Per seat: its last sample's kinds kept unsafe, waiting for its next discard.
  std::array<std::optional<UnsafeKept>, 4> pending;
  int hand = -1;
  for (const Event& event : events) {
    if (event.type == EventType::start_kyoku) {
      ++hand;
      pending = {};
    }
    // Riichi decided before the discard: the model answers 1, nothing to learn.
    const bool in_riichi = event.type == EventType::dahai && tables[event.actor].player(event.actor).riichi_declared;
    bool genbutsu_held = false;
    bool genbutsu = false;
    std::array<bool, kNumKinds> unsafe{};
    bool own_open = false;
    int opponent_calls = 0;
    if (event.type == EventType::dahai) {
      const Table& before = tables[event.actor];
      own_open = !before.player(event.actor).closed();
      opponent_calls = before.most_calls_facing(event.actor);
      if (pending[event.actor]) {
        samples[pending[event.actor]->sample].turned_safe = turned_safe(before, event.actor, pending[event.actor]->kinds);
        pending[event.actor].reset();
      }
      for (int kind = 0; kind < kNumKinds && !genbutsu_held; ++kind) {
        genbutsu_held = before.hand()[kind] > 0 && before.genbutsu(event.actor, kind);
      }
      genbutsu = before.genbutsu(event.actor, event.pai.kind());
      unsafe = unsafe_kept(before, event.actor, event.pai.kind());
    }
    for (int seat = 0; seat < 4; ++seat) tables[seat].apply(mask_event_for_seat(event, seat));
    if (event.type != EventType::dahai || in_riichi) continue;
    const int seat = event.actor;
    const Table& opponent = tables[(seat + 1) % 4];
    const int real_shanten = shanten(tables[seat].hand());
    bool facing_riichi = false;
    for (int other = 0; other < 4; ++other) {
      facing_riichi = facing_riichi || (other != seat && tables[seat].player(other).riichi_declared);
    }
    TenpaiSample sample{seat, tenpai_model::features_of(opponent, seat), real_shanten == 0, hand, real_shanten, facing_riichi,
                        genbutsu_held, genbutsu};
    sample.unsafe_kinds = static_cast<int>(std::count(unsafe.begin(), unsafe.end(), true));
    sample.own_open = own_open;
    sample.opponent_calls = opponent_calls;
    if (sample.unsafe_kinds > 0) pending[seat] = UnsafeKept{samples.size(), unsafe};
    samples.push_back(sample);
  }
  return samples;
}

int write_tenpai_data(const std::vector<std::string>& inputs, std::ostream& out, std::ostream& errors) {
  const std::vector<std::string> logs = expand_log_inputs(inputs, errors);
  out << "log,seat,discards,open_melds,recent_discards,recent_tsumogiri,late_middle,tenpai,hand,shanten,facing_riichi,"
         "genbutsu_held,genbutsu,unsafe_kinds,turned_safe,own_open,opponent_calls\n";
  int read = 0;
  for (std::size_t index = 0; index < logs.size(); ++index) {
    std::vector<TenpaiSample> samples;
    try {
      samples = tenpai_samples(read_game_log(logs[index]));
    } catch (const std::exception& error) {
      errors << logs[index] << ": skipped: " << error.what() << "\n";
      continue;
    }
    ++read;
    for (const TenpaiSample& sample : samples) {
      const auto& f = sample.features;
      out << index << ',' << sample.seat << ',' << f.discards << ',' << f.open_melds << ',' << f.recent_discards << ','
          << f.recent_tsumogiri << ',' << f.late_middle << ',' << (sample.tenpai ? 1 : 0) << ','
          << sample.hand << ',' << sample.shanten << ',' << (sample.facing_riichi ? 1 : 0) << ','
          << (sample.genbutsu_held ? 1 : 0) << ',' << (sample.genbutsu ? 1 : 0) << ',' << sample.unsafe_kinds << ','
          << sample.turned_safe << ',' << (sample.own_open ? 1 : 0) << ',' << sample.opponent_calls << '\n';
    }
  }
  return read > 0 ? 0 : 1;
}


Subcommand add_tenpai_data_command(CLI::App& app) {
  auto inputs = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand("tenpai-data", "labelled discards for the tenpai model's fit, as CSV");
  command->add_option("inputs", *inputs, "full game logs or match directories")->required();
  return {command, [inputs] { return write_tenpai_data(*inputs, std::cout, std::cerr); }};
}

}  // namespace tenbin::arena

// The data the tenpai model is fitted on: every discard in full arena logs, labelled with
// whether the discarder's hand was really tenpai after it.
//
// Each log is replayed through four tables, one per seat, each fed its own masked view (as the
// bots saw the game). After each discard by a seat that has not declared riichi, the features are
// read from the next seat's table (what an opponent sees) and the label from the discarder's own
// table: shanten 0 (engine/shanten, every form); the genbutsu columns from its table before the
// discard, and the kinds turned safe from its table before its next discard.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "bot/commands/subcommand.hpp"
#include "bot/mj0/tenpai_model.hpp"
#include "engine/mjai.hpp"

namespace tenbin::arena {

struct TenpaiSample {
  int seat = 0;
  tenpai_model::Features features;
  bool tenpai = false;
  int hand = 0;                // the hand's number in the log, from 0
  int shanten = 0;             // the discarder's real shanten after the discard
  bool facing_riichi = false;  // another seat had declared riichi before this discard
  // Facing a riichi (engine/table's genbutsu): whether the discarder held a kind safe against
  // every riichi standing, and whether the tile it threw was one.
  bool genbutsu_held = false;
  bool genbutsu = false;
  // How the rivers supply a fold: the kinds the discarder keeps that are not safe against every
  // riichi standing (the thrown kind left out: its own discard makes it safe), and how many of
  // them are safe at its next discard of the hand (-1: none came).
  int unsafe_kinds = 0;
  int turned_safe = -1;
  // Before the discard: whether the discarder's hand was open, and the most calls made by
  // another seat (what it faced from the open hands).
  bool own_open = false;
  int opponent_calls = 0;
};

// The labelled discards of one full log; throws TableError (from engine/table) when the log
// contradicts itself.
std::vector<TenpaiSample> tenpai_samples(const std::vector<Event>& events);

// `tenbin-arena tenpai-data`: the samples of every log given (files, or match directories for
// all their logs) as CSV on `out`, one line per discard, with a header; the `log` column numbers
// the logs in the order read (the fit splits by it). Unreadable logs are reported on `errors`
// and skipped. Returns 0, or 1 when no log could be read.
int write_tenpai_data(const std::vector<std::string>& inputs, std::ostream& out, std::ostream& errors);

// `tenbin-arena tenpai-data IN...`.
Subcommand add_tenpai_data_command(CLI::App& app);

}  // namespace tenbin::arena

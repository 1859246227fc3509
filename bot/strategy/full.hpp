// The `full` strategy: every action priced in one currency. For each candidate (a discard, a
// riichi, a call or a pass, a kan, a win) the DP values our hand draw by draw (bot/dp) with the
// wall as MJ-0 estimates it, MJ-0 prices the danger of each tile (bot/mj0), the race between us
// and the opponents cuts both short (bot/strategy/line, threat), and in the last hand of the match
// the outcomes are priced in rank points (bot/strategy/placement). Every tunable is a field of
// FullParams (bot/strategy/full_params.hpp). docs/full.md gives the model.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

#include "bot/dp/dp.hpp"
#include "bot/mj0/mj0.hpp"
#include "bot/strategy/full_params.hpp"
#include "bot/strategy/line.hpp"
#include "bot/strategy/placement.hpp"
#include "bot/strategy/policy.hpp"

namespace tenbin {

struct FullSettings {
  // Work allowed per decision: fewer MJ-0 samples and fewer DP options on hard hands when small.
  // The plan is fixed by the budget (not by a clock), so decisions stay deterministic.
  int budget_ms = 1000;
  RankPoints rank_points = kTenhouRankPoints;
  std::uint64_t seed = 1;
  // The parts, each of which can be switched off to measure its worth:
  bool danger = true;         // MJ-0 (else every tile an opponent has not discarded equally dangerous)
  bool dp = true;             // the DP (else the hand's ukeire counted as a chance per draw)
  bool placement = true;      // rank points (else expected points throughout)
  bool wall_estimate = true;  // the DP draws from MJ-0's wall (else from the flat unseen counts)
  MatchLength match = MatchLength::hanchan;  // which hand is the last, for placement
  FullParams params;
};

// The strategy names of the ablations: "full-no-danger", "full-no-dp", "full-no-placement",
// "full-flat-wall" switch one part off. Throws std::invalid_argument for another name.
FullSettings full_settings_for(std::string_view strategy, FullSettings base = {});

// What the work plan of a decision is under a budget. The plan is sized to finish well inside
// it; on a machine too loaded for that, deadlines bound the time: MJ-0's sampling stops at one
// share of the budget, and after another no further DP is started (the ukeire stand-in values
// the rest). They never act on a machine that keeps up, so replies stay reproducible there.
struct WorkPlan {
  int samples = 2000;         // MJ-0 joint draws
  int scored_samples = 500;   // per opponent, for the expected loss
  int shanten_back_up_to = 2;  // the DP considers shanten-back up to this shanten
  int hand_change_up_to = 2;   // and hand changes up to this one
  dp::ClosedHandCalls closed_hand_calls = dp::ClosedHandCalls::none;  // which calls a closed hand's DP counts (FullParams)
  bool lay_down_calls = false;  // and whether such a call lays its meld down (FullParams)
  double sampling_deadline_share = 0.4;
  double dp_deadline_share = 0.7;
  dp::Options options_for(int shanten) const;
  int budget_ms = 1000;
  // The time `share` of the budget after `started`.
  std::chrono::steady_clock::time_point deadline(std::chrono::steady_clock::time_point started, double share) const {
    return started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double, std::milli>(budget_ms * share));
  }
};
WorkPlan plan_for_budget(int budget_ms, const FullParams& params = kDefaultFullParams);

class FullPolicy final : public Policy {
 public:
  explicit FullPolicy(FullSettings settings = {}, std::string name = "full");
  ~FullPolicy() override;
  std::string_view name() const override { return name_; }
  Action choose(const Table& table, std::span<const Action> legal) override;
  // The last decision's candidates, and the parameters in force.
  nlohmann::json explanation() const override;
  nlohmann::json tunables() const override;
  void set_budget_ms(int budget_ms) override { settings_.budget_ms = budget_ms; }

  // One priced candidate, as --meta shows it.
  struct Priced {
    Action action;
    double win_prob = 0;       // the line's win odds (after this discard's own risk)
    double exp_score = 0;      // expected points of those wins
    double deal_in_prob = 0;   // this discard's own deal-in odds
    double expected_loss = 0;  // and its expected points lost
    bool folds = false;        // the better line from here is to fold
    // Each line's value in points from after this action (before its own risk); no fold value
    // where the hand cannot fold (a riichi).
    double push_value = 0;
    std::optional<double> fold_value;
    // The push line's win odds and later deal-in odds, and the fold line's later deal-in odds
    // (from after this action), so that a study can set them against what happened.
    double push_win_prob = 0;
    double push_deal_in_prob = 0;
    std::optional<double> fold_deal_in_prob;
    double value = 0;          // expected points of the whole line
    double rank_value = 0;     // expected rank points (with placement), else = value
    // The hand's progress after a discard, which decides between candidates of about equal
    // value: shanten, the push line's win odds in tenths of a percent (with
    // FullParams::progress_by_win_odds, else 0), ukeire (copies not seen), the greedy keep order
    // of the tile. A kan, a call and its pass (unless FullParams::calls_tie_by_progress) and a
    // riichi declaration (unless FullParams::riichi_ties_as_its_discard) have none
    // (Progress::kNone). A candidate's known shanten is shown in --meta.
    struct Progress {
      static constexpr int kNone = 9;  // no hand after it to measure: behind every discard
      int shanten = kNone;
      int win_permille = 0;
      int ukeire = 0;
      int keep = 0;
      bool known() const { return shanten < kNone; }
    };
    Progress progress;
  };

 private:
  struct Decision;
  Action choose_on_draw(Decision& d, std::span<const Action> legal);
  Action choose_claim(Decision& d, std::span<const Action> legal);
  Action choose_discard(Decision& d, std::span<const Action> legal, bool after_riichi);
  void estimate_threat(Decision& d, std::chrono::steady_clock::time_point started);

  FullSettings settings_;
  FullParams params_in_force_;  // the last decision's: the settings' as its table read them
  std::string name_;
  dp::Solver solver_;
  mj0::Sampler sampler_;
  nlohmann::json explanation_;
  std::optional<Tile> riichi_discard_;  // the discard chosen with our reach
};

}  // namespace tenbin

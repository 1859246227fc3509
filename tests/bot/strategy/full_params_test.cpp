// full's tunables (bot/strategy/full_params): every one listed, each settable by name and read back,
// and every bad assignment refused with its reason.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "bot/strategy/full_params.hpp"

namespace tenbin {
namespace {

TEST(FullParams, ListsEachOnceWithANote) {
  const std::vector<ParamListing> listing = list_params(kDefaultFullParams);
  std::set<std::string> names;
  for (const ParamListing& param : listing) {
    EXPECT_TRUE(names.insert(param.name).second) << param.name << " listed twice";
    EXPECT_FALSE(param.note.empty()) << param.name;
    EXPECT_FALSE(param.value.empty()) << param.name;
  }
  EXPECT_GE(listing.size(), 40u);
  EXPECT_TRUE(names.count("riichi_ron_chances"));
  EXPECT_TRUE(names.count("mj0_caller_triplet_weight"));
}

// Setting each parameter to the value it lists leaves the defaults unchanged, field by field.
TEST(FullParams, EveryListedValueSetsBackToItself) {
  FullParams params;
  for (const ParamListing& param : list_params(kDefaultFullParams)) set_param(params, param.name + "=" + param.value);
  EXPECT_EQ(params_json(params), params_json(kDefaultFullParams));
}

TEST(FullParams, SetsScalarsAndTables) {
  FullParams params;
  set_param(params, "riichi_ron_chances=1.25");
  set_param(params, "fold_horizon=7");
  set_param(params, "tenpai_by_turn=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0.5");
  EXPECT_DOUBLE_EQ(params.riichi_ron_chances, 1.25);
  EXPECT_EQ(params.fold_horizon, 7);
  EXPECT_DOUBLE_EQ(params.tenpai_by_turn.back(), 0.5);
  EXPECT_DOUBLE_EQ(params.tenpai_by_turn.front(), 0);
  set_param(params, "mj0_caller_run_weight=3");
  EXPECT_EQ(params.modes.caller_run_weight, 3);
  EXPECT_EQ(params_json(params)["fold_horizon"], 7);
}

// A switch takes true or false, or 1 or 0, and lists and writes itself as a boolean.
TEST(FullParams, SetsSwitches) {
  FullParams params;
  set_param(params, "calls_that_fold=true");
  EXPECT_TRUE(params.calls_that_fold);
  EXPECT_EQ(params_json(params)["calls_that_fold"], true);
  set_param(params, "calls_that_fold=0");
  EXPECT_FALSE(params.calls_that_fold);
  set_param(params, "calls_that_fold=1");
  EXPECT_TRUE(params.calls_that_fold);
  set_param(params, "calls_that_fold=false");
  EXPECT_FALSE(params.calls_that_fold);
  int listed = 0;
  for (const ParamListing& param : list_params(params)) {
    if (param.name != "calls_that_fold") continue;
    EXPECT_EQ(param.value, "false");
    ++listed;
  }
  EXPECT_EQ(listed, 1);
}

TEST(FullParams, RefusesBadAssignments) {
  FullParams params;
  const auto refused = [&](const std::string& assignment, const std::string& reason) {
    try {
      set_param(params, assignment);
      ADD_FAILURE() << assignment << " was accepted";
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find(reason), std::string::npos) << error.what();
    }
  };
  refused("no_such_knob=1", "no parameter \"no_such_knob\"");
  refused("riichi_ron_chances", "NAME=VALUE");
  refused("riichi_ron_chances=fast", "not a number");
  refused("riichi_ron_chances=1.5x", "not a number");
  refused("fold_horizon=2.5", "not an integer");
  refused("fold_horizon=-1", "out of range");
  refused("riichi_ron_chances=nan", "out of range");
  refused("discard_call_weight=1.5", "a weight, 0 to 1");
  refused("claim_call_weight=1.01", "a weight, 0 to 1");
  refused("tenpai_by_turn=0.1,0.2", "2 values given, 21 expected");
  refused("calls_that_fold=2", "not true or false");
  refused("calls_that_fold=yes", "not true or false");
  EXPECT_EQ(params_json(params), params_json(kDefaultFullParams));  // nothing half-set
}

}  // namespace
}  // namespace tenbin

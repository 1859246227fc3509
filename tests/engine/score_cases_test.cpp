// Worked scoring examples: every case in tests/fixtures/score_cases_*.jsonl was derived by hand
// from the rules (its "note" shows the derivation) and is checked here against `tenbin score`'s
// request handler: han, fu, yakuman, the yaku list (as a set), points, limit, payment, pao and
// deltas, or the expected error.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bot/commands/calc_commands.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

struct ScoreCase {
  std::string file;
  int line = 0;
  json data;
};

std::vector<ScoreCase> load_cases() {
  std::vector<ScoreCase> cases;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(TENBIN_FIXTURES_DIR)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("score_cases_", 0) == 0 && entry.path().extension() == ".jsonl") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    std::ifstream in(path);
    std::string text;
    int line = 0;
    while (std::getline(in, text)) {
      ++line;
      if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
      cases.push_back({path.filename().string(), line, json::parse(text)});
    }
  }
  return cases;
}

const std::vector<ScoreCase>& all_cases() {
  static const std::vector<ScoreCase> cases = load_cases();
  return cases;
}

std::multiset<std::pair<std::string, int>> yaku_set(const json& list) {
  std::multiset<std::pair<std::string, int>> set;
  for (const json& entry : list) {
    const int value = entry.contains("yakuman") ? 100 * entry.at("yakuman").get<int>()
                                                : entry.at("han").get<int>();
    set.emplace(entry.at("name").get<std::string>(), value);
  }
  return set;
}

class ScoreCases : public ::testing::TestWithParam<std::size_t> {};

TEST_P(ScoreCases, MatchesWorkedExample) {
  const ScoreCase& c = all_cases()[GetParam()];
  const json& expect = c.data.at("expect");
  SCOPED_TRACE(c.file + ":" + std::to_string(c.line) + " " + c.data.value("name", "") + " -- " +
               c.data.value("note", ""));
  json got;
  std::string error;
  try {
    got = score_request(c.data.at("input"));
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (expect.contains("error")) {
    const std::string phrase = expect.at("error").get<std::string>();
    EXPECT_NE(error.find(phrase), std::string::npos)
        << "expected an error containing \"" << phrase << "\", got " << (error.empty() ? got.dump() : error);
    return;
  }
  ASSERT_TRUE(error.empty()) << error;
  for (const char* field : {"han", "fu", "yakuman", "points", "limit", "payment", "pao", "deltas"}) {
    if (expect.contains(field)) {
      EXPECT_EQ(got.at(field), expect.at(field)) << field;
    }
  }
  if (expect.contains("yaku")) {
    EXPECT_EQ(yaku_set(got.at("yaku")), yaku_set(expect.at("yaku")))
        << "got " << got.at("yaku").dump();
  }
}

std::string case_name(const ::testing::TestParamInfo<std::size_t>& info) {
  std::string name = all_cases()[info.param].data.value("name", "case");
  std::replace_if(name.begin(), name.end(), [](char ch) { return !std::isalnum(static_cast<unsigned char>(ch)); }, '_');
  return name + "_" + std::to_string(info.param);
}

std::vector<std::size_t> case_indices() {
  std::vector<std::size_t> indices(all_cases().size());
  for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = i;
  return indices;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, ScoreCases, ::testing::ValuesIn(case_indices()), case_name);

TEST(ScoreFixtures, AtLeastTwoHundredWorkedExamples) { EXPECT_GE(all_cases().size(), 200u); }

}  // namespace
}  // namespace tenbin

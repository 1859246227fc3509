// The test programs' main: GoogleTest's, with one listener added. When a fixture's SetUpTestSuite
// fails, GoogleTest marks each of its tests skipped, and ctest (whose GoogleTest discovery counts
// "[  SKIPPED ]" as a skip whatever the exit code) would then report the suite as passing. The
// listener stops the program at the first such test, before it is marked, so the test fails.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

namespace {

class FailedSetUpStops : public testing::EmptyTestEventListener {
  void OnTestStart(const testing::TestInfo& info) override {
    const testing::TestSuite* suite = testing::UnitTest::GetInstance()->current_test_suite();
    if (suite == nullptr || !suite->ad_hoc_test_result().Failed()) return;
    std::printf("%s.%s: the suite's SetUpTestSuite failed (above); the test fails\n", info.test_suite_name(),
                info.name());
    std::fflush(stdout);
    std::_Exit(1);
  }
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  testing::UnitTest::GetInstance()->listeners().Append(new FailedSetUpStops);
  return RUN_ALL_TESTS();
}

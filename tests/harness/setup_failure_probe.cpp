// A probe for tests/harness/test_main.cpp, run by setup_failure_test.sh: one suite whose
// SetUpTestSuite fails, one test that skips itself, one that passes.
#include <gtest/gtest.h>

namespace {

class BrokenSetUp : public testing::Test {
 protected:
  static void SetUpTestSuite() { ASSERT_TRUE(false) << "the suite's data could not be made"; }
};

TEST_F(BrokenSetUp, WouldPass) { EXPECT_EQ(1, 1); }

TEST(Probe, SkipsItself) { GTEST_SKIP() << "an optional tool is missing"; }

TEST(Probe, Passes) { EXPECT_EQ(2, 2); }

}  // namespace

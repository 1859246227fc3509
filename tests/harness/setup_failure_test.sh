#!/bin/sh
# A suite whose SetUpTestSuite fails makes its tests fail (exit status not 0, never reported
# "[  SKIPPED ]", which ctest would count as a skip); a test that skips itself still skips, and
# the others pass. $1: the probe program (tests/harness/setup_failure_probe.cpp).
probe=$1
fail() { echo "setup_failure_test: $*" >&2; exit 1; }

out=$("$probe" --gtest_filter='BrokenSetUp.*' 2>&1) && fail "a failed SetUpTestSuite exited 0: $out"
echo "$out" | grep -q 'SetUpTestSuite failed' || fail "no word of the failed set-up: $out"
echo "$out" | grep -q 'SKIPPED' && fail "the broken suite's test was reported skipped: $out"

out=$("$probe" --gtest_filter='Probe.SkipsItself' 2>&1) || fail "a self-skipping test exited non-zero: $out"
echo "$out" | grep -q '\[  SKIPPED \] Probe.SkipsItself' || fail "the self-skipping test was not skipped: $out"

out=$("$probe" --gtest_filter='Probe.Passes' 2>&1) || fail "a passing test failed: $out"
echo "$out" | grep -q '\[       OK \] Probe.Passes' || fail "the passing test did not pass: $out"
echo "setup_failure_test: ok"

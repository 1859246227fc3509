// libFuzzer target: the checks of fuzz/match_dir_check.hpp on arbitrary bytes; a broken check
// stops the fuzzer with its message.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <spdlog/spdlog.h>

#include "fuzz/match_dir_check.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    tenbin::fuzz::check_match_dir_input({data, size});
  } catch (const tenbin::fuzz::MatchCheckFailure& failure) {
    std::fprintf(stderr, "match_dir_fuzz: %s\n", failure.what());
    std::abort();
  }
  return 0;
}

// libFuzzer target: the checks of fuzz/mjai_bot_check.hpp on arbitrary bytes; a broken check
// stops the fuzzer with its message.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>

#include <spdlog/spdlog.h>

#include "fuzz/mjai_bot_check.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    tenbin::fuzz::check_mjai_input({data, size});
  } catch (const tenbin::fuzz::CheckFailure& failure) {
    std::fprintf(stderr, "mjai_bot_fuzz: %s\n", failure.what());
    std::abort();
  }
  return 0;
}

// libFuzzer target: arbitrary bytes as a server's lines to the TCP client's session (the checks of
// fuzz/mjai_bot_check.hpp); a broken check stops the fuzzer with its message.
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
    tenbin::fuzz::check_tcp_input({data, size});
  } catch (const tenbin::fuzz::CheckFailure& failure) {
    std::fprintf(stderr, "tcp_client_fuzz: %s\n", failure.what());
    std::abort();
  }
  return 0;
}

// A seed on the command line, read exactly: decimal digits naming 0..2^64-1. CLI11 reads an
// unsigned option with strtoull, which saturates past 2^64-1, wraps a minus sign around and
// takes 010 as octal; this check refuses all of those (a usage error naming the option).
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "engine/exact_integer.hpp"

namespace tenbin {

inline const CLI::Validator kSeedValidator(
    [](std::string& value) {
      const bool leading_zero = value.size() > 1 && value[0] == '0';
      if (exact_unsigned(value) && !leading_zero) return std::string();
      return "must be a decimal integer 0..18446744073709551615 without leading zeros, not " + value;
    },
    "SEED");

}  // namespace tenbin

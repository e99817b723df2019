// The kernel ABI's names: specialised kernels' symbol suffixes.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "tessera/functions/kernel_abi.hpp"

using namespace tessera::fn;

namespace {

const ArgSpec kArgs[] = {{"part", SqlType::Int64, true, {}}, {"date", SqlType::Date, false, {}}};
const FunctionSpec kSpec{.sql_name = "F",
                         .kernel = "f",
                         .result = SqlType::Int32,
                         .args = kArgs,
                         .nulls = NullRule::Propagate,
                         .uses_context = false,
                         .max_length = nullptr,
                         .summary = {},
                         .symbol = {},
                         .invoke = nullptr,
                         .c_signature = {}};

std::string suffix(int64_t value, bool default_context = false) {
  return specialization_suffix(kSpec, Specialization{{{0, value}}, default_context});
}

}  // namespace

TEST(KernelAbi, SpecializationSuffixNamesTheArgumentAndValue) {
  EXPECT_EQ(suffix(0), "__part_0");
  EXPECT_EQ(suffix(7, true), "__part_7__ctx");
  EXPECT_EQ(suffix(-3), "__part_m3");
  EXPECT_EQ(specialization_suffix(kSpec, Specialization{{}, true}), "__ctx");
}

// -INT64_MIN does not exist in int64_t (UBSan: "negation of -9223372036854775808"); the magnitude is
// computed in uint64_t.
TEST(KernelAbi, SpecializationSuffixOfTheInt64Extremes) {
  EXPECT_EQ(suffix(std::numeric_limits<int64_t>::min()), "__part_m9223372036854775808");
  EXPECT_EQ(suffix(std::numeric_limits<int64_t>::max()), "__part_9223372036854775807");
  EXPECT_EQ(suffix(std::numeric_limits<int64_t>::min() + 1), "__part_m9223372036854775807");
}

// The registry's invariants: unique kernels, C signatures that match the ABI
// rules, a length rule for every string result.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tessera/functions/calendar.hpp"
#include "tessera/functions/registry.hpp"
#include "tessera/functions/status.hpp"

using namespace tessera::fn;

TEST(Registry, KernelsAreUniqueAndSignaturesMatchTheAbi) {
  std::set<std::string_view> kernels;
  for (const FunctionSpec& f : all_functions()) {
    SCOPED_TRACE(std::string(f.kernel));
    EXPECT_TRUE(kernels.insert(f.kernel).second) << "duplicate kernel id";
    EXPECT_EQ(expected_c_signature(f), f.c_signature);
    EXPECT_FALSE(f.sql_name.empty());
    EXPECT_TRUE(f.symbol.starts_with("tsf_"));
    EXPECT_NE(f.invoke, nullptr);
    EXPECT_LE(f.args.size(), size_t(kMaxArgs));
    if (f.result == SqlType::String) EXPECT_NE(f.max_length, nullptr) << "string result needs a length rule";
  }
}

TEST(Registry, FindKernel) {
  ASSERT_NE(find_kernel("year"), nullptr);
  EXPECT_EQ(find_kernel("year")->sql_name, "YEAR");
  EXPECT_EQ(find_kernel("no_such_kernel"), nullptr);
}

// A result that fits where its first argument lies: the named rule, or a user rule adding nothing to it.
TEST(Registry, RecognisesResultsThatFitTheirFirstArgument) {
  for (const char* k : {"lower", "upper", "ltrim", "rtrim", "reverse"}) {
    ASSERT_NE(find_kernel(k), nullptr) << k;
    EXPECT_TRUE(result_fits_first_argument(*find_kernel(k))) << k;
  }
  for (const char* k : {"left", "replace", "year", "concat_2"}) {
    ASSERT_NE(find_kernel(k), nullptr) << k;
    EXPECT_FALSE(result_fits_first_argument(*find_kernel(k))) << k;
  }
  static constexpr ArgSpec kS[] = {{"s", SqlType::String}};
  static constexpr ArgSpec kSS[] = {{"a", SqlType::String}, {"b", SqlType::String}};
  static constexpr int32_t kFirst[] = {0}, kSecond[] = {1}, kBoth[] = {0, 1};
  const SumLengthRule same{.constant = 0, .plus_arg_lengths = kFirst};
  const SumLengthRule longer{.constant = 2, .plus_arg_lengths = kFirst};
  const SumLengthRule other{.constant = 0, .plus_arg_lengths = kSecond};
  const SumLengthRule both{.constant = 0, .plus_arg_lengths = kBoth};
  auto user = [](std::span<const ArgSpec> args, const SumLengthRule& rule) {
    return FunctionSpec{.sql_name = "F", .kernel = "f", .result = SqlType::String, .args = args, .sum_length = &rule};
  };
  EXPECT_TRUE(result_fits_first_argument(user(kS, same)));
  EXPECT_FALSE(result_fits_first_argument(user(kS, longer)));
  EXPECT_FALSE(result_fits_first_argument(user(kSS, other)));
  EXPECT_FALSE(result_fits_first_argument(user(kSS, both)));
}

TEST(Registry, InvokerCallsTheRowFunction) {
  const FunctionSpec* year = find_kernel("year");
  ASSERT_NE(year, nullptr);
  int32_t out = 0;
  const uint64_t slots[] = {reinterpret_cast<uintptr_t>(&out), uint64_t(int64_t(Calendar::to_days(2024, 2, 29)))};
  EXPECT_EQ(year->invoke(slots), kOk);
  EXPECT_EQ(out, 2024);
}

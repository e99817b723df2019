// The convert family's registry entries: every kernel is found, string
// results stay within their max_length rule, and the invoker reaches the row
// function (slots as the kernel stub packs them).
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <limits>
#include <string_view>

#include "tessera/functions/registry.hpp"
#include "tessera/functions/status.hpp"

using namespace tessera::fn;

namespace {
constexpr std::string_view kKernels[] = {
    "cast_varchar_to_int",     "try_cast_varchar_to_int",     "cast_varchar_to_bigint", "try_cast_varchar_to_bigint",
    "cast_varchar_to_decimal", "try_cast_varchar_to_decimal", "cast_varchar_to_float",  "try_cast_varchar_to_float",
    "cast_varchar_to_money",   "try_cast_varchar_to_money",   "isnumeric",              "cast_int_to_varchar",
    "cast_bigint_to_varchar",  "cast_decimal_to_varchar",     "cast_float_to_varchar",  "convert_float_to_varchar",
    "cast_money_to_varchar",   "convert_money_to_varchar",    "cast_float_to_int",      "cast_float_to_bigint",
    "cast_float_to_decimal",   "cast_float_to_money",         "cast_decimal_to_decimal", "cast_decimal_to_int",
    "cast_decimal_to_bigint",  "cast_decimal_to_money",       "cast_decimal_to_float",  "cast_money_to_int",
    "cast_money_to_bigint",    "cast_money_to_decimal",       "cast_money_to_float",    "cast_int_to_decimal",
    "cast_bigint_to_decimal",  "cast_int_to_money",           "cast_bigint_to_money"};

uint64_t slot(double d) { return std::bit_cast<uint64_t>(d); }
uint64_t slot(int64_t v) { return static_cast<uint64_t>(v); }
}  // namespace

TEST(ConvertRegistry, AllKernelsRegistered) {
  for (std::string_view k : kKernels) {
    const FunctionSpec* f = find_kernel(k);
    ASSERT_NE(f, nullptr) << k;
    EXPECT_TRUE(f->sql_name == "CAST" || f->sql_name == "CONVERT" || f->sql_name == "TRY_CAST" ||
                f->sql_name == "ISNUMERIC")
        << k;
  }
}

// Extreme values of every string-returning kernel stay within max_length.
TEST(ConvertRegistry, MaxLengthIsAnUpperBound) {
  const double doubles[] = {0.0, -0.0, -1.7976931348623157e308, -4.9406564584124654e-324, -2.2250738585072014e-308,
                            -0.000123456789, -123456.789, -1e-5, -999999.5, -1.234567890123456789e-300};
  const int64_t ints[] = {0, -1, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(),
                          std::numeric_limits<int32_t>::min(), -999999999999999999LL};
  for (const FunctionSpec& f : all_functions()) {
    if (f.result != SqlType::String) continue;
    bool mine = false;
    for (std::string_view k : kKernels) mine |= k == f.kernel;
    if (!mine) continue;
    SCOPED_TRACE(std::string(f.kernel));
    char buf[256];
    int32_t len = -1;
    const bool is_float = f.args[0].type == SqlType::Float64;
    const int32_t n_const = int32_t(f.args.size()) - 1;  // style or scale
    for (int32_t c = 0; c <= (n_const > 0 ? 18 : 0); ++c) {
      LengthInputs in;
      in.value[1] = c;
      const int64_t bound = f.max_length(in);
      const size_t count = is_float ? std::size(doubles) : std::size(ints);
      for (size_t i = 0; i < count; ++i) {
        if (f.args[0].type == SqlType::Int32 && (ints[i] < INT32_MIN || ints[i] > INT32_MAX)) continue;
        const uint64_t slots[] = {reinterpret_cast<uintptr_t>(buf), reinterpret_cast<uintptr_t>(&len),
                                  is_float ? slot(doubles[i]) : slot(ints[i]), uint64_t(c)};
        std::memset(buf, 0, sizeof buf);
        if (f.invoke(slots) != kOk) continue;
        EXPECT_LE(len, bound);
      }
    }
  }
}

TEST(ConvertRegistry, InvokerParsesStrings) {
  const FunctionSpec* f = find_kernel("cast_varchar_to_decimal");
  ASSERT_NE(f, nullptr);
  int64_t out = 0;
  const char* s = " -12.345 ";
  const uint64_t slots[] = {reinterpret_cast<uintptr_t>(&out), reinterpret_cast<uintptr_t>(s), 9, 10, 2};
  EXPECT_EQ(f->invoke(slots), kOk);
  EXPECT_EQ(out, -1235);
}

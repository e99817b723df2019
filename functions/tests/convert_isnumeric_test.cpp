// ISNUMERIC(varchar). The SQL Server docs page "ISNUMERIC (Transact-SQL)" says
// it returns 1 when the input converts to at least one numeric type (int,
// decimal, money, float, ...) and notes that '+', '-' and currency symbols such
// as '$' count; commas (money), 'e'/'d' exponents (float) and surrounding
// whitespace are the well-known consequences.
#include <gtest/gtest.h>

#include <string>

#include "tessera/functions/convert_functions.hpp"

using namespace tessera::fn;

namespace {
int32_t isnum(const std::string& s) {
  int32_t v = -1;
  EXPECT_EQ(tsf_isnumeric(&v, s.data(), int32_t(s.size()), 0), kOk);
  return v;
}
}  // namespace

TEST(ConvertIsNumeric, Numbers) {
  for (const char* s : {"1", "-1", "+1", " 12 ", "1.5", ".5", "5.", "1e5", "1E-5", "1d5", "1D+5", "-1.5e10",
                        "1,000", "1,000.50", "$1,000.50", "-$5", "$-5", "\xE2\x82\xAC" "5", "\xC2\xA3" "10",
                        "99999999999999999999999999", "\t1\t", "1\r\n", "0"})
    EXPECT_EQ(isnum(s), 1) << s;
}

TEST(ConvertIsNumeric, Quirks) {
  // Lone symbols convert to money 0.
  for (const char* s : {"$", "+", "-", ".", ",", "$.", "-$", ",,,"}) EXPECT_EQ(isnum(s), 1) << s;
}

TEST(ConvertIsNumeric, NotNumbers) {
  for (const char* s : {"", " ", "\t", "abc", "1a", "1 2", "1e", "e5", "1e5.5", "0x1A", "1.2.3", "--1", "1e400",
                        "$1e5", "12-", "1,000e3"})
    EXPECT_EQ(isnum(s), 0) << s;
}

TEST(ConvertIsNumeric, NullIsZero) {
  int32_t v = -1;
  EXPECT_EQ(tsf_isnumeric(&v, nullptr, 0, 1), kOk);
  EXPECT_EQ(v, 0);
}

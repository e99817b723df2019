// ISNUMERIC(varchar). The SQL Server docs page "ISNUMERIC (Transact-SQL)" says
// it returns 1 when the input converts to at least one numeric type (int,
// decimal, money, float, ...) and notes that '+', '-' and currency symbols such
// as '$' count; commas (money), 'e'/'d' exponents (float) and surrounding
// whitespace are the well-known consequences.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tessera/functions/convert_functions.hpp"
#include "tessera/functions/number_parse.hpp"

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

// ISNUMERIC's FLOAT test range-checks without converting (NumberParse::float_in_range). It must agree with
// the conversion it stands for: money accepts it, or floating (exact, correctly rounded) does not overflow.
namespace {
bool converts(const std::string& s) {
  if (s.find_first_not_of(" \t\n\v\f\r") == std::string::npos) return false;  // blank: no number at all
  double d = 0;
  const int32_t n = int32_t(s.size());
  return NumberParse::money(s.data(), n, nullptr, true) == kOk ||
         NumberParse::floating(s.data(), n, &d, true, true) == kOk;
}
}  // namespace

TEST(ConvertIsNumeric, RangeCheckAgreesWithTheConversion) {
  // Around DBL_MAX + half an ulp = 1797693134862315807937289714053034150799|3... * 10^269.
  const std::string bound = "17976931348623158079372897140530341507993";
  std::vector<std::string> cases;
  for (size_t len = 1; len <= bound.size() + 4; ++len)
    for (int delta : {-1, 0, 1}) {
      std::string digits = bound.substr(0, std::min(len, bound.size()));
      while (digits.size() < len) digits += "7";
      if (delta != 0) {  // change the last digit
        char& c = digits.back();
        if ((delta < 0 && c == '0') || (delta > 0 && c == '9')) continue;
        c = char(c + delta);
      }
      for (int lead : {307, 308, 309}) {
        const int exp = lead - int(len) + 1;
        cases.push_back(digits + "e" + std::to_string(exp));
        cases.push_back("-" + digits + "E" + std::to_string(exp));
        cases.push_back("0.00" + digits + "d" + std::to_string(exp + 2));
        if (len > 3) cases.push_back(digits.substr(0, 3) + "." + digits.substr(3) + "e" + std::to_string(lead - 2));
        cases.push_back(" 000" + digits + "0000e" + std::to_string(exp - 4) + "\t");
      }
    }
  cases.push_back("1797693134862315807937289714053034150799" + std::string(300, '9') + "e-31");
  cases.push_back("17976931348623158" + std::string(292, '0'));   // 1.7976931348623158e308: rounds to DBL_MAX
  cases.push_back("17976931348623159" + std::string(292, '0'));   // past the bound
  cases.push_back("0." + std::string(400, '0') + "1e709");
  // Random strings over the grammars' alphabet.
  uint64_t state = 0x9e3779b97f4a7c15ULL;
  const std::string alphabet = "0123456789.eEdD+- $,\t";
  for (int i = 0; i < 200000; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const int len = int((state >> 59) % 14);
    std::string s;
    for (int j = 0; j < len; ++j) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      const uint64_t r = state >> 33;
      s += r % 3 == 0 ? alphabet[r % alphabet.size()] : char('0' + r % 10);
    }
    if (i % 7 == 0) s += "e30" + std::to_string(state % 10);
    cases.push_back(s);
  }
  int accepted = 0, rejected = 0;
  for (const std::string& s : cases) {
    const bool want = converts(s);
    EXPECT_EQ(NumberParse::is_numeric(s.data(), int32_t(s.size())), want ? 1 : 0) << '"' << s << '"';
    (want ? accepted : rejected)++;
  }
  EXPECT_GT(accepted, 1000);  // both answers are exercised
  EXPECT_GT(rejected, 1000);
}

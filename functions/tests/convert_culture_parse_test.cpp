// PARSE / TRY_PARSE row functions. Examples from "PARSE (Transact-SQL)" and "TRY_PARSE (Transact-SQL)"; the
// accepted forms are .NET Framework's NumberStyles.Number / Float / Currency, DateTime.Parse and TimeSpan.Parse in
// en-US and the invariant culture (written out by hand here from .NET's documented grammar).
#include <gtest/gtest.h>

#include <string>

#include "tessera/functions/clock.hpp"
#include "tessera/functions/convert_functions.hpp"
#include "tessera/functions/format_functions.hpp"
#include "test_support.hpp"

using namespace tessera::fn;
using tessera::fn::test::date;

namespace {
constexpr int32_t kEn = kCultureEnUs;
constexpr int32_t kInv = kCultureInvariant;

template <typename T, typename F, typename... A>
std::pair<int32_t, T> run(F f, const std::string& s, A... args) {
  T v{};
  const int32_t st = f(&v, s.data(), static_cast<int32_t>(s.size()), args...);
  return {st, v};
}
std::pair<int32_t, int32_t> to_int(const std::string& s, int32_t culture = kEn, int32_t try_null = 0) {
  return run<int32_t>(tsf_parse_int, s, culture, try_null);
}
std::pair<int32_t, int64_t> to_money(const std::string& s, int32_t culture = kEn, int32_t try_null = 0) {
  return run<int64_t>(tsf_parse_money, s, culture, try_null);
}
std::pair<int32_t, double> to_float(const std::string& s, int32_t culture = kEn) {
  return run<double>(tsf_parse_float, s, culture, 0);
}
std::pair<int32_t, int64_t> to_decimal(const std::string& s, int32_t p, int32_t sc, int32_t try_null = 0) {
  return run<int64_t>(tsf_parse_decimal, s, p, sc, kEn, try_null);
}
std::pair<int32_t, int64_t> to_datetime(const std::string& s, int32_t kind = 7, int32_t try_null = 0) {
  return run<int64_t>(tsf_parse_datetime, s, kind, kEn, try_null);
}
int64_t at(int32_t y, int32_t m, int32_t d, int64_t h = 0, int64_t mi = 0, int64_t sec = 0, int64_t ticks = 0) {
  return Clock::at(date(y, m, d), h * kTicksPerHour + mi * kTicksPerMinute + sec * kTicksPerSecond + ticks);
}
using P32 = std::pair<int32_t, int32_t>;
using P64 = std::pair<int32_t, int64_t>;
using PD = std::pair<int32_t, double>;
}  // namespace

TEST(CultureParse, IntegersAsNumberStyleNumber) {
  EXPECT_EQ(to_int("100.00"), P32(kOk, 100));  // the O'Reilly example: CONVERT fails, PARSE does not
  EXPECT_EQ(to_int("  1,234  "), P32(kOk, 1234));
  EXPECT_EQ(to_int("-42"), P32(kOk, -42));
  EXPECT_EQ(to_int("42-"), P32(kOk, -42));  // a trailing sign
  EXPECT_EQ(to_int("+0"), P32(kOk, 0));
  EXPECT_EQ(to_int("2147483647"), P32(kOk, 2147483647));
  EXPECT_EQ(to_int("-2,147,483,648"), P32(kOk, INT32_MIN));
  EXPECT_EQ(to_int("1,2,3"), P32(kOk, 123));  // .NET does not check the groups' sizes
  EXPECT_EQ(to_int("\t7\n"), P32(kOk, 7));
  EXPECT_EQ(to_int("100.5").first, kParseFailed);
  EXPECT_EQ(to_int("2147483648").first, kParseFailed);
  EXPECT_EQ(to_int(",5").first, kParseFailed);  // a group separator needs a digit before it
  EXPECT_EQ(to_int("").first, kParseFailed);
  EXPECT_EQ(to_int("-").first, kParseFailed);
  EXPECT_EQ(to_int("1e3").first, kParseFailed);
  EXPECT_EQ(to_int("$5").first, kParseFailed);  // no currency symbol in NumberStyles.Number
  EXPECT_EQ(to_int("(5)").first, kParseFailed);
  EXPECT_EQ(to_int("-5-").first, kParseFailed);
  EXPECT_EQ(to_int("abc", kEn, 1).first, kNull);  // TRY_PARSE
  EXPECT_EQ(to_int("5", 7).first, kInvalidArgument);
  EXPECT_EQ(run<int64_t>(tsf_parse_bigint, "9,223,372,036,854,775,807", kEn, 0), P64(kOk, INT64_MAX));
  EXPECT_EQ(run<int64_t>(tsf_parse_bigint, "9223372036854775808", kEn, 1).first, kNull);
}

TEST(CultureParse, Decimal) {
  EXPECT_EQ(to_decimal("1,234.567", 10, 2), P64(kOk, 123457));  // rounded half away from zero
  EXPECT_EQ(to_decimal(" -0.005 ", 5, 2), P64(kOk, -1));
  EXPECT_EQ(to_decimal("12.5-", 5, 1), P64(kOk, -125));
  EXPECT_EQ(to_decimal(".5", 5, 1), P64(kOk, 5));
  EXPECT_EQ(to_decimal("123456", 5, 2).first, kArithmeticOverflow);
  EXPECT_EQ(to_decimal("123456", 5, 2, 1).first, kNull);
  EXPECT_EQ(to_decimal("1.5e2", 5, 1).first, kParseFailed);  // no exponent in NumberStyles.Number
  // The TRY_PARSE page: TRY_PARSE('Aragorn' AS decimal ...) IS NULL.
  EXPECT_EQ(to_decimal("Aragorn", 18, 0, 1).first, kNull);
}

TEST(CultureParse, FloatAsNumberStyleFloat) {
  EXPECT_EQ(to_float("1.5e3"), PD(kOk, 1500.0));
  EXPECT_EQ(to_float("  -.25E-2 "), PD(kOk, -0.0025));
  EXPECT_EQ(to_float("0.1"), PD(kOk, 0.1));
  EXPECT_EQ(to_float("5."), PD(kOk, 5.0));
  EXPECT_EQ(to_float("1,000").first, kParseFailed);  // no groups in NumberStyles.Float
  EXPECT_EQ(to_float("5-").first, kParseFailed);      // no trailing sign either
  EXPECT_EQ(to_float("1e").first, kParseFailed);
  EXPECT_EQ(to_float("1e999").first, kParseFailed);
  EXPECT_EQ(to_float("Infinity").first, kParseFailed);
}

TEST(CultureParse, MoneyAsNumberStyleCurrency) {
  EXPECT_EQ(to_money("$345.98"), P64(kOk, 3459800));
  EXPECT_EQ(to_money("$ 1,234.5"), P64(kOk, 12345000));
  EXPECT_EQ(to_money("($5.00)"), P64(kOk, -50000));
  EXPECT_EQ(to_money("-$5"), P64(kOk, -50000));
  EXPECT_EQ(to_money("$-5"), P64(kOk, -50000));
  EXPECT_EQ(to_money("5$"), P64(kOk, 50000));
  EXPECT_EQ(to_money("5-"), P64(kOk, -50000));
  EXPECT_EQ(to_money("1.23456"), P64(kOk, 12346));  // four places, half away from zero
  EXPECT_EQ(to_money("\xC2\xA4" "7", kInv), P64(kOk, 70000));  // the invariant culture's symbol
  EXPECT_EQ(to_money("$7", kInv).first, kParseFailed);
  EXPECT_EQ(to_money("\xE2\x82\xAC" "345,98").first, kParseFailed);  // the page's de-DE text is not en-US
  EXPECT_EQ(to_money("(5").first, kParseFailed);
  EXPECT_EQ(to_money("-(5)").first, kParseFailed);
  EXPECT_EQ(to_money("$$5").first, kParseFailed);
  EXPECT_EQ(to_money("922,337,203,685,477.5807"), P64(kOk, INT64_MAX));
  EXPECT_EQ(to_money("922,337,203,685,477.5808").first, kArithmeticOverflow);
  EXPECT_EQ(to_money("x", kEn, 1).first, kNull);
}

TEST(CultureParse, DateTimeAsDateTimeParse) {
  // PARSE's example A: 'Monday, 13 December 2010' AS datetime2 USING 'en-US' is 2010-12-13 00:00:00.0000000.
  EXPECT_EQ(to_datetime("Monday, 13 December 2010"), P64(kOk, at(2010, 12, 13)));
  // Example C: '12/16/2010' (English: en-US) is 2010-12-16.
  EXPECT_EQ(to_datetime("12/16/2010"), P64(kOk, at(2010, 12, 16)));
  EXPECT_EQ(to_datetime("Mon, 13 Dec 2010"), P64(kOk, at(2010, 12, 13)));
  EXPECT_EQ(to_datetime("December 13, 2010 3:04:05 PM"), P64(kOk, at(2010, 12, 13, 15, 4, 5)));
  EXPECT_EQ(to_datetime(" 2010-12-13T10:11:12.1234567 "), P64(kOk, at(2010, 12, 13, 10, 11, 12, 1234567)));
  EXPECT_EQ(to_datetime("2/29/2024 23:59"), P64(kOk, at(2024, 2, 29, 23, 59)));
  EXPECT_EQ(to_datetime("12/31/9999 11:59:59 PM"), P64(kOk, at(9999, 12, 31, 23, 59, 59)));
  EXPECT_EQ(to_datetime("1/1/0001"), P64(kOk, at(1, 1, 1)));
  // .NET checks the weekday: 2010-12-13 was a Monday.
  EXPECT_EQ(to_datetime("Tuesday, 13 December 2010").first, kParseFailed);
  EXPECT_EQ(to_datetime("2/30/2024").first, kParseFailed);
  // The TRY_PARSE page: TRY_PARSE('Jabberwokkie' AS datetime2 USING 'en-US') is NULL.
  EXPECT_EQ(to_datetime("Jabberwokkie", 7, 1).first, kNull);
  // Onto the type's grid and range: DATETIME's 1/300 s, SMALLDATETIME's minute, DATETIME from 1753.
  EXPECT_EQ(to_datetime("1/1/2020 10:00:00.0049", kDateTimeKind), P64(kOk, at(2020, 1, 1, 10, 0, 0, 30000)));
  EXPECT_EQ(to_datetime("1/1/2020 10:00:31", kSmallDateTimeKind), P64(kOk, at(2020, 1, 1, 10, 1)));
  EXPECT_EQ(to_datetime("1/1/1600", kDateTimeKind).first, kDateTimeOutOfRange);
  EXPECT_EQ(to_datetime("1/1/1600", kDateTimeKind, 1).first, kNull);
  EXPECT_EQ(to_datetime("1/1/2100", kSmallDateTimeKind).first, kDateTimeOutOfRange);
  EXPECT_EQ(to_datetime("1/1/2020", 11).first, kInvalidArgument);
  // The TRY_PARSE page's third example: '01/01/2011' AS datetime2 under English is not NULL.
  EXPECT_EQ(run<int32_t>(tsf_parse_date, "01/01/2011", kInv, 1), P32(kOk, date(2011, 1, 1)));
  EXPECT_EQ(run<int32_t>(tsf_parse_date, "Friday, March 1, 2024 8:00 AM", kEn, 0), P32(kOk, date(2024, 3, 1)));
}

TEST(CultureParse, TimeAsTimeSpanParse) {
  const auto t = [](const std::string& s, int32_t kind = 7) { return run<int64_t>(tsf_parse_time, s, kind, kEn, 0); };
  EXPECT_EQ(t("13:45:30"), P64(kOk, 13 * kTicksPerHour + 45 * kTicksPerMinute + 30 * kTicksPerSecond));
  EXPECT_EQ(t(" 0.01:02 "), P64(kOk, kTicksPerHour + 2 * kTicksPerMinute));
  EXPECT_EQ(t("23:59:59.9999999"), P64(kOk, kTicksPerDay - 1));
  EXPECT_EQ(t("23:59:59.9999999", 0), P64(kOk, 0));  // rounds onto TIME(0) and wraps, as CAST does
  EXPECT_EQ(t("10:00:00.5", 0), P64(kOk, 10 * kTicksPerHour + kTicksPerSecond));
  EXPECT_EQ(t("0"), P64(kOk, 0));
  EXPECT_EQ(t("1").first, kParseFailed);  // one day: a TimeSpan, not a TIME
  EXPECT_EQ(t("1.10:00").first, kParseFailed);
  EXPECT_EQ(t("-01:00").first, kParseFailed);
  EXPECT_EQ(t("24:00").first, kParseFailed);
  EXPECT_EQ(t("10:60").first, kParseFailed);
  EXPECT_EQ(t("10:00 PM").first, kParseFailed);  // TimeSpan has no AM/PM
  EXPECT_EQ(t("10:00:00.12345678").first, kParseFailed);
  EXPECT_EQ(run<int64_t>(tsf_parse_time, "x", 7, kEn, 1).first, kNull);
}

// STR and FORMAT. Expected values: "STR (Transact-SQL)" (examples A-C and the remarks on length, decimal and
// asterisks), "FORMAT (Transact-SQL)" (examples A-E: dates, custom formats, numbers, time), and .NET Framework's
// "Standard numeric format strings", "Custom numeric format strings", "Standard/Custom date and time format strings"
// and "Standard/Custom TimeSpan format strings" pages (their en-US and invariant examples).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "tessera/functions/clock.hpp"
#include "tessera/functions/format_functions.hpp"
#include "tessera/functions/registry.hpp"
#include "test_support.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::StrResult;

namespace {
StrResult ok(std::string_view v) { return {kOk, std::string(v)}; }
const StrResult kNullResult{kNull, ""};

StrResult str(double v, int32_t length = 10, int32_t decimal = 0) { return call_str(tsf_str, v, length, decimal); }

constexpr int32_t kUs = kCultureEnUs;
constexpr int32_t kIv = kCultureInvariant;

StrResult fint(int32_t v, std::string_view f, int32_t c = kUs) {
  return call_str(tsf_format_int, v, f.data(), int32_t(f.size()), c);
}
StrResult fbig(int64_t v, std::string_view f, int32_t c = kUs) {
  return call_str(tsf_format_bigint, v, f.data(), int32_t(f.size()), c);
}
StrResult fdec(int64_t v, int32_t s, std::string_view f, int32_t c = kUs) {
  return call_str(tsf_format_decimal, v, s, f.data(), int32_t(f.size()), c);
}
StrResult fmoney(int64_t v, std::string_view f, int32_t c = kUs) {
  return call_str(tsf_format_money, v, f.data(), int32_t(f.size()), c);
}
StrResult fflt(double v, std::string_view f, int32_t c = kUs) {
  return call_str(tsf_format_float, v, f.data(), int32_t(f.size()), c);
}
StrResult fdate(int32_t y, int32_t m, int32_t d, std::string_view f, int32_t c = kUs) {
  return call_str(tsf_format_date, test::date(y, m, d), f.data(), int32_t(f.size()), c);
}
int64_t ticks(int32_t y, int32_t mo, int32_t d, int32_t h, int32_t mi, int32_t s, int64_t frac = 0) {
  return Clock::at(test::date(y, mo, d), h * kTicksPerHour + mi * kTicksPerMinute + s * kTicksPerSecond + frac);
}
StrResult fdt(int64_t t, std::string_view f, int32_t c = kUs, int32_t kind = 7) {
  return call_str(tsf_format_datetime, t, kind, f.data(), int32_t(f.size()), c);
}
StrResult ftime(int32_t h, int32_t mi, int32_t s, int64_t frac, std::string_view f, int32_t c = kUs) {
  const int64_t t = h * kTicksPerHour + mi * kTicksPerMinute + s * kTicksPerSecond + frac;
  return call_str(tsf_format_time, t, 7, f.data(), int32_t(f.size()), c);
}
}  // namespace

// ---------------------------------------------------------------- STR

TEST(StringFormat, StrDocumentedExamples) {
  EXPECT_EQ(str(123.45, 6, 1), ok(" 123.5"));         // A
  EXPECT_EQ(str(123.45, 2, 2), ok("**"));             // B: too short for the number
  EXPECT_EQ(str(123.0, 8, 3), ok(" 123.000"));        // C: STR(FLOOR(123.45), 8, 3)
  // Remarks: a short value is right-justified, a long one is asterisks.
  EXPECT_EQ(str(12, 10), ok("        12"));
  EXPECT_EQ(str(1223, 2), ok("**"));
}

TEST(StringFormat, StrDefaultsAndRounding) {
  EXPECT_EQ(str(123.45), ok("       123"));           // length 10, no decimals
  EXPECT_EQ(str(0.5), ok("         1"));              // half away from zero
  EXPECT_EQ(str(-0.5), ok("        -1"));
  EXPECT_EQ(str(2.5), ok("         3"));
  EXPECT_EQ(str(-123.456, 10, 2), ok("   -123.46"));
  EXPECT_EQ(str(0.0, 5, 2), ok(" 0.00"));
  EXPECT_EQ(str(-0.001, 6, 2), ok("  0.00"));         // zero after rounding: no sign
  EXPECT_EQ(str(0.125, 6, 2), ok("  0.13"));          // 17 digits: 0.125 exactly, half away from zero
}

TEST(StringFormat, StrShortensDecimalsBeforeGivingAsterisks) {
  EXPECT_EQ(str(123.45, 5, 2), ok("123.5"));
  EXPECT_EQ(str(123.45, 4, 2), ok(" 123"));
  EXPECT_EQ(str(123.45, 3, 2), ok("123"));
  EXPECT_EQ(str(9.96, 3, 2), ok(" 10"));              // 1 decimal would be 10.0: too long
  EXPECT_EQ(str(-123.45, 4, 1), ok("-123"));
  EXPECT_EQ(str(-123.45, 3, 1), ok("***"));
  EXPECT_EQ(str(1e10, 10), ok("**********"));
  EXPECT_EQ(str(1e10, 11), ok("10000000000"));
}

TEST(StringFormat, StrLimitsAndNulls) {
  EXPECT_EQ(str(1.5, 0, 0), kNullResult);
  EXPECT_EQ(str(1.5, -1, 0), kNullResult);
  EXPECT_EQ(str(1.5, 8001, 0), kNullResult);
  EXPECT_EQ(str(1.5, 5, -1), kNullResult);
  EXPECT_EQ(str(1.0 / 3, 20, 20), ok("  0.3333333333333333"));  // decimal is at most 16
  EXPECT_EQ(str(1.5, 8000, 0).value.size(), 8000u);
  EXPECT_EQ(str(1.7976931348623157e308, 400, 0).value.substr(91, 20), "17976931348623157000");
}

// ---------------------------------------------------------------- FORMAT: numbers

TEST(StringFormat, FormatDocumentedNumericExamples) {
  // Example C: EndOfDayRate (MONEY) with N, G and C in en-us.
  EXPECT_EQ(fmoney(10002, "N"), ok("1.00"));
  EXPECT_EQ(fmoney(10002, "G"), ok("1.0002"));
  EXPECT_EQ(fmoney(10002, "C"), ok("$1.00"));
  EXPECT_EQ(fmoney(15500, "N"), ok("1.55"));
  EXPECT_EQ(fmoney(15500, "G"), ok("1.55"));
  EXPECT_EQ(fmoney(19419, "N"), ok("1.94"));
  EXPECT_EQ(fmoney(14683, "C"), ok("$1.47"));
  EXPECT_EQ(fmoney(82784, "G"), ok("8.2784"));
  // Example B: a custom format.
  EXPECT_EQ(fint(123456789, "###-##-####"), ok("123-45-6789"));
}

TEST(StringFormat, FormatStandardNumeric) {
  EXPECT_EQ(fint(12345, "D"), ok("12345"));
  EXPECT_EQ(fint(12345, "D8"), ok("00012345"));
  EXPECT_EQ(fint(-12345, "D8"), ok("-00012345"));
  EXPECT_EQ(fint(255, "X"), ok("FF"));
  EXPECT_EQ(fint(255, "x4"), ok("00ff"));
  EXPECT_EQ(fint(-1, "X"), ok("FFFFFFFF"));
  EXPECT_EQ(fbig(-1, "X"), ok("FFFFFFFFFFFFFFFF"));
  EXPECT_EQ(fint(1234567, "N"), ok("1,234,567.00"));
  EXPECT_EQ(fint(-1234567, "N0"), ok("-1,234,567"));
  EXPECT_EQ(fint(123, "N0"), ok("123"));
  EXPECT_EQ(fint(-1234, "C"), ok("($1,234.00)"));
  EXPECT_EQ(fint(1234, "C", kIv), ok("\xC2\xA4" "1,234.00"));
  EXPECT_EQ(fdec(123456, 3, "C"), ok("$123.46"));
  EXPECT_EQ(fdec(123456, 3, "C3"), ok("$123.456"));
  EXPECT_EQ(fdec(-1234567, 4, "F"), ok("-123.46"));
  EXPECT_EQ(fdec(12345, 2, "E"), ok("1.234500E+002"));
  EXPECT_EQ(fflt(12345.6789, "e4"), ok("1.2346e+004"));
  EXPECT_EQ(fflt(-1052.0329112756, "E2"), ok("-1.05E+003"));
  EXPECT_EQ(fflt(1054.32179, "F"), ok("1054.32"));
  EXPECT_EQ(fflt(-1898300.1987, "F1"), ok("-1898300.2"));
  EXPECT_EQ(fflt(-1898300.1987, "N1"), ok("-1,898,300.2"));
  EXPECT_EQ(fflt(0.2468013, "P"), ok("24.68%"));
  EXPECT_EQ(fflt(0.2468013, "P", kIv), ok("24.68 %"));
  EXPECT_EQ(fflt(-0.39678, "P1"), ok("-39.7%"));
  EXPECT_EQ(fflt(12345.6789, "G"), ok("12345.6789"));
  EXPECT_EQ(fflt(12345.6789, "G7"), ok("12345.68"));
  EXPECT_EQ(fflt(0.0000023, "G"), ok("2.3E-06"));
  EXPECT_EQ(fflt(0.0023, "G"), ok("0.0023"));
  EXPECT_EQ(fflt(1234, "G2"), ok("1.2E+03"));
  EXPECT_EQ(fflt(1e15, "G"), ok("1E+15"));
  EXPECT_EQ(fflt(123456789012345.0, "G"), ok("123456789012345"));
  EXPECT_EQ(fflt(0.1, "R"), ok("0.1"));
  EXPECT_EQ(fflt(1.0 / 3, "R"), ok("0.33333333333333331"));
  EXPECT_EQ(fflt(1.0 / 3, "G"), ok("0.333333333333333"));
  EXPECT_EQ(fint(12345, "G"), ok("12345"));
  EXPECT_EQ(fint(-123456, "G2"), ok("-1.2E+05"));
  EXPECT_EQ(fdec(150, 2, "G"), ok("1.50"));             // a Decimal keeps its scale
  EXPECT_EQ(fdec(0, 2, "G"), ok("0.00"));
  EXPECT_EQ(fdec(1, 8, "G"), ok("0.00000001"));          // never scientific
  EXPECT_EQ(fmoney(20000, "G"), ok("2"));
  EXPECT_EQ(fflt(-0.001, "F2"), ok("0.00"));             // no negative zero
  EXPECT_EQ(fint(0, "D"), ok("0"));
  EXPECT_EQ(fint(0, ""), ok("0"));                       // empty: G
  EXPECT_EQ(fint(INT32_MIN, "N0"), ok("-2,147,483,648"));
  EXPECT_EQ(fbig(INT64_MIN, "D"), ok("-9223372036854775808"));
  EXPECT_EQ(fflt(1.7976931348623157e308, "N0").value.size(), 411u);  // 309 digits, 102 separators
}

TEST(StringFormat, FormatInvalidNumericFormatsAreNull) {
  EXPECT_EQ(fflt(1.5, "D"), kNullResult);    // D and X are for integers
  EXPECT_EQ(fdec(15, 1, "X"), kNullResult);
  EXPECT_EQ(fint(1, "R"), kNullResult);      // .NET Framework: R is for Double and Single
  EXPECT_EQ(fint(1, "K"), kNullResult);      // no such standard format
  EXPECT_EQ(fint(1, "Q2"), kNullResult);
}

TEST(StringFormat, FormatCustomNumeric) {
  EXPECT_EQ(fflt(123.0, "00000"), ok("00123"));
  EXPECT_EQ(fflt(1.2, "0.00"), ok("1.20"));
  EXPECT_EQ(fflt(1.2, "00.00"), ok("01.20"));
  EXPECT_EQ(fflt(0.56, "0.0"), ok("0.6"));
  EXPECT_EQ(fflt(1234567890, "0,0"), ok("1,234,567,890"));
  EXPECT_EQ(fflt(1.2, "#.##"), ok("1.2"));
  EXPECT_EQ(fflt(123, "#####"), ok("123"));
  EXPECT_EQ(fflt(123456, "[##-##-##]"), ok("[12-34-56]"));
  EXPECT_EQ(fflt(1234567890, "#"), ok("1234567890"));
  EXPECT_EQ(fflt(1234567890, "(###) ###-####"), ok("(123) 456-7890"));
  EXPECT_EQ(fflt(1.2, "0.00"), ok("1.20"));
  EXPECT_EQ(fflt(1234567890, "#,#"), ok("1,234,567,890"));
  EXPECT_EQ(fflt(1234567890, "#,##0,,"), ok("1,235"));
  EXPECT_EQ(fflt(0.086, "#0.##%"), ok("8.6%"));
  EXPECT_EQ(fflt(86000, "0.###E+0"), ok("8.6E+4"));
  EXPECT_EQ(fflt(86000, "0.###E+000"), ok("8.6E+004"));
  EXPECT_EQ(fflt(86000, "0.###E-000"), ok("8.6E004"));
  EXPECT_EQ(fflt(1503.92311, "0.0##e+00"), ok("1.504e+03"));
  EXPECT_EQ(fflt(0.00001, "0.0E0"), ok("1.0E-5"));
  EXPECT_EQ(fint(123, "\\#\\#\\# ##0 dollars and \\0\\0 cents \\#\\#\\#"), ok("### 123 dollars and 00 cents ###"));
  EXPECT_EQ(fint(1234, "'#'0"), ok("#1234"));
  EXPECT_EQ(fint(5, "abc"), ok("abc"));
  // Sections: positive;negative;zero.
  EXPECT_EQ(fflt(1234, "##;(##)"), ok("1234"));
  EXPECT_EQ(fflt(-1234, "##;(##)"), ok("(1234)"));
  EXPECT_EQ(fflt(0, "#0.0#;(#0.0#);-\\0-"), ok("-0-"));
  EXPECT_EQ(fflt(-0.001, "0.0;(0.0)"), ok("0.0"));       // rounds to zero: the first section, no sign
  EXPECT_EQ(fflt(-0.001, "0.0;(0.0);zero"), ok("zero"));
  EXPECT_EQ(fflt(-12.5, "0;;z"), ok("-13"));             // empty negative section: the first, with a sign
  EXPECT_EQ(fdec(-12345, 2, "#,##0.00"), ok("-123.45"));
  EXPECT_EQ(fflt(0.5, "0\xE2\x80\xB0"), ok("500\xE2\x80\xB0"));  // per mille
}

// ---------------------------------------------------------------- FORMAT: dates and times

TEST(StringFormat, FormatDocumentedDateExamples) {
  // Example A: DATE '11/22/2020' in en-US.
  EXPECT_EQ(fdate(2020, 11, 22, "d"), ok("11/22/2020"));
  EXPECT_EQ(fdate(2020, 11, 22, "D"), ok("Sunday, November 22, 2020"));
  // Example B: custom formats.
  EXPECT_EQ(fdate(2020, 11, 22, "dd/MM/yyyy"), ok("22/11/2020"));
  // Example E: DATETIME2 '2018-01-01 14:00' and '01:00' with AM/PM.
  EXPECT_EQ(fdt(ticks(2018, 1, 1, 14, 0, 0), "h:mm tt"), ok("2:00 PM"));
  EXPECT_EQ(fdt(ticks(2018, 1, 1, 14, 0, 0), "hh:mm tt"), ok("02:00 PM"));
  EXPECT_EQ(fdt(ticks(2018, 1, 1, 1, 0, 0), "hh:mm tt"), ok("01:00 AM"));
  EXPECT_EQ(fdt(ticks(2018, 1, 1, 14, 0, 0), "HH:mm"), ok("14:00"));
  // Example D: TIME '07:35' as a TimeSpan: ':' and '.' must be escaped, else NULL.
  EXPECT_EQ(ftime(7, 35, 0, 0, "hh\\.mm"), ok("07.35"));
  EXPECT_EQ(ftime(7, 35, 0, 0, "hh\\:mm"), ok("07:35"));
  EXPECT_EQ(ftime(7, 35, 0, 0, "hh:mm"), kNullResult);
}

TEST(StringFormat, FormatStandardDateTime) {
  const int64_t t = ticks(2009, 6, 15, 13, 45, 30, 1234567);
  EXPECT_EQ(fdt(t, "d"), ok("6/15/2009"));
  EXPECT_EQ(fdt(t, "d", kIv), ok("06/15/2009"));
  EXPECT_EQ(fdt(t, "D"), ok("Monday, June 15, 2009"));
  EXPECT_EQ(fdt(t, "D", kIv), ok("Monday, 15 June 2009"));
  EXPECT_EQ(fdt(t, "f"), ok("Monday, June 15, 2009 1:45 PM"));
  EXPECT_EQ(fdt(t, "F"), ok("Monday, June 15, 2009 1:45:30 PM"));
  EXPECT_EQ(fdt(t, "g"), ok("6/15/2009 1:45 PM"));
  EXPECT_EQ(fdt(t, "G"), ok("6/15/2009 1:45:30 PM"));
  EXPECT_EQ(fdt(t, ""), ok("6/15/2009 1:45:30 PM"));
  EXPECT_EQ(fdt(t, "G", kIv), ok("06/15/2009 13:45:30"));
  EXPECT_EQ(fdt(t, "M"), ok("June 15"));
  EXPECT_EQ(fdt(t, "O"), ok("2009-06-15T13:45:30.1234567"));
  EXPECT_EQ(fdt(t, "R"), ok("Mon, 15 Jun 2009 13:45:30 GMT"));
  EXPECT_EQ(fdt(t, "s"), ok("2009-06-15T13:45:30"));
  EXPECT_EQ(fdt(t, "t"), ok("1:45 PM"));
  EXPECT_EQ(fdt(t, "T"), ok("1:45:30 PM"));
  EXPECT_EQ(fdt(t, "T", kIv), ok("13:45:30"));
  EXPECT_EQ(fdt(t, "u"), ok("2009-06-15 13:45:30Z"));
  EXPECT_EQ(fdt(t, "Y"), ok("June 2009"));
  EXPECT_EQ(fdt(t, "Y", kIv), ok("2009 June"));
  EXPECT_EQ(fdt(t, "Q"), kNullResult);
  EXPECT_EQ(fdate(2020, 11, 22, "O"), ok("2020-11-22T00:00:00.0000000"));
}

TEST(StringFormat, FormatCustomDateTime) {
  const int64_t t = ticks(2009, 6, 1, 13, 5, 7, 1230000);
  EXPECT_EQ(fdt(t, "%d"), ok("1"));
  EXPECT_EQ(fdt(t, "dd ddd dddd"), ok("01 Mon Monday"));
  EXPECT_EQ(fdt(t, "%M MM MMM MMMM"), ok("6 06 Jun June"));
  EXPECT_EQ(fdt(t, "%y yy yyy yyyy yyyyy"), ok("9 09 2009 2009 02009"));
  EXPECT_EQ(fdt(t, "%h hh %H HH %m mm %s ss"), ok("1 01 13 13 5 05 7 07"));
  EXPECT_EQ(fdt(t, "%f ff fffffff"), ok("1 12 1230000"));
  EXPECT_EQ(fdt(t, "%F FF FFFFFFF"), ok("1 12 123"));
  EXPECT_EQ(fdt(ticks(2009, 6, 1, 13, 5, 7), "ss.FFF"), ok("07"));  // the point goes with a zero F
  EXPECT_EQ(fdt(t, "%t tt"), ok("P PM"));
  EXPECT_EQ(fdt(t, "%g"), ok("A.D."));
  EXPECT_EQ(fdt(t, "yyyy'-'MM\"x\"\\d"), ok("2009-06xd"));
  EXPECT_EQ(fdt(t, "fffffffff"), kNullResult);
  EXPECT_EQ(fdt(t, "yyyy'"), kNullResult);      // unterminated quote
  EXPECT_EQ(fdt(t, "yyyy\\"), kNullResult);
  EXPECT_EQ(fdt(t, "%%"), kNullResult);
  EXPECT_EQ(fdate(1, 1, 1, "yyyy-MM-dd dddd"), ok("0001-01-01 Monday"));
  EXPECT_EQ(fdate(9999, 12, 31, "yyyy-MM-dd dddd"), ok("9999-12-31 Friday"));
  EXPECT_EQ(fdate(2024, 2, 29, "D"), ok("Thursday, February 29, 2024"));
  // DATETIME: milliseconds; SMALLDATETIME: minutes.
  EXPECT_EQ(fdt(ticks(2020, 1, 1, 10, 0, 0, 30000), "HH:mm:ss.fffffff", kUs, kDateTimeKind), ok("10:00:00.0030000"));
}

TEST(StringFormat, FormatTimeSpan) {
  EXPECT_EQ(ftime(7, 35, 0, 0, ""), ok("07:35:00"));
  EXPECT_EQ(ftime(7, 35, 0, 0, "c"), ok("07:35:00"));
  EXPECT_EQ(ftime(7, 35, 0, 5000000, "c"), ok("07:35:00.5000000"));
  EXPECT_EQ(ftime(7, 35, 0, 5000000, "g"), ok("7:35:00.5"));
  EXPECT_EQ(ftime(7, 35, 0, 0, "g"), ok("7:35:00"));
  EXPECT_EQ(ftime(7, 35, 0, 0, "G"), ok("0:07:35:00.0000000"));
  EXPECT_EQ(ftime(23, 59, 59, 9999999, "hh\\:mm\\:ss\\.fffffff"), ok("23:59:59.9999999"));
  EXPECT_EQ(ftime(7, 35, 0, 1200000, "%h' h 'm' m 's' s 'FFF"), ok("7 h 35 m 0 s 12"));
  EXPECT_EQ(ftime(7, 35, 0, 0, "dd\\.hh"), ok("00.07"));
  EXPECT_EQ(ftime(7, 35, 0, 0, "hhh"), kNullResult);
  EXPECT_EQ(ftime(7, 35, 0, 0, "x"), kNullResult);
  EXPECT_EQ(ftime(7, 35, 0, 0, "tt"), kNullResult);   // no AM/PM in a TimeSpan
}

TEST(StringFormat, FormatRefusesOtherCultures) {
  EXPECT_EQ(fint(1, "N", 7).status, kInvalidArgument);
  EXPECT_EQ(fdate(2020, 1, 1, "d", -1).status, kInvalidArgument);
}

TEST(StringFormat, LengthRulesBoundWorstCaseFormats) {
  auto bound = [](std::string_view kernel, size_t format_arg, size_t format_len) {
    const FunctionSpec* spec = find_kernel(kernel);
    EXPECT_NE(spec, nullptr);
    if (spec) EXPECT_EQ(spec->args[format_arg].name, "format") << kernel;  // the rule reads the format's length
    LengthInputs in;
    in.exact(format_arg, int64_t(format_len));
    return spec ? max_result_length(*spec, in) : 0;
  };
  auto check = [&](std::string_view kernel, size_t format_arg, std::string_view f, const StrResult& r) {
    EXPECT_EQ(r.status, kOk) << f;
    EXPECT_LE(int64_t(r.value.size()), bound(kernel, format_arg, f.size())) << kernel << " " << f;
  };
  check("format_time", 2, "hmshms", ftime(23, 59, 59, 0, "hmshms"));
  check("format_time", 2, "G", ftime(23, 59, 59, 9999999, "G"));
  check("format_datetime", 2, "F", fdt(ticks(2020, 9, 30, 12, 59, 59), "F"));
  check("format_datetime", 2, "gzzzdddd", fdt(ticks(2020, 9, 30, 12, 59, 59), "gzzzdddd"));
  check("format_date", 1, "MMMMhmsg", fdate(2020, 9, 30, "MMMMhmsg"));
  check("format_float", 1, "P99", fflt(-1.7976931348623157e308, "P99"));
  check("format_float", 1, "C99", fflt(-1.7976931348623157e308, "C99"));
  check("format_float", 1, "#,##0%%%%", fflt(-1.7976931348623157e308, "#,##0%%%%"));
  check("format_bigint", 1, "C99", fbig(INT64_MIN, "C99"));
  check("format_bigint", 1, "P99", fbig(INT64_MIN, "P99"));
  check("format_bigint", 1, "#,##0%%%%%%%%", fbig(INT64_MIN, "#,##0%%%%%%%%"));
  check("format_decimal", 2, "N99", fdec(INT64_MIN + 1, 0, "N99"));
  check("format_int", 1, "D99", fint(INT32_MIN, "D99"));
  check("format_money", 1, "#,##0%%%%%%%%", fmoney(INT64_MIN, "#,##0%%%%%%%%"));
  check("format_int", 1, "\\0#,##0.00%%%%%%%%", fint(INT32_MIN, "\\0#,##0.00%%%%%%%%"));
}

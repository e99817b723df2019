// The date-time family: DATETIME2(p), DATETIME, SMALLDATETIME and TIME(p). Expected values are SQL
// Server's documented answers: "datetime2", "datetime" (rounding to .000/.003/.007), "smalldatetime"
// (29.998 s rounds down, 29.999 s up), "time", "DATEPART" (millisecond/microsecond/nanosecond of
// '00:00:01.1234567'), "DATEADD" (nanosecond 49 vs 50; month-end clamping), "DATEDIFF" (boundaries
// crossed: one second across midnight is 1 year), "DATETRUNC", "DATE_BUCKET", "CAST and CONVERT"
// (styles 0, 9, 13, 20, 21, 108, 114, 120, 121, 126), "DATETIME2FROMPARTS".
#include <gtest/gtest.h>

#include <string>

#include "tessera/functions/clock.hpp"
#include "tessera/functions/date_part.hpp"
#include "tessera/functions/datetime_functions.hpp"
#include "test_support.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::date;

namespace {

constexpr int32_t kDt2 = 7;  // DATETIME2(7)

// Text -> ticks under the default session; INT64_MIN when the conversion fails.
int64_t parse(const std::string& s, int32_t kind = kDt2) {
  const SessionContext ctx;
  int64_t out = 0;
  const int32_t st = tsf_cast_varchar_to_datetime(&out, s.data(), static_cast<int32_t>(s.size()), kind, &ctx);
  return st == kOk ? out : INT64_MIN;
}
int32_t parse_status(const std::string& s, int32_t kind) {
  const SessionContext ctx;
  int64_t out = 0;
  return tsf_cast_varchar_to_datetime(&out, s.data(), static_cast<int32_t>(s.size()), kind, &ctx);
}
int64_t time_of(const std::string& s, int32_t kind = kDt2) {
  const SessionContext ctx;
  int64_t out = 0;
  return tsf_cast_varchar_to_time(&out, s.data(), static_cast<int32_t>(s.size()), kind, &ctx) == kOk ? out : INT64_MIN;
}
std::string text(int64_t v, int32_t kind = kDt2) { return call_str(tsf_cast_datetime_to_varchar, v, kind).value; }
std::string styled(int64_t v, int32_t style, int32_t kind = kDt2) {
  const SessionContext ctx;
  return call_str(tsf_convert_datetime_to_varchar, v, style, kind, &ctx).value;
}
int32_t part(DatePart p, int64_t v) {
  const SessionContext ctx;
  int32_t out = -1;
  EXPECT_EQ(tsf_datepart_datetime(&out, static_cast<int32_t>(p), v, &ctx), kOk);
  return out;
}
int64_t add(DatePart p, int32_t n, int64_t v, int32_t kind = kDt2) {
  int64_t out = 0;
  return tsf_dateadd_datetime(&out, static_cast<int32_t>(p), n, v, kind) == kOk ? out : INT64_MIN;
}
int64_t diff(DatePart p, const std::string& a, const std::string& b) {
  int64_t out = 0;
  EXPECT_EQ(tsf_datediff_big_datetime(&out, static_cast<int32_t>(p), parse(a), parse(b)), kOk);
  return out;
}

TEST(DateTime2, ParsesAndPrintsSevenDigits) {
  const int64_t v = parse("2007-05-08 12:35:29.1234567");
  EXPECT_EQ(text(v), "2007-05-08 12:35:29.1234567");
  EXPECT_EQ(text(v, 3), "2007-05-08 12:35:29.123");
  EXPECT_EQ(text(v, 0), "2007-05-08 12:35:29");
  EXPECT_EQ(text(parse("2007-05-08T12:35:29Z")), "2007-05-08 12:35:29.0000000");
  EXPECT_EQ(text(parse("20070508 12:35")), "2007-05-08 12:35:00.0000000");
  EXPECT_EQ(text(parse("May 8 2007 12:35PM")), "2007-05-08 12:35:00.0000000");
  EXPECT_EQ(text(parse("2007-05-08 12:35 AM")), "2007-05-08 00:35:00.0000000");
  EXPECT_EQ(text(parse("0001-01-01")), "0001-01-01 00:00:00.0000000");
  EXPECT_EQ(text(parse("9999-12-31 23:59:59.9999999")), "9999-12-31 23:59:59.9999999");
  EXPECT_EQ(parse("2007-05-08 24:00"), INT64_MIN);
  EXPECT_EQ(parse("2007-05-08 12:35:29.12345678"), INT64_MIN);  // eight digits
  EXPECT_EQ(parse_status("nonsense", kDt2), kDateConversionFailed);
}

TEST(DateTime2, RoundsToItsPrecisionAndChecksRange) {
  int64_t out = 0;
  EXPECT_EQ(tsf_cast_datetime_to_datetime(&out, parse("2007-05-08 12:35:29.1234567"), 3), kOk);
  EXPECT_EQ(text(out, 3), "2007-05-08 12:35:29.123");
  EXPECT_EQ(tsf_cast_datetime_to_datetime(&out, parse("2007-05-08 12:35:29.9995"), 3), kOk);
  EXPECT_EQ(text(out, 3), "2007-05-08 12:35:30.000");
  // 9999-12-31 23:59:59.9999999 AS DATETIME2(0) would round into year 10000: Msg 242.
  EXPECT_EQ(tsf_cast_datetime_to_datetime(&out, parse("9999-12-31 23:59:59.9999999"), 0), kDateTimeOutOfRange);
  EXPECT_EQ(tsf_try_cast_datetime_to_datetime(&out, parse("9999-12-31 23:59:59.9999999"), 0), kNull);
}

TEST(DateTime, RoundsToThreeHundredthsAndStartsIn1753) {
  // The docs' table: .990/.991 -> .990, .992-.994 -> .993, .995-.998 -> .997, .999 -> 1.000.
  EXPECT_EQ(styled(parse("2000-01-01 23:59:59.990", kDateTimeKind), 121, kDateTimeKind), "2000-01-01 23:59:59.990");
  EXPECT_EQ(styled(parse("2000-01-01 23:59:59.991", kDateTimeKind), 121, kDateTimeKind), "2000-01-01 23:59:59.990");
  EXPECT_EQ(styled(parse("2000-01-01 23:59:59.992", kDateTimeKind), 121, kDateTimeKind), "2000-01-01 23:59:59.993");
  EXPECT_EQ(styled(parse("2000-01-01 23:59:59.994", kDateTimeKind), 121, kDateTimeKind), "2000-01-01 23:59:59.993");
  EXPECT_EQ(styled(parse("2000-01-01 23:59:59.995", kDateTimeKind), 121, kDateTimeKind), "2000-01-01 23:59:59.997");
  EXPECT_EQ(styled(parse("2000-01-01 23:59:59.998", kDateTimeKind), 121, kDateTimeKind), "2000-01-01 23:59:59.997");
  EXPECT_EQ(styled(parse("2000-01-01 23:59:59.999", kDateTimeKind), 121, kDateTimeKind), "2000-01-02 00:00:00.000");
  EXPECT_EQ(parse_status("1752-12-31", kDateTimeKind), kDateConversionFailed);
  EXPECT_EQ(parse_status("2000-01-01 10:00:00.1234", kDateTimeKind), kDateConversionFailed);  // 4 digits
  int64_t out = 0;
  EXPECT_EQ(tsf_cast_date_to_datetime(&out, date(1700, 1, 1), kDateTimeKind), kDateTimeOutOfRange);
  EXPECT_EQ(tsf_try_cast_date_to_datetime(&out, date(1700, 1, 1), kDateTimeKind), kNull);
  // CAST(datetime AS varchar) is style 0.
  EXPECT_EQ(text(parse("2007-05-08 12:35:29.997", kDateTimeKind), kDateTimeKind), "May  8 2007 12:35PM");
}

TEST(SmallDateTime, RoundsToMinutesInItsRange) {
  EXPECT_EQ(styled(parse("2000-05-08 12:35:29.998", kSmallDateTimeKind), 120, kSmallDateTimeKind), "2000-05-08 12:35:00");
  EXPECT_EQ(styled(parse("2000-05-08 12:35:29.999", kSmallDateTimeKind), 120, kSmallDateTimeKind), "2000-05-08 12:36:00");
  EXPECT_EQ(styled(parse("2000-05-08 23:59:59", kSmallDateTimeKind), 120, kSmallDateTimeKind), "2000-05-09 00:00:00");
  EXPECT_EQ(parse_status("1899-12-31", kSmallDateTimeKind), kDateTimeOutOfRange);
  EXPECT_EQ(parse_status("2079-06-07", kSmallDateTimeKind), kDateTimeOutOfRange);
  EXPECT_EQ(parse_status("2079-06-06 23:59:29", kSmallDateTimeKind), kOk);
}

TEST(DateTimeParts, FollowTheDocs) {
  const int64_t v = parse("2007-10-30 12:15:32.1234567");
  EXPECT_EQ(part(DatePart::Year, v), 2007);
  EXPECT_EQ(part(DatePart::Quarter, v), 4);
  EXPECT_EQ(part(DatePart::DayOfYear, v), 303);
  EXPECT_EQ(part(DatePart::Weekday, v), 3);  // Tuesday under DATEFIRST 7
  EXPECT_EQ(part(DatePart::Hour, v), 12);
  EXPECT_EQ(part(DatePart::Minute, v), 15);
  EXPECT_EQ(part(DatePart::Second, v), 32);
  const int64_t f = parse("1900-01-01 00:00:01.1234567");
  EXPECT_EQ(part(DatePart::Millisecond, f), 123);
  EXPECT_EQ(part(DatePart::Microsecond, f), 123456);
  EXPECT_EQ(part(DatePart::Nanosecond, f), 123456700);
  int32_t out = 0;
  EXPECT_EQ(tsf_datepart_time(&out, static_cast<int32_t>(DatePart::Year), time_of("10:00")), kInvalidDatepart);
  EXPECT_EQ(tsf_datepart_time(&out, static_cast<int32_t>(DatePart::Minute), time_of("10:42")), kOk);
  EXPECT_EQ(out, 42);
  const SessionContext ctx;
  EXPECT_EQ(call_str(tsf_datename_datetime, static_cast<int32_t>(DatePart::Month), v, &ctx).value, "October");
  EXPECT_EQ(call_str(tsf_datename_datetime, static_cast<int32_t>(DatePart::Nanosecond), f, &ctx).value, "123456700");
}

TEST(DateTimeAdd, RoundsClampsAndOverflows) {
  const int64_t v = parse("2024-01-01 13:10:10.1111111");
  EXPECT_EQ(text(add(DatePart::Nanosecond, 49, v)), "2024-01-01 13:10:10.1111111");
  EXPECT_EQ(text(add(DatePart::Nanosecond, 50, v)), "2024-01-01 13:10:10.1111112");
  EXPECT_EQ(text(add(DatePart::Month, 1, parse("2024-01-31 08:00"))), "2024-02-29 08:00:00.0000000");
  EXPECT_EQ(text(add(DatePart::Hour, -9, parse("2024-03-01 08:00"))), "2024-02-29 23:00:00.0000000");
  EXPECT_EQ(add(DatePart::Second, 1, parse("9999-12-31 23:59:59")), INT64_MIN);  // Msg 517
  EXPECT_EQ(add(DatePart::Hour, INT32_MAX, v), INT64_MIN);
  // DATETIME keeps its grid: adding 1 ms to .000 stays .000; microseconds are not its part.
  const int64_t d = parse("2000-01-01 00:00:00", kDateTimeKind);
  EXPECT_EQ(add(DatePart::Millisecond, 1, d, kDateTimeKind), d);
  EXPECT_EQ(add(DatePart::Millisecond, 2, d, kDateTimeKind), d + 3 * kTicksPerMillisecond);
  int64_t out = 0;
  EXPECT_EQ(tsf_dateadd_datetime(&out, static_cast<int32_t>(DatePart::Microsecond), 1, d, kDateTimeKind), kInvalidDatepart);
  // TIME wraps around midnight.
  EXPECT_EQ(tsf_dateadd_time(&out, static_cast<int32_t>(DatePart::Hour), 25, time_of("10:00"), kDt2), kOk);
  EXPECT_EQ(out, time_of("11:00"));
  EXPECT_EQ(tsf_dateadd_time(&out, static_cast<int32_t>(DatePart::Minute), -61, time_of("00:30"), kDt2), kOk);
  EXPECT_EQ(out, time_of("23:29"));
}

TEST(DateTimeDiff, CountsBoundaries) {
  const char* a = "2005-12-31 23:59:59.9999999";
  const char* b = "2006-01-01 00:00:00.0000000";
  for (DatePart p : {DatePart::Year, DatePart::Quarter, DatePart::Month, DatePart::DayOfYear, DatePart::Day,
                     DatePart::Week, DatePart::Hour, DatePart::Minute, DatePart::Second, DatePart::Millisecond,
                     DatePart::Microsecond})
    EXPECT_EQ(diff(p, a, b), 1) << static_cast<int>(p);
  EXPECT_EQ(diff(DatePart::Nanosecond, a, b), 100);
  int32_t out = 0;
  EXPECT_EQ(tsf_datediff_datetime(&out, static_cast<int32_t>(DatePart::Millisecond), parse("1900-01-01"),
                                  parse("2000-01-01")), kDatediffOverflow);
  int64_t big = 0;
  EXPECT_EQ(tsf_datediff_big_datetime(&big, static_cast<int32_t>(DatePart::Nanosecond), parse("0001-01-01"),
                                      parse("9999-12-31")), kDatediffOverflow);
}

TEST(DateTimeTruncAndBucket, StartOfThePart) {
  const SessionContext ctx;
  const int64_t v = parse("2021-12-08 11:30:15.1234567");
  int64_t out = 0;
  ASSERT_EQ(tsf_datetrunc_datetime(&out, static_cast<int32_t>(DatePart::Hour), v, &ctx), kOk);
  EXPECT_EQ(text(out), "2021-12-08 11:00:00.0000000");
  ASSERT_EQ(tsf_datetrunc_datetime(&out, static_cast<int32_t>(DatePart::Millisecond), v, &ctx), kOk);
  EXPECT_EQ(text(out), "2021-12-08 11:30:15.1230000");
  ASSERT_EQ(tsf_datetrunc_datetime(&out, static_cast<int32_t>(DatePart::Quarter), v, &ctx), kOk);
  EXPECT_EQ(text(out), "2021-10-01 00:00:00.0000000");
  ASSERT_EQ(tsf_date_bucket_datetime(&out, static_cast<int32_t>(DatePart::Minute), 15, v), kOk);
  EXPECT_EQ(text(out), "2021-12-08 11:30:00.0000000");
  ASSERT_EQ(tsf_date_bucket_datetime(&out, static_cast<int32_t>(DatePart::Hour), 2, v), kOk);
  EXPECT_EQ(text(out), "2021-12-08 10:00:00.0000000");
  ASSERT_EQ(tsf_date_bucket_datetime_origin(&out, static_cast<int32_t>(DatePart::Month), 1, v, parse("2021-01-31 06:00")),
            kOk);
  EXPECT_EQ(text(out), "2021-11-30 06:00:00.0000000");
  EXPECT_EQ(tsf_date_bucket_datetime(&out, static_cast<int32_t>(DatePart::Hour), 0, v), kInvalidArgument);
}

TEST(DateTimeConvert, Styles) {
  const int64_t v = parse("2007-05-08 14:35:29.1234567");
  EXPECT_EQ(styled(v, 0), "May  8 2007  2:35PM");
  EXPECT_EQ(styled(v, 9), "May  8 2007  2:35:29.1234567PM");
  EXPECT_EQ(styled(v, 13), "08 May 2007 14:35:29.1234567");
  EXPECT_EQ(styled(v, 20), "2007-05-08 14:35:29");
  EXPECT_EQ(styled(v, 21), "2007-05-08 14:35:29.1234567");
  EXPECT_EQ(styled(v, 126), "2007-05-08T14:35:29.1234567");
  EXPECT_EQ(styled(v, 108), "14:35:29");
  EXPECT_EQ(styled(v, 101), "05/08/2007");
  const int64_t d = parse("2007-05-08 14:35:29.997", kDateTimeKind);
  EXPECT_EQ(styled(d, 9, kDateTimeKind), "May  8 2007  2:35:29:997PM");
  EXPECT_EQ(styled(d, 114, kDateTimeKind), "14:35:29:997");
  EXPECT_EQ(styled(d, 121, kDateTimeKind), "2007-05-08 14:35:29.997");
  EXPECT_EQ(styled(parse("2007-05-08 00:00", kDateTimeKind), 126, kDateTimeKind), "2007-05-08T00:00:00");
  const SessionContext ctx;
  EXPECT_EQ(call_str(tsf_convert_datetime_to_varchar, v, 999, kDt2, &ctx).status, kInvalidStyle);
  // Text in a style: the style's day/month order.
  int64_t out = 0;
  const std::string dmy = "08/05/2007 14:35";
  ASSERT_EQ(tsf_convert_varchar_to_datetime(&out, dmy.data(), static_cast<int32_t>(dmy.size()), 103, kDt2, &ctx), kOk);
  EXPECT_EQ(text(out), "2007-05-08 14:35:00.0000000");
  ASSERT_EQ(tsf_try_convert_varchar_to_datetime(&out, dmy.data(), static_cast<int32_t>(dmy.size()), 101, kDt2, &ctx), kOk);
  EXPECT_EQ(text(out), "2007-08-05 14:35:00.0000000");
}

TEST(Time, ParsesRoundsAndPrints) {
  EXPECT_EQ(call_str(tsf_cast_time_to_varchar, time_of("12:34:54.1237"), 7).value, "12:34:54.1237000");
  EXPECT_EQ(call_str(tsf_cast_time_to_varchar, time_of("12:34:54.1237", 3), 3).value, "12:34:54.124");
  EXPECT_EQ(call_str(tsf_cast_time_to_varchar, time_of("23:59:59.9999999", 0), 0).value, "00:00:00");  // wraps
  EXPECT_EQ(call_str(tsf_cast_time_to_varchar, time_of("1:05PM"), 0).value, "13:05:00");
  EXPECT_EQ(call_str(tsf_convert_time_to_varchar, time_of("13:05"), 100, 0).value, " 1:05PM");
  EXPECT_EQ(call_str(tsf_convert_time_to_varchar, time_of("13:05"), 101, 0).status, kInvalidStyle);
  int64_t out = 0;
  ASSERT_EQ(tsf_cast_datetime_to_time(&out, parse("2007-05-08 12:35:29.1234567"), 7), kOk);
  EXPECT_EQ(out, time_of("12:35:29.1234567"));
  ASSERT_EQ(tsf_cast_time_to_datetime(&out, time_of("12:35"), kDt2), kOk);
  EXPECT_EQ(text(out), "1900-01-01 12:35:00.0000000");
}

TEST(FromParts, BuildsOrRefuses) {
  int64_t out = 0;
  ASSERT_EQ(tsf_datetime2fromparts(&out, 2011, 8, 15, 14, 23, 44, 5, 1), kOk);
  EXPECT_EQ(text(out), "2011-08-15 14:23:44.5000000");
  EXPECT_EQ(tsf_datetime2fromparts(&out, 2011, 8, 15, 14, 23, 44, 50, 1), kInvalidDateParts);  // 50 tenths
  EXPECT_EQ(tsf_datetime2fromparts(&out, 2011, 2, 30, 0, 0, 0, 0, 0), kInvalidDateParts);
  ASSERT_EQ(tsf_datetimefromparts(&out, 2010, 12, 31, 23, 59, 59, 0), kOk);
  EXPECT_EQ(styled(out, 121, kDateTimeKind), "2010-12-31 23:59:59.000");
  ASSERT_EQ(tsf_timefromparts(&out, 23, 59, 59, 5, 1), kOk);
  EXPECT_EQ(call_str(tsf_cast_time_to_varchar, out, 1).value, "23:59:59.5");
}

// "SMALLDATETIMEFROMPARTS (Transact-SQL)": SMALLDATETIMEFROMPARTS(2010, 12, 31, 23, 59) is 2010-12-31 23:59:00;
// invalid arguments are an error (Msg 289), including a value outside 1900-01-01 .. 2079-06-06 23:59.
TEST(FromParts, SmallDateTime) {
  int64_t out = 0;
  ASSERT_EQ(tsf_smalldatetimefromparts(&out, 2010, 12, 31, 23, 59), kOk);
  EXPECT_EQ(styled(out, 120, kSmallDateTimeKind), "2010-12-31 23:59:00");
  ASSERT_EQ(tsf_smalldatetimefromparts(&out, 1900, 1, 1, 0, 0), kOk);
  EXPECT_EQ(styled(out, 120, kSmallDateTimeKind), "1900-01-01 00:00:00");
  ASSERT_EQ(tsf_smalldatetimefromparts(&out, 2079, 6, 6, 23, 59), kOk);
  EXPECT_EQ(styled(out, 120, kSmallDateTimeKind), "2079-06-06 23:59:00");
  ASSERT_EQ(tsf_smalldatetimefromparts(&out, 2024, 2, 29, 12, 0), kOk);  // a leap day
  EXPECT_EQ(styled(out, 120, kSmallDateTimeKind), "2024-02-29 12:00:00");
  EXPECT_EQ(tsf_smalldatetimefromparts(&out, 2079, 6, 7, 0, 0), kInvalidDateParts);
  EXPECT_EQ(tsf_smalldatetimefromparts(&out, 1899, 12, 31, 23, 59), kInvalidDateParts);
  EXPECT_EQ(tsf_smalldatetimefromparts(&out, 2023, 2, 29, 0, 0), kInvalidDateParts);
  EXPECT_EQ(tsf_smalldatetimefromparts(&out, 2010, 13, 1, 0, 0), kInvalidDateParts);
  EXPECT_EQ(tsf_smalldatetimefromparts(&out, 2010, 12, 31, 24, 0), kInvalidDateParts);
  EXPECT_EQ(tsf_smalldatetimefromparts(&out, 2010, 12, 31, 23, 60), kInvalidDateParts);
  EXPECT_EQ(tsf_smalldatetimefromparts(&out, 2010, 12, 31, -1, 0), kInvalidDateParts);
  EXPECT_EQ(tsf_smalldatetimefromparts(&out, 2010, 0, 31, 0, 0), kInvalidDateParts);
}

}  // namespace

// SYSDATETIME, GETDATE & co. and CURRENT_DATE: the binder's instant and offset on the result type's grid.
TEST(CurrentDateTime, InstantOnTheGrid) {
  const int64_t instant = parse("2024-02-29 23:59:59.9951234");
  int64_t out = 0;
  ASSERT_EQ(tsf_current_datetime(&out, instant, 0, 7), kOk);  // SYSUTCDATETIME: DATETIME2(7)
  EXPECT_EQ(text(out), "2024-02-29 23:59:59.9951234");
  ASSERT_EQ(tsf_current_datetime(&out, instant, 0, kDateTimeKind), kOk);  // GETUTCDATE: DATETIME's 1/300 s
  EXPECT_EQ(styled(out, 121, kDateTimeKind), "2024-02-29 23:59:59.997");
  ASSERT_EQ(tsf_current_datetime(&out, instant + 35'000, 0, kDateTimeKind), kOk);  // .9986234 rounds to the next day
  EXPECT_EQ(styled(out, 121, kDateTimeKind), "2024-03-01 00:00:00.000");
  ASSERT_EQ(tsf_current_datetime(&out, instant, 2 * kTicksPerHour, 7), kOk);  // a zone at +02:00: the next day
  EXPECT_EQ(text(out), "2024-03-01 01:59:59.9951234");
  ASSERT_EQ(tsf_current_datetime(&out, instant, -5 * kTicksPerHour, kDateTimeKind), kOk);
  EXPECT_EQ(styled(out, 121, kDateTimeKind), "2024-02-29 18:59:59.997");
  int32_t day = 0;
  ASSERT_EQ(tsf_current_date(&day, instant, 0), kOk);
  EXPECT_EQ(day, test::date(2024, 2, 29));
  ASSERT_EQ(tsf_current_date(&day, instant, kTicksPerHour), kOk);
  EXPECT_EQ(day, test::date(2024, 3, 1));
  ASSERT_EQ(tsf_current_date(&day, 0, -1), kOk);  // 1969-12-31 23:59:59.9999999
  EXPECT_EQ(day, test::date(1969, 12, 31));
  // GETDATE() and CURRENT_TIMESTAMP: local, DATETIME; GETUTCDATE(): UTC, DATETIME; SYSUTCDATETIME(): UTC, DATETIME2(7).
  ASSERT_EQ(tsf_getdate(&out, instant, -5 * kTicksPerHour), kOk);
  EXPECT_EQ(styled(out, 121, kDateTimeKind), "2024-02-29 18:59:59.997");
  ASSERT_EQ(tsf_current_timestamp(&out, instant + 35'000, 0), kOk);  // .9986234 rounds to the next day
  EXPECT_EQ(styled(out, 121, kDateTimeKind), "2024-03-01 00:00:00.000");
  ASSERT_EQ(tsf_getutcdate(&out, instant), kOk);
  EXPECT_EQ(styled(out, 121, kDateTimeKind), "2024-02-29 23:59:59.997");
  ASSERT_EQ(tsf_sysutcdatetime(&out, instant), kOk);
  EXPECT_EQ(text(out), "2024-02-29 23:59:59.9951234");
  // DATETIME starts in 1753: an earlier instant is out of its range, not of DATETIME2's.
  const int64_t early = parse("1752-12-31 23:59:59");
  EXPECT_EQ(tsf_getutcdate(&out, early), kDateTimeOutOfRange);
  EXPECT_EQ(tsf_getdate(&out, early, 0), kDateTimeOutOfRange);
  ASSERT_EQ(tsf_sysutcdatetime(&out, early), kOk);
  EXPECT_EQ(tsf_sysutcdatetime(&out, Clock::kMaxTicks + 1), kDateTimeOutOfRange);
  EXPECT_EQ(tsf_getdate(&out, instant, 2 * kTicksPerDay), kDateTimeOutOfRange);
  // What the binder never passes: a grid that is no kind, an offset beyond a day, an instant out of range.
  EXPECT_EQ(tsf_current_datetime(&out, instant, 0, 10), kInvalidArgument);
  EXPECT_EQ(tsf_current_datetime(&out, instant, 2 * kTicksPerDay, 7), kDateTimeOutOfRange);
  EXPECT_EQ(tsf_current_datetime(&out, Clock::kMaxTicks, kTicksPerHour, 7), kDateTimeOutOfRange);
  EXPECT_EQ(tsf_current_date(&day, Clock::kMinTicks, -kTicksPerHour), kDateTimeOutOfRange);
}

// The ODBC escape's date and time functions (`{fn ...}`), from "ODBC Scalar Functions (Transact-SQL)": its example C
// ('2007-04-21 01:01:01.1234567': Saturday, 21, 7, 1, 1, 1, April, 2, 16) and CURRENT_TIME(6)'s 10:27:11.973000
// (GETDATE()'s milliseconds), then the edges: year ends, leap days, 0001-01-01 and 9999-12-31, languages, DATEFIRST.
#include <gtest/gtest.h>

#include <string>

#include "tessera/functions/clock.hpp"
#include "tessera/functions/datetime_functions.hpp"
#include "test_support.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::date;

namespace {

int64_t at(int32_t y, int32_t m, int32_t d, int32_t hh, int32_t mi, int32_t ss, int64_t fraction) {
  return Clock::at(date(y, m, d), hh * kTicksPerHour + mi * kTicksPerMinute + ss * kTicksPerSecond + fraction);
}
std::string time_text(int64_t tod, int32_t digits) { return call_str(tsf_cast_time_to_varchar, tod, digits).value; }
std::string dayname(int32_t d, int32_t language = kUsEnglish) {
  const SessionContext ctx = SessionContext::for_language(language);
  return call_str(tsf_dayname, d, &ctx).value;
}
std::string monthname(int32_t d, int32_t language = kUsEnglish) {
  const SessionContext ctx = SessionContext::for_language(language);
  return call_str(tsf_monthname, d, &ctx).value;
}
template <typename F, typename T>
int32_t value(F f, T arg) {
  int32_t out = -1;
  EXPECT_EQ(f(&out, arg), kOk);
  return out;
}

}  // namespace

TEST(OdbcDateTime, DocumentedExample) {
  const int64_t v = at(2007, 4, 21, 1, 1, 1, 1'234'567);
  const int32_t d = Clock::day(v);
  EXPECT_EQ(dayname(d), "Saturday");
  EXPECT_EQ(value(tsf_dayofmonth, d), 21);
  EXPECT_EQ(value(tsf_dayofweek, d), 7);
  EXPECT_EQ(value(tsf_hour_datetime, v), 1);
  EXPECT_EQ(value(tsf_minute_datetime, v), 1);
  EXPECT_EQ(value(tsf_second_datetime, v), 1);
  EXPECT_EQ(monthname(d), "April");
  EXPECT_EQ(value(tsf_quarter, d), 2);
  EXPECT_EQ(value(tsf_week, d), 16);
  // The same fields of a TIME.
  const int64_t tod = Clock::time_of_day(v);
  EXPECT_EQ(value(tsf_hour_time, tod), 1);
  EXPECT_EQ(value(tsf_minute_time, tod), 1);
  EXPECT_EQ(value(tsf_second_time, tod), 1);
}

TEST(OdbcDateTime, CurrentTimeIsGetdatesTimeOfDay) {
  // CURRENT_TIME(6) at 10:27:11.9731234: GETDATE() says .973, so 10:27:11.973000.
  const int64_t instant = at(2007, 4, 20, 10, 27, 11, 9'731'234);
  int64_t out = -1;
  ASSERT_EQ(tsf_current_time(&out, instant, 0, 6), kOk);
  EXPECT_EQ(time_text(out, 6), "10:27:11.973000");
  ASSERT_EQ(tsf_current_time(&out, instant, 0, 0), kOk);  // TIME(0): .973 rounds up
  EXPECT_EQ(time_text(out, 0), "10:27:12");
  ASSERT_EQ(tsf_curtime(&out, instant, 0), kOk);  // TIME(7)
  EXPECT_EQ(time_text(out, 7), "10:27:11.9730000");
  ASSERT_EQ(tsf_curtime(&out, instant, -11 * kTicksPerHour), kOk);  // the local zone's offset: the day before
  EXPECT_EQ(time_text(out, 7), "23:27:11.9730000");
  // 23:59:59.999 is the next day's midnight on DATETIME's grid, so its time of day is 00:00:00.
  ASSERT_EQ(tsf_current_time(&out, at(2024, 12, 31, 23, 59, 59, 9'990'000), 0, 3), kOk);
  EXPECT_EQ(time_text(out, 3), "00:00:00.000");
  int32_t day = -1;
  ASSERT_EQ(tsf_curdate(&day, instant, 0), kOk);
  EXPECT_EQ(day, date(2007, 4, 20));
  ASSERT_EQ(tsf_curdate(&day, instant, 14 * kTicksPerHour), kOk);
  EXPECT_EQ(day, date(2007, 4, 21));
  // What the binder never passes: digits past 7, an instant out of range.
  EXPECT_EQ(tsf_current_time(&out, instant, 0, 8), kInvalidArgument);
  EXPECT_EQ(tsf_current_time(&out, instant, 0, -1), kInvalidArgument);
  EXPECT_EQ(tsf_current_time(&out, Clock::kMaxTicks, kTicksPerHour, 7), kDateTimeOutOfRange);
  EXPECT_EQ(tsf_curtime(&out, Clock::kMinTicks, 0), kDateTimeOutOfRange);  // before DATETIME's 1753
  EXPECT_EQ(tsf_curdate(&day, Clock::kMinTicks, -kTicksPerHour), kDateTimeOutOfRange);
}

TEST(OdbcDateTime, DayOfWeekAndWeekStartOnSunday) {
  // 2000-01-01 was a Saturday: DAYOFWEEK 7, week 1; Sunday 2000-01-02 starts week 2.
  EXPECT_EQ(value(tsf_dayofweek, date(2000, 1, 1)), 7);
  EXPECT_EQ(value(tsf_week, date(2000, 1, 1)), 1);
  EXPECT_EQ(value(tsf_dayofweek, date(2000, 1, 2)), 1);
  EXPECT_EQ(value(tsf_week, date(2000, 1, 2)), 2);
  EXPECT_EQ(value(tsf_dayofweek, date(2000, 1, 3)), 2);  // Monday
  // A leap year that starts on a Saturday ends in a 54th week (2000-12-31, a Sunday), as DATEPART(week, ...) with
  // DATEFIRST 7 counts; the page says 1-53 (docs/FUNCTIONS.md).
  EXPECT_EQ(value(tsf_week, date(2000, 12, 31)), 54);
  EXPECT_EQ(value(tsf_week, date(2007, 12, 31)), 53);  // a Monday
  EXPECT_EQ(value(tsf_week, date(2023, 1, 1)), 1);     // a Sunday
  // The extremes: 0001-01-01 a Monday, 9999-12-31 a Friday.
  EXPECT_EQ(value(tsf_dayofweek, Calendar::kMinDay), 2);
  EXPECT_EQ(value(tsf_week, Calendar::kMinDay), 1);
  EXPECT_EQ(value(tsf_dayofweek, Calendar::kMaxDay), 6);
  EXPECT_EQ(value(tsf_week, Calendar::kMaxDay), 53);
  EXPECT_EQ(value(tsf_dayofmonth, Calendar::kMaxDay), 31);
  EXPECT_EQ(value(tsf_quarter, Calendar::kMaxDay), 4);
}

TEST(OdbcDateTime, MonthEndsQuartersAndLeapDays) {
  EXPECT_EQ(value(tsf_dayofmonth, date(2024, 2, 29)), 29);
  EXPECT_EQ(value(tsf_quarter, date(2024, 3, 31)), 1);
  EXPECT_EQ(value(tsf_quarter, date(2024, 4, 1)), 2);
  EXPECT_EQ(value(tsf_quarter, date(2024, 9, 30)), 3);
  EXPECT_EQ(value(tsf_quarter, date(2024, 10, 1)), 4);
  EXPECT_EQ(dayname(date(2024, 2, 29)), "Thursday");
  EXPECT_EQ(monthname(date(2024, 2, 29)), "February");
  EXPECT_EQ(dayname(Calendar::kMinDay), "Monday");
  EXPECT_EQ(monthname(Calendar::kMaxDay), "December");
}

TEST(OdbcDateTime, NamesFollowTheSessionLanguage) {
  // "The name is Sonntag through Samstag for a data source that uses German."
  EXPECT_EQ(dayname(date(2007, 4, 22), kDeutsch), "Sonntag");
  EXPECT_EQ(dayname(date(2007, 4, 21), kDeutsch), "Samstag");
  EXPECT_EQ(monthname(date(2007, 3, 1), kDeutsch), "März");  // two bytes for the umlaut
  EXPECT_EQ(monthname(date(2007, 12, 1), kFrancais), "décembre");
  EXPECT_EQ(dayname(date(2007, 4, 19), kDeutsch), "Donnerstag");  // the longest name, kMaxDateNameBytes
}

TEST(OdbcDateTime, TimeFields) {
  EXPECT_EQ(value(tsf_hour_datetime, at(9999, 12, 31, 23, 59, 59, 9'999'999)), 23);
  EXPECT_EQ(value(tsf_minute_datetime, at(9999, 12, 31, 23, 59, 59, 9'999'999)), 59);
  EXPECT_EQ(value(tsf_second_datetime, at(9999, 12, 31, 23, 59, 59, 9'999'999)), 59);
  EXPECT_EQ(value(tsf_hour_datetime, at(1, 1, 1, 0, 0, 0, 0)), 0);
  EXPECT_EQ(value(tsf_hour_datetime, at(1969, 12, 31, 22, 30, 15, 0)), 22);  // before 1970: negative ticks
  EXPECT_EQ(value(tsf_minute_datetime, at(1969, 12, 31, 22, 30, 15, 0)), 30);
  EXPECT_EQ(value(tsf_second_datetime, at(1969, 12, 31, 22, 30, 15, 0)), 15);
  EXPECT_EQ(value(tsf_hour_time, kTicksPerDay - 1), 23);
  EXPECT_EQ(value(tsf_second_time, kTicksPerDay - 1), 59);
  EXPECT_EQ(value(tsf_minute_time, int64_t{0}), 0);
}

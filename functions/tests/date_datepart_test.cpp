// DATEPART, DATENAME, DATETRUNC (and YEAR/MONTH/DAY) on DATE.
// Examples from the SQL Server docs pages "DATEPART (Transact-SQL)",
// "DATENAME (Transact-SQL)", "SET DATEFIRST (Transact-SQL)",
// "DATETRUNC (Transact-SQL)".
#include <gtest/gtest.h>

#include "tessera/functions/date_functions.hpp"
#include "tessera/functions/date_part.hpp"
#include "test_support.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::date;
using tessera::fn::test::StrResult;

namespace {
constexpr int32_t P(DatePart p) { return static_cast<int32_t>(p); }

int32_t part(DatePart p, int32_t d, const SessionContext& ctx = SessionContext{}) {
  int32_t out = -1;
  EXPECT_EQ(tsf_datepart(&out, P(p), d, &ctx), kOk);
  return out;
}
std::string name(DatePart p, int32_t d, const SessionContext& ctx = SessionContext{}) {
  StrResult r = call_str(tsf_datename, P(p), d, &ctx);
  EXPECT_EQ(r.status, kOk);
  return r.value;
}
int32_t trunc(DatePart p, int32_t d, const SessionContext& ctx = SessionContext{}) {
  int32_t out = -1;
  EXPECT_EQ(tsf_datetrunc(&out, P(p), d, &ctx), kOk);
  return out;
}
}  // namespace

TEST(DateParts, YearMonthDay) {
  int32_t y = 0, m = 0, d = 0;
  EXPECT_EQ(tsf_year(&y, date(1, 1, 1)), kOk);
  EXPECT_EQ(tsf_month(&m, date(9999, 12, 31)), kOk);
  EXPECT_EQ(tsf_day(&d, date(2024, 2, 29)), kOk);
  EXPECT_EQ(y, 1);
  EXPECT_EQ(m, 12);
  EXPECT_EQ(d, 29);
}

// DATEPART page: '2007-10-30 12:15:32.1234567 +05:10'.
TEST(DatePart, DocumentedExample) {
  const int32_t d = date(2007, 10, 30);
  EXPECT_EQ(part(DatePart::Year, d), 2007);
  EXPECT_EQ(part(DatePart::Quarter, d), 4);
  EXPECT_EQ(part(DatePart::Month, d), 10);
  EXPECT_EQ(part(DatePart::DayOfYear, d), 303);
  EXPECT_EQ(part(DatePart::Day, d), 30);
  EXPECT_EQ(part(DatePart::Week, d), 44);
  EXPECT_EQ(part(DatePart::Weekday, d), 3);
  EXPECT_EQ(part(DatePart::IsoWeek, d), 44);
}

// SET DATEFIRST page: 1999-01-01 is a Friday.
TEST(DatePart, WeekdayFollowsDatefirst) {
  SessionContext ctx;
  const int32_t d = date(1999, 1, 1);
  EXPECT_EQ(part(DatePart::Weekday, d, ctx), 6);
  ctx.datefirst = 3;
  EXPECT_EQ(part(DatePart::Weekday, d, ctx), 3);
  ctx.datefirst = 1;
  EXPECT_EQ(part(DatePart::Weekday, d, ctx), 5);
  ctx.datefirst = 5;
  EXPECT_EQ(part(DatePart::Weekday, d, ctx), 1);
}

TEST(DatePart, WeekStartsOnJanuaryFirstAndDatefirst) {
  SessionContext ctx;  // DATEFIRST 7: weeks start on Sunday
  // 2022-01-01 is a Saturday: week 1 is that one day; Sunday 2022-01-02 starts week 2.
  EXPECT_EQ(part(DatePart::Week, date(2022, 1, 1), ctx), 1);
  EXPECT_EQ(part(DatePart::Week, date(2022, 1, 2), ctx), 2);
  EXPECT_EQ(part(DatePart::Week, date(2022, 12, 31), ctx), 53);
  ctx.datefirst = 1;  // Monday
  EXPECT_EQ(part(DatePart::Week, date(2022, 1, 2), ctx), 1);
  EXPECT_EQ(part(DatePart::Week, date(2022, 1, 3), ctx), 2);
  // A leap year starting on Saturday reaches week 54 under DATEFIRST 7.
  ctx.datefirst = 7;
  EXPECT_EQ(part(DatePart::Week, date(2000, 12, 31), ctx), 54);
}

TEST(DatePart, IsoWeek) {
  EXPECT_EQ(part(DatePart::IsoWeek, date(2005, 1, 1)), 53);  // Saturday, belongs to 2004
  EXPECT_EQ(part(DatePart::IsoWeek, date(2008, 12, 29)), 1);  // Monday, week 1 of 2009
  EXPECT_EQ(part(DatePart::IsoWeek, date(2010, 1, 3)), 53);   // Sunday, 2009 had 53 weeks
  EXPECT_EQ(part(DatePart::IsoWeek, date(2010, 1, 4)), 1);
  EXPECT_EQ(part(DatePart::IsoWeek, date(1, 1, 1)), 1);        // a Monday
  EXPECT_EQ(part(DatePart::IsoWeek, date(9999, 12, 31)), 52);  // a Friday
}

TEST(DatePart, RangeEndsAndLeapDays) {
  EXPECT_EQ(part(DatePart::Year, date(1, 1, 1)), 1);
  EXPECT_EQ(part(DatePart::Weekday, date(1, 1, 1)), 2);  // Monday under DATEFIRST 7
  EXPECT_EQ(part(DatePart::DayOfYear, date(9999, 12, 31)), 365);
  EXPECT_EQ(part(DatePart::DayOfYear, date(2024, 12, 31)), 366);
  EXPECT_EQ(part(DatePart::DayOfYear, date(2024, 2, 29)), 60);
  EXPECT_EQ(part(DatePart::Quarter, date(2024, 3, 31)), 1);
  EXPECT_EQ(part(DatePart::Quarter, date(2024, 4, 1)), 2);
  EXPECT_EQ(part(DatePart::Weekday, date(9999, 12, 31)), 6);  // Friday
}

TEST(DatePart, InvalidPart) {
  SessionContext ctx;
  int32_t out = 0;
  EXPECT_EQ(tsf_datepart(&out, 8, date(2024, 1, 1), &ctx), kInvalidDatepart);
  EXPECT_EQ(tsf_datepart(&out, -1, date(2024, 1, 1), &ctx), kInvalidDatepart);
  EXPECT_EQ(tsf_datepart(&out, static_cast<int32_t>(DatePart::Hour), date(2024, 1, 1), &ctx), kInvalidDatepart);
}

TEST(DatePart, ParseDatepartNames) {
  DatePart p{};
  EXPECT_TRUE(parse_datepart("YYYY", p));
  EXPECT_EQ(p, DatePart::Year);
  EXPECT_TRUE(parse_datepart("isowk", p));
  EXPECT_EQ(p, DatePart::IsoWeek);
  EXPECT_TRUE(parse_datepart("dw", p));
  EXPECT_EQ(p, DatePart::Weekday);
  EXPECT_TRUE(parse_datepart("y", p));
  EXPECT_EQ(p, DatePart::DayOfYear);
  EXPECT_TRUE(parse_datepart("hour", p));  // a part of date-times; a DATE refuses it (Msg 9810)
  EXPECT_EQ(p, DatePart::Hour);
  EXPECT_TRUE(parse_datepart("mcs", p));
  EXPECT_EQ(p, DatePart::Microsecond);
  EXPECT_TRUE(parse_datepart("N", p));
  EXPECT_EQ(p, DatePart::Minute);
  EXPECT_FALSE(parse_datepart("hours", p));
  EXPECT_FALSE(parse_datepart("tzoffset", p));  // DATETIMEOFFSET is not supported
  EXPECT_FALSE(parse_datepart("", p));
}

// DATENAME page: same example as DATEPART.
TEST(DateName, DocumentedExample) {
  const int32_t d = date(2007, 10, 30);
  EXPECT_EQ(name(DatePart::Year, d), "2007");
  EXPECT_EQ(name(DatePart::Quarter, d), "4");
  EXPECT_EQ(name(DatePart::Month, d), "October");
  EXPECT_EQ(name(DatePart::DayOfYear, d), "303");
  EXPECT_EQ(name(DatePart::Day, d), "30");
  EXPECT_EQ(name(DatePart::Week, d), "44");
  EXPECT_EQ(name(DatePart::Weekday, d), "Tuesday");
  EXPECT_EQ(name(DatePart::IsoWeek, d), "44");
}

TEST(DateName, Languages) {
  const SessionContext de = SessionContext::for_language(kDeutsch);
  const SessionContext fr = SessionContext::for_language(kFrancais);
  const SessionContext gb = SessionContext::for_language(kBritish);
  EXPECT_EQ(name(DatePart::Month, date(2024, 3, 1), de), "März");
  EXPECT_EQ(name(DatePart::Weekday, date(2024, 2, 29), de), "Donnerstag");
  EXPECT_EQ(name(DatePart::Month, date(2024, 2, 29), fr), "février");
  EXPECT_EQ(name(DatePart::Month, date(2024, 8, 15), fr), "août");
  EXPECT_EQ(name(DatePart::Month, date(9999, 12, 31), fr), "décembre");
  EXPECT_EQ(name(DatePart::Weekday, date(2024, 1, 7), fr), "dimanche");
  EXPECT_EQ(name(DatePart::Month, date(1, 1, 1), gb), "January");
  EXPECT_EQ(name(DatePart::Weekday, date(1, 1, 1), gb), "Monday");
  // The numeric parts do not depend on the language (week does on DATEFIRST).
  EXPECT_EQ(name(DatePart::Year, date(1, 1, 1), de), "1");
  EXPECT_EQ(name(DatePart::Year, date(9999, 12, 31), fr), "9999");
}

TEST(DateName, InvalidPart) {
  SessionContext ctx;
  EXPECT_EQ(call_str(tsf_datename, 42, date(2024, 1, 1), &ctx).status, kInvalidDatepart);
}

// DATETRUNC page: 2021-12-08 (a Wednesday).
TEST(DateTrunc, DocumentedExample) {
  const int32_t d = date(2021, 12, 8);
  EXPECT_EQ(trunc(DatePart::Year, d), date(2021, 1, 1));
  EXPECT_EQ(trunc(DatePart::Quarter, d), date(2021, 10, 1));
  EXPECT_EQ(trunc(DatePart::Month, d), date(2021, 12, 1));
  EXPECT_EQ(trunc(DatePart::Week, d), date(2021, 12, 5));     // Sunday under DATEFIRST 7
  EXPECT_EQ(trunc(DatePart::IsoWeek, d), date(2021, 12, 6));  // Monday
  EXPECT_EQ(trunc(DatePart::DayOfYear, d), d);
  EXPECT_EQ(trunc(DatePart::Day, d), d);
  SessionContext mon;
  mon.datefirst = 1;
  EXPECT_EQ(trunc(DatePart::Week, d, mon), date(2021, 12, 6));
}

TEST(DateTrunc, EdgesAndErrors) {
  SessionContext ctx;
  int32_t out = 0;
  EXPECT_EQ(trunc(DatePart::Year, date(9999, 12, 31)), date(9999, 1, 1));
  EXPECT_EQ(trunc(DatePart::Quarter, date(2024, 2, 29)), date(2024, 1, 1));
  EXPECT_EQ(trunc(DatePart::IsoWeek, date(1, 1, 1)), date(1, 1, 1));  // already a Monday
  // 0001-01-01 is a Monday: its Sunday-started week begins before the range.
  EXPECT_EQ(tsf_datetrunc(&out, P(DatePart::Week), date(1, 1, 1), &ctx), kDateOverflow);
  EXPECT_EQ(tsf_datetrunc(&out, P(DatePart::Weekday), date(2024, 1, 1), &ctx), kInvalidDatepart);
}

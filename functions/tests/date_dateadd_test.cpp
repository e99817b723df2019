// DATEADD, DATEDIFF, DATEDIFF_BIG, EOMONTH, DATEFROMPARTS, DATE_BUCKET.
// Examples from the SQL Server docs pages "DATEADD (Transact-SQL)",
// "DATEDIFF (Transact-SQL)", "DATEDIFF_BIG (Transact-SQL)",
// "EOMONTH (Transact-SQL)", "DATEFROMPARTS (Transact-SQL)",
// "DATE_BUCKET (Transact-SQL)".
#include <gtest/gtest.h>

#include <climits>

#include "tessera/functions/date_functions.hpp"
#include "tessera/functions/date_part.hpp"
#include "test_support.hpp"

using namespace tessera::fn;
using tessera::fn::test::date;

namespace {
constexpr int32_t P(DatePart p) { return static_cast<int32_t>(p); }

int32_t add(DatePart p, int32_t n, int32_t d) {
  int32_t out = 0;
  EXPECT_EQ(tsf_dateadd(&out, P(p), n, d), kOk);
  return out;
}
int32_t add_status(DatePart p, int32_t n, int32_t d) {
  int32_t out = 0;
  return tsf_dateadd(&out, P(p), n, d);
}
int32_t diff(DatePart p, int32_t a, int32_t b) {
  int32_t out = 0;
  EXPECT_EQ(tsf_datediff(&out, P(p), a, b), kOk);
  int64_t big = 0;
  EXPECT_EQ(tsf_datediff_big(&big, P(p), a, b), kOk);
  EXPECT_EQ(big, out);
  return out;
}
int32_t bucket(DatePart p, int32_t n, int32_t d) {
  int32_t out = 0;
  EXPECT_EQ(tsf_date_bucket(&out, P(p), n, d), kOk);
  return out;
}
int32_t bucket_from(DatePart p, int32_t n, int32_t d, int32_t origin) {
  int32_t out = 0;
  EXPECT_EQ(tsf_date_bucket_origin(&out, P(p), n, d, origin), kOk);
  return out;
}
}  // namespace

// DATEADD page: adding months to 2006-08-31 clamps to the month end.
TEST(DateAdd, MonthEndClamping) {
  EXPECT_EQ(add(DatePart::Month, 1, date(2006, 8, 31)), date(2006, 9, 30));
  EXPECT_EQ(add(DatePart::Month, 2, date(2006, 8, 31)), date(2006, 10, 31));
  EXPECT_EQ(add(DatePart::Month, 1, date(2024, 1, 31)), date(2024, 2, 29));
  EXPECT_EQ(add(DatePart::Month, 1, date(2023, 1, 31)), date(2023, 2, 28));
  EXPECT_EQ(add(DatePart::Month, -1, date(2024, 3, 31)), date(2024, 2, 29));
  EXPECT_EQ(add(DatePart::Year, 1, date(2024, 2, 29)), date(2025, 2, 28));
  EXPECT_EQ(add(DatePart::Year, 4, date(2024, 2, 29)), date(2028, 2, 29));
  EXPECT_EQ(add(DatePart::Quarter, 1, date(2023, 11, 30)), date(2024, 2, 29));
}

// DATEADD page: each datepart added once to 2007-01-01 (date portion).
TEST(DateAdd, EachPart) {
  const int32_t d = date(2007, 1, 1);
  EXPECT_EQ(add(DatePart::Year, 1, d), date(2008, 1, 1));
  EXPECT_EQ(add(DatePart::Quarter, 1, d), date(2007, 4, 1));
  EXPECT_EQ(add(DatePart::Month, 1, d), date(2007, 2, 1));
  EXPECT_EQ(add(DatePart::DayOfYear, 1, d), date(2007, 1, 2));
  EXPECT_EQ(add(DatePart::Day, 1, d), date(2007, 1, 2));
  EXPECT_EQ(add(DatePart::Week, 1, d), date(2007, 1, 8));
  EXPECT_EQ(add(DatePart::Weekday, 1, d), date(2007, 1, 2));
  EXPECT_EQ(add(DatePart::Day, -365, d), date(2006, 1, 1));
  EXPECT_EQ(add(DatePart::Day, 0, d), d);
}

TEST(DateAdd, RangeEndsAndOverflow) {
  EXPECT_EQ(add(DatePart::Day, 1, date(9999, 12, 30)), date(9999, 12, 31));
  EXPECT_EQ(add(DatePart::Day, -1, date(1, 1, 2)), date(1, 1, 1));
  EXPECT_EQ(add(DatePart::Year, 9998, date(1, 1, 1)), date(9999, 1, 1));
  EXPECT_EQ(add(DatePart::Month, -1, date(1, 2, 28)), date(1, 1, 28));
  EXPECT_EQ(add_status(DatePart::Day, 1, date(9999, 12, 31)), kDateOverflow);
  EXPECT_EQ(add_status(DatePart::Day, -1, date(1, 1, 1)), kDateOverflow);
  EXPECT_EQ(add_status(DatePart::Month, 1, date(9999, 12, 1)), kDateOverflow);
  EXPECT_EQ(add_status(DatePart::Week, 1, date(9999, 12, 25)), kDateOverflow);
  // DATEADD page: year 2147483647 / -2147483647 overflow (Msg 517).
  EXPECT_EQ(add_status(DatePart::Year, INT32_MAX, date(2006, 7, 31)), kDateOverflow);
  EXPECT_EQ(add_status(DatePart::Year, -INT32_MAX, date(2006, 7, 31)), kDateOverflow);
  EXPECT_EQ(add_status(DatePart::Quarter, INT32_MIN, date(2006, 7, 31)), kDateOverflow);
  EXPECT_EQ(add_status(DatePart::Week, INT32_MAX, date(2006, 7, 31)), kDateOverflow);
  EXPECT_EQ(add_status(DatePart::Day, INT32_MIN, date(2006, 7, 31)), kDateOverflow);
}

TEST(DateAdd, InvalidPart) {
  EXPECT_EQ(add_status(DatePart::IsoWeek, 1, date(2024, 1, 1)), kInvalidDatepart);
  int32_t out = 0;
  EXPECT_EQ(tsf_dateadd(&out, 99, 1, date(2024, 1, 1)), kInvalidDatepart);
}

// DATEDIFF page: one boundary of every part between 2005-12-31 and 2006-01-01.
TEST(DateDiff, DocumentedOneBoundary) {
  const int32_t a = date(2005, 12, 31), b = date(2006, 1, 1);
  EXPECT_EQ(diff(DatePart::Year, a, b), 1);
  EXPECT_EQ(diff(DatePart::Quarter, a, b), 1);
  EXPECT_EQ(diff(DatePart::Month, a, b), 1);
  EXPECT_EQ(diff(DatePart::DayOfYear, a, b), 1);
  EXPECT_EQ(diff(DatePart::Day, a, b), 1);
  EXPECT_EQ(diff(DatePart::Week, a, b), 1);  // Saturday -> Sunday
  EXPECT_EQ(diff(DatePart::Weekday, a, b), 1);
}

TEST(DateDiff, BoundariesNotElapsedTime) {
  EXPECT_EQ(diff(DatePart::Year, date(2024, 1, 1), date(2024, 12, 31)), 0);
  EXPECT_EQ(diff(DatePart::Month, date(2024, 1, 31), date(2024, 2, 1)), 1);
  EXPECT_EQ(diff(DatePart::Quarter, date(2024, 3, 31), date(2024, 4, 1)), 1);
  EXPECT_EQ(diff(DatePart::Quarter, date(2024, 1, 1), date(2023, 12, 31)), -1);
  // Sunday-based weeks regardless of DATEFIRST: Sunday -> Saturday is 0, Saturday -> Sunday 1.
  EXPECT_EQ(diff(DatePart::Week, date(2024, 1, 7), date(2024, 1, 13)), 0);
  EXPECT_EQ(diff(DatePart::Week, date(2024, 1, 13), date(2024, 1, 14)), 1);
  EXPECT_EQ(diff(DatePart::Week, date(2024, 1, 14), date(2024, 1, 13)), -1);
  EXPECT_EQ(diff(DatePart::Day, date(2024, 2, 28), date(2024, 3, 1)), 2);
  EXPECT_EQ(diff(DatePart::Day, date(2023, 2, 28), date(2023, 3, 1)), 1);
}

TEST(DateDiff, RangeEnds) {
  const int32_t lo = date(1, 1, 1), hi = date(9999, 12, 31);
  EXPECT_EQ(diff(DatePart::Year, lo, hi), 9998);
  EXPECT_EQ(diff(DatePart::Quarter, lo, hi), 9998 * 4 + 3);
  EXPECT_EQ(diff(DatePart::Month, lo, hi), 9998 * 12 + 11);
  EXPECT_EQ(diff(DatePart::Day, lo, hi), 3652058);
  EXPECT_EQ(diff(DatePart::Day, hi, lo), -3652058);
  // 0001-01-01 is a Monday (week 0 of its Sunday week), 9999-12-31 a Friday.
  EXPECT_EQ(diff(DatePart::Week, lo, hi), 521722);
  EXPECT_EQ(diff(DatePart::Day, hi, hi), 0);
}

TEST(DateDiff, InvalidPart) {
  int32_t out = 0;
  int64_t big = 0;
  EXPECT_EQ(tsf_datediff(&out, P(DatePart::IsoWeek), 0, 1), kInvalidDatepart);
  EXPECT_EQ(tsf_datediff_big(&big, P(DatePart::IsoWeek), 0, 1), kInvalidDatepart);
  EXPECT_EQ(tsf_datediff(&out, 12, 0, 1), kInvalidDatepart);
}

// EOMONTH page: 12/1/2011 -> 2011-12-31; +1 -> 2012-01-31; -1 -> 2011-11-30.
TEST(EoMonth, DocumentedExamples) {
  int32_t out = 0;
  EXPECT_EQ(tsf_eomonth(&out, date(2011, 12, 1)), kOk);
  EXPECT_EQ(out, date(2011, 12, 31));
  EXPECT_EQ(tsf_eomonth_add(&out, date(2011, 12, 1), 1), kOk);
  EXPECT_EQ(out, date(2012, 1, 31));
  EXPECT_EQ(tsf_eomonth_add(&out, date(2011, 12, 1), -1), kOk);
  EXPECT_EQ(out, date(2011, 11, 30));
}

TEST(EoMonth, LeapYearsRangeAndOverflow) {
  int32_t out = 0;
  EXPECT_EQ(tsf_eomonth(&out, date(2024, 2, 1)), kOk);
  EXPECT_EQ(out, date(2024, 2, 29));
  EXPECT_EQ(tsf_eomonth(&out, date(1900, 2, 10)), kOk);
  EXPECT_EQ(out, date(1900, 2, 28));
  EXPECT_EQ(tsf_eomonth(&out, date(2000, 2, 29)), kOk);
  EXPECT_EQ(out, date(2000, 2, 29));
  EXPECT_EQ(tsf_eomonth(&out, date(9999, 12, 31)), kOk);
  EXPECT_EQ(out, date(9999, 12, 31));
  EXPECT_EQ(tsf_eomonth(&out, date(1, 1, 1)), kOk);
  EXPECT_EQ(out, date(1, 1, 31));
  EXPECT_EQ(tsf_eomonth_add(&out, date(2024, 1, 31), 0), kOk);
  EXPECT_EQ(out, date(2024, 1, 31));
  EXPECT_EQ(tsf_eomonth_add(&out, date(9999, 12, 1), 1), kDateOverflow);
  EXPECT_EQ(tsf_eomonth_add(&out, date(1, 1, 1), -1), kDateOverflow);
  EXPECT_EQ(tsf_eomonth_add(&out, date(2024, 1, 1), INT32_MAX), kDateOverflow);
  EXPECT_EQ(tsf_eomonth_add(&out, date(2024, 1, 1), INT32_MIN), kDateOverflow);
}

// DATEFROMPARTS page: DATEFROMPARTS(2010, 12, 31) -> 2010-12-31.
TEST(DateFromParts, ValidAndInvalid) {
  int32_t out = 0;
  EXPECT_EQ(tsf_datefromparts(&out, 2010, 12, 31), kOk);
  EXPECT_EQ(out, date(2010, 12, 31));
  EXPECT_EQ(tsf_datefromparts(&out, 1, 1, 1), kOk);
  EXPECT_EQ(out, Calendar::kMinDay);
  EXPECT_EQ(tsf_datefromparts(&out, 9999, 12, 31), kOk);
  EXPECT_EQ(out, Calendar::kMaxDay);
  EXPECT_EQ(tsf_datefromparts(&out, 2024, 2, 29), kOk);
  EXPECT_EQ(out, date(2024, 2, 29));
  EXPECT_EQ(tsf_datefromparts(&out, 2023, 2, 29), kInvalidDateParts);
  EXPECT_EQ(tsf_datefromparts(&out, 1900, 2, 29), kInvalidDateParts);
  EXPECT_EQ(tsf_datefromparts(&out, 2024, 4, 31), kInvalidDateParts);
  EXPECT_EQ(tsf_datefromparts(&out, 0, 1, 1), kInvalidDateParts);
  EXPECT_EQ(tsf_datefromparts(&out, 10000, 1, 1), kInvalidDateParts);
  EXPECT_EQ(tsf_datefromparts(&out, 2024, 13, 1), kInvalidDateParts);
  EXPECT_EQ(tsf_datefromparts(&out, 2024, 1, 0), kInvalidDateParts);
  EXPECT_EQ(tsf_datefromparts(&out, INT32_MIN, INT32_MIN, INT32_MIN), kInvalidDateParts);
}

// DATE_BUCKET page: buckets of 2020-04-30 from the default origin 1900-01-01 (a Monday).
TEST(DateBucket, DefaultOrigin) {
  const int32_t d = date(2020, 4, 30);
  EXPECT_EQ(bucket(DatePart::Week, 1, d), date(2020, 4, 27));
  EXPECT_EQ(bucket(DatePart::Day, 1, d), d);
  EXPECT_EQ(bucket(DatePart::Month, 1, d), date(2020, 4, 1));
  EXPECT_EQ(bucket(DatePart::Quarter, 1, d), date(2020, 4, 1));
  EXPECT_EQ(bucket(DatePart::Year, 1, d), date(2020, 1, 1));
  EXPECT_EQ(bucket(DatePart::Month, 2, d), date(2020, 3, 1));  // even months since 1900-01
  EXPECT_EQ(bucket(DatePart::Year, 7, d), date(2019, 1, 1));   // 1900 + 7k
  EXPECT_EQ(bucket(DatePart::Day, 7, d), date(2020, 4, 27));
  // Before the origin the buckets count backwards.
  EXPECT_EQ(bucket(DatePart::Day, 2, date(1899, 12, 31)), date(1899, 12, 30));
  EXPECT_EQ(bucket(DatePart::Year, 1, date(1, 1, 1)), date(1, 1, 1));
}

TEST(DateBucket, Origin) {
  const int32_t origin = date(2020, 1, 31);
  EXPECT_EQ(bucket_from(DatePart::Month, 1, date(2020, 3, 30), origin), date(2020, 2, 29));
  EXPECT_EQ(bucket_from(DatePart::Month, 1, date(2020, 3, 31), origin), date(2020, 3, 31));
  EXPECT_EQ(bucket_from(DatePart::Week, 2, date(2020, 2, 13), origin), date(2020, 1, 31));
  EXPECT_EQ(bucket_from(DatePart::Week, 2, date(2020, 2, 14), origin), date(2020, 2, 14));
  EXPECT_EQ(bucket_from(DatePart::Day, 1, date(9999, 12, 31), origin), date(9999, 12, 31));
}

TEST(DateBucket, Errors) {
  int32_t out = 0;
  EXPECT_EQ(tsf_date_bucket(&out, P(DatePart::Day), 0, date(2020, 1, 1)), kInvalidArgument);
  EXPECT_EQ(tsf_date_bucket(&out, P(DatePart::Day), -1, date(2020, 1, 1)), kInvalidArgument);
  EXPECT_EQ(tsf_date_bucket(&out, P(DatePart::Weekday), 1, date(2020, 1, 1)), kInvalidDatepart);
  EXPECT_EQ(tsf_date_bucket(&out, P(DatePart::IsoWeek), 1, date(2020, 1, 1)), kInvalidDatepart);
  // 0001-01-01 is a Monday, so a 2-week bucket from 1900-01-01 may start before it.
  EXPECT_EQ(tsf_date_bucket(&out, P(DatePart::Week), 2, date(1, 1, 1)),
            (Calendar::to_days(1900, 1, 1) - date(1, 1, 1)) / 7 % 2 == 0 ? kOk : kDateOverflow);
  EXPECT_EQ(tsf_date_bucket_origin(&out, P(DatePart::Year), 100, date(1, 6, 1), date(50, 1, 1)), kDateOverflow);
}

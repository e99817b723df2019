// Date-time and time-of-day types in SQL against DuckDB (issue 12, part 1): DATETIME2, DATETIME,
// SMALLDATETIME and TIME values built from TPC-H's dates (each order gets a time of day from its key),
// through DATEPART, DATEADD, DATEDIFF, DATETRUNC, DATE_BUCKET, CAST, CONVERT, comparisons with literals,
// grouping, ordering and windows. DuckDB's TIMESTAMP holds microseconds, Tessera's types 100-ns ticks:
// the values here are whole seconds or milliseconds, so both sides hold them exactly.
#include <gtest/gtest.h>

#include "tessera/tpch_test_support.hpp"

using namespace tessera;

namespace {

struct DateTimeCase {
  const char* name;
  const char* tessera;
  const char* duckdb;
};

// Orders with a time of day: o_orderkey % 86399 seconds after midnight of o_orderdate.
#define T_ORDERS                                                                                           \
  "(SELECT o_orderkey, o_custkey, o_orderdate, DATEADD(second, CAST(o_orderkey % 86399 AS INT), CAST(o_orderdate AS " \
  "DATETIME2)) AS ts FROM orders WHERE o_orderkey < 30000) AS t"
#define D_ORDERS                                                                                           \
  "(SELECT o_orderkey, o_custkey, o_orderdate, CAST(o_orderdate AS TIMESTAMP) + to_seconds(o_orderkey % "  \
  "86399) AS ts FROM orders WHERE o_orderkey < 30000) AS t"

const DateTimeCase kCases[] = {
    {"PartsOfDateTime",
     "SELECT o_orderkey, DATEPART(year, ts), YEAR(ts), DATEPART(hour, ts), DATEPART(minute, ts), DATEPART(second, ts), "
     "DATEPART(dayofyear, ts), DATEPART(quarter, ts), DATEPART(millisecond, ts) FROM " T_ORDERS " ORDER BY 1",
     "SELECT o_orderkey, year(ts), year(ts), hour(ts), minute(ts), second(ts), dayofyear(ts), quarter(ts), 0 FROM "
     D_ORDERS " ORDER BY 1"},
    {"DateAddAndDiff",
     "SELECT o_orderkey, DATEADD(minute, 90, ts), DATEADD(hour, -5, ts), DATEADD(month, 1, ts), DATEADD(millisecond, "
     "1500, ts), DATEDIFF(hour, CAST(o_orderdate AS DATETIME2), ts), DATEDIFF(second, '1995-01-01 00:00:00', ts), "
     "DATEDIFF(day, o_orderdate, ts), DATEDIFF_BIG(millisecond, '1992-01-01', ts) FROM " T_ORDERS " ORDER BY 1",
     "SELECT o_orderkey, ts + INTERVAL 90 MINUTE, ts - INTERVAL 5 HOUR, ts + INTERVAL 1 MONTH, ts + INTERVAL 1500 "
     "MILLISECOND, date_diff('hour', CAST(o_orderdate AS TIMESTAMP), ts), date_diff('second', TIMESTAMP '1995-01-01 "
     "00:00:00', ts), date_diff('day', CAST(o_orderdate AS TIMESTAMP), ts), date_diff('millisecond', TIMESTAMP "
     "'1992-01-01', ts) FROM " D_ORDERS " ORDER BY 1"},
    {"GroupByHour",
     "SELECT DATEPART(hour, ts) AS h, COUNT(*), MIN(ts), MAX(ts) FROM " T_ORDERS " GROUP BY DATEPART(hour, ts) ORDER BY h",
     "SELECT hour(ts) AS h, COUNT(*), MIN(ts), MAX(ts) FROM " D_ORDERS " GROUP BY hour(ts) ORDER BY h"},
    {"TruncAndFilterOnLiterals",
     "SELECT DATETRUNC(hour, ts) AS hr, COUNT(*) FROM " T_ORDERS " WHERE ts >= '1995-03-01 06:00:00' AND ts < "
     "'1995-09-03' GROUP BY DATETRUNC(hour, ts) ORDER BY 1",
     "SELECT date_trunc('hour', ts) AS hr, COUNT(*) FROM " D_ORDERS " WHERE ts >= TIMESTAMP '1995-03-01 06:00:00' AND "
     "ts < TIMESTAMP '1995-09-03' GROUP BY date_trunc('hour', ts) ORDER BY 1"},
    {"CastsAndText",
     "SELECT o_orderkey, CAST(ts AS DATE), CAST(ts AS TIME(0)), CONVERT(VARCHAR(19), ts, 120), CONVERT(VARCHAR(30), ts, "
     "121), CAST(ts AS VARCHAR(40)), CONVERT(VARCHAR(8), ts, 108) FROM " T_ORDERS " WHERE o_orderkey < 3000 ORDER BY 1",
     "SELECT o_orderkey, CAST(ts AS DATE), CAST(ts AS TIME), strftime(ts, '%Y-%m-%d %H:%M:%S'), strftime(ts, "
     "'%Y-%m-%d %H:%M:%S') || '.0000000', strftime(ts, '%Y-%m-%d %H:%M:%S') || '.0000000', strftime(ts, '%H:%M:%S') "
     "FROM " D_ORDERS " WHERE o_orderkey < 3000 ORDER BY 1"},
    {"SmallDateTimeAndDateTimeRounding",
     "SELECT o_orderkey, CAST(ts AS SMALLDATETIME), CAST(DATEADD(millisecond, 2, ts) AS DATETIME), "
     "CONVERT(VARCHAR(30), CAST(ts AS DATETIME), 121) FROM " T_ORDERS " WHERE o_orderkey < 5000 ORDER BY 1",
     "SELECT o_orderkey, date_trunc('minute', ts + INTERVAL 30 SECOND), ts + INTERVAL 3 MILLISECOND, strftime(ts, "
     "'%Y-%m-%d %H:%M:%S') || '.000' FROM " D_ORDERS " WHERE o_orderkey < 5000 ORDER BY 1"},
    {"LatestOrderPerCustomer",
     "SELECT o_custkey, o_orderkey, ts FROM (SELECT o_custkey, o_orderkey, ts, ROW_NUMBER() OVER (PARTITION BY "
     "o_custkey ORDER BY ts DESC) AS rn FROM " T_ORDERS ") AS x WHERE rn = 1 ORDER BY o_custkey",
     "SELECT o_custkey, o_orderkey, ts FROM (SELECT o_custkey, o_orderkey, ts, ROW_NUMBER() OVER (PARTITION BY "
     "o_custkey ORDER BY ts DESC) AS rn FROM " D_ORDERS ") AS x WHERE rn = 1 ORDER BY o_custkey"},
    {"BucketsAndNames",
     "SELECT DATE_BUCKET(minute, 15, ts) AS b, DATENAME(month, ts) AS m, COUNT(*) FROM " T_ORDERS " WHERE o_orderkey < "
     "8000 GROUP BY DATE_BUCKET(minute, 15, ts), DATENAME(month, ts) ORDER BY 1",
     "SELECT time_bucket(INTERVAL 15 MINUTE, ts, TIMESTAMP '1900-01-01') AS b, monthname(ts) AS m, COUNT(*) FROM "
     D_ORDERS " WHERE o_orderkey < 8000 GROUP BY 1, 2 ORDER BY 1"},
    {"TimeOfDay",
     "SELECT o_orderkey, CAST(ts AS TIME), DATEPART(hour, CAST(ts AS TIME)), DATEADD(hour, 20, CAST(ts AS TIME)), "
     "DATEDIFF(minute, CAST('06:30' AS TIME), CAST(ts AS TIME)) FROM " T_ORDERS " WHERE CAST(ts AS TIME) > '05:00' "
     "ORDER BY 1",
     "SELECT o_orderkey, CAST(ts AS TIME), hour(ts), CAST(ts AS TIME) + INTERVAL 20 HOUR, date_diff('minute', "
     "TIMESTAMP '1900-01-01 06:30', CAST('1900-01-01' AS DATE) + CAST(ts AS TIME)) FROM " D_ORDERS " WHERE "
     "CAST(ts AS TIME) > TIME '05:00' ORDER BY 1"},
    {"FromPartsAndUnionWithDates",
     "SELECT DATETIME2FROMPARTS(YEAR(o_orderdate), MONTH(o_orderdate), 1, 12, 30, 0, 0, 0) AS v FROM orders WHERE "
     "o_orderkey < 100 UNION SELECT o_orderdate FROM orders WHERE o_orderkey < 50 ORDER BY 1",
     "SELECT make_timestamp(year(o_orderdate), month(o_orderdate), 1, 12, 30, 0) AS v FROM orders WHERE "
     "o_orderkey < 100 UNION SELECT CAST(o_orderdate AS TIMESTAMP) FROM orders WHERE o_orderkey < 50 ORDER BY 1"},
};

#undef T_ORDERS
#undef D_ORDERS

class DateTimeQueries : public test::TpchSuite<DateTimeCase> {};

TEST_P(DateTimeQueries, EqualsDuckDb) {
  const DateTimeCase& c = GetParam();
  const test::Comparison r = env_->compare(c.tessera, c.duckdb);
  EXPECT_TRUE(r.equal) << c.name << ": " << r.message;
  EXPECT_GT(r.rows, 0) << c.name << " returned no rows: the comparison proves little";
}

INSTANTIATE_TEST_SUITE_P(DateTime, DateTimeQueries, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace

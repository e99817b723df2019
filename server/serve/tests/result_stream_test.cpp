// Results as TDS result sets (result_stream.hpp): every engine type mapped to SQL Server's and its values read
// back by a client's reader (NULLs, wide decimals, money, dates before 1970, non-ASCII text), string lengths from
// the data, and rows written a slice at a time.
#include <gtest/gtest.h>

#include "tds_test_client.hpp"
#include "tessera/server/result_stream.hpp"

namespace tessera::server {
namespace {

using storage::DataType;

engine::QueryResult result_of(std::vector<std::pair<std::string, DataType>> columns) {
  engine::QueryResult r;
  for (auto& [name, type] : columns) {
    r.names.push_back(name);
    r.types.push_back(type);
    rt::Column c;
    c.type = type.physical();
    r.columns.push_back(std::move(c));
  }
  return r;
}

// COLMETADATA, every row and a DONE, read back as a client would.
test::ResultSet read_back(const engine::QueryResult& r, tds::TdsVersion v = tds::TdsVersion::V7_4) {
  ResultStream stream(r, v);
  tds::Buffer out;
  stream.write_metadata(out);
  while (stream.write_rows(out, out.size() + 100)) {
  }
  tds::write_done(out, {tds::done_status::kCount, tds::done_command::kSelect, static_cast<uint64_t>(r.rows)}, v);
  test::Response response = test::parse_response(out, v);
  EXPECT_EQ(response.results.size(), 1u);
  return response.results.at(0);
}

TEST(ResultStream, EveryEngineTypeAndItsValues) {
  engine::QueryResult r = result_of({{"b", DataType::boolean()},
                                     {"i", DataType::int32()},
                                     {"l", DataType::int64()},
                                     {"f", DataType::float64()},
                                     {"d", DataType::decimal(10, 2)},
                                     {"w", DataType::decimal(38, 10)},
                                     {"m", DataType::money()},
                                     {"day", DataType::date()},
                                     {"t", DataType::time(3)},
                                     {"dt2", DataType::datetime2(7)},
                                     {"dt", DataType::datetime()},
                                     {"sdt", DataType::smalldatetime()},
                                     {"c", DataType::fixed_char(5)},
                                     {"v", DataType::varchar(20)}});
  const __int128 wide = static_cast<__int128>(1234567890123456789LL) * 10000000000LL * 1000 + 123;  // 22+ digits
  const int64_t before_1970 = -(int64_t{86400} * 10000000);                                        // 1969-12-31
  auto& c = r.columns;
  c[0].append<uint8_t>(1);
  c[1].append<int32_t>(-42);
  c[2].append<int64_t>(INT64_MIN);
  c[3].append<double>(0.1);
  c[4].append<int64_t>(-123450);
  c[5].append<__int128>(wide);
  c[6].append<int64_t>(-9223372036854775807LL - 1);
  c[7].append<int32_t>(-719162);  // 0001-01-01
  c[8].append<int64_t>(int64_t{45296123} * 10000);
  c[9].append<int64_t>(before_1970 + 1);
  c[10].append<int64_t>(0);
  c[11].append<int64_t>(int64_t{60} * 10000000);
  c[12].append_string("\xC3\xA9\xC3\xA9   ");  // 'éé' padded to CHAR(5)
  c[13].append_string("\xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80");  // 日本 😀
  r.rows = 1;
  const test::ResultSet rs = read_back(r);
  using tds::WireType;
  const std::vector<WireType> types = {WireType::BitN,      WireType::IntN,      WireType::IntN,       WireType::FloatN,
                                       WireType::DecimalN,  WireType::DecimalN,  WireType::MoneyN,     WireType::DateN,
                                       WireType::TimeN,     WireType::DateTime2N, WireType::DateTimeN, WireType::DateTimeN,
                                       WireType::NChar,     WireType::NVarChar};
  ASSERT_EQ(rs.types.size(), types.size());
  for (size_t i = 0; i < types.size(); ++i) EXPECT_EQ(rs.types[i].type, types[i]) << rs.names[i];
  EXPECT_EQ(rs.types[5].precision, 38);
  EXPECT_EQ(rs.types[10].max_length, 8u);  // DATETIME
  EXPECT_EQ(rs.types[11].max_length, 4u);  // SMALLDATETIME
  EXPECT_EQ(rs.types[12].max_length, 10u);  // NCHAR(5)
  EXPECT_EQ(rs.types[13].max_length, 40u);  // NVARCHAR(20)
  ASSERT_EQ(rs.rows.size(), 1u);
  const auto& v = rs.rows[0];
  EXPECT_EQ(v[0], tds::Value::boolean(true));
  EXPECT_EQ(v[1], tds::Value::integer(-42));
  EXPECT_EQ(v[2], tds::Value::integer(INT64_MIN));
  EXPECT_EQ(v[3], tds::Value::floating(0.1));
  EXPECT_EQ(v[4], tds::Value::decimal(-123450, 10, 2));
  EXPECT_EQ(v[5], tds::Value::decimal(wide, 38, 10));
  EXPECT_EQ(v[6], tds::Value::money(INT64_MIN));
  EXPECT_EQ(v[7], tds::Value::date(0));
  EXPECT_EQ(v[8], tds::Value::time(int64_t{45296123} * 10000));
  EXPECT_EQ(v[9], tds::Value::datetime2(tds::kDaysFrom0001To1970 - 1, 1));
  EXPECT_EQ(v[10], tds::Value::datetime2(tds::kDaysFrom0001To1970, 0));
  EXPECT_EQ(v[11], tds::Value::datetime2(tds::kDaysFrom0001To1970, int64_t{60} * 10000000));
  EXPECT_EQ(v[12], tds::Value::string("\xC3\xA9\xC3\xA9   "));
  EXPECT_EQ(v[13], tds::Value::string("\xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80"));
}

TEST(ResultStream, NullsAndStringLengthsFromTheData) {
  engine::QueryResult r = result_of({{"expr", DataType::varchar(0)}, {"short", DataType::varchar(2)}, {"n", DataType::int32()}});
  r.columns[0].append_string("abc");
  r.columns[0].append_string("", false);
  r.columns[1].append_string("\xF0\x9F\x98\x80\xF0\x9F\x98\x80");  // two characters beyond U+FFFF: 4 code units
  r.columns[1].append_string("x");
  r.columns[2].append<int32_t>(0, false);
  r.columns[2].append<int32_t>(7);
  r.rows = 2;
  const test::ResultSet rs = read_back(r);
  EXPECT_EQ(rs.types[0].max_length, 6u);  // NVARCHAR(3): the longest value
  EXPECT_EQ(rs.types[1].max_length, 8u);  // NVARCHAR(4), wider than declared
  EXPECT_TRUE(rs.rows[0][2].is_null());
  EXPECT_TRUE(rs.rows[1][0].is_null());
  EXPECT_EQ(rs.rows[1][2], tds::Value::integer(7));
  // Older clients read the same rows (ROW with NULLs rather than NBCROW).
  EXPECT_EQ(read_back(r, tds::TdsVersion::V7_1).rows, rs.rows);
}

TEST(ResultStream, LongStringsAreNVarCharMax) {
  engine::QueryResult r = result_of({{"big", DataType::varchar(0)}});
  r.columns[0].append_string(std::string(5000, 'x'));
  r.rows = 1;
  const test::ResultSet rs = read_back(r);
  EXPECT_TRUE(rs.types[0].is_plp());
  EXPECT_EQ(rs.rows[0][0], tds::Value::string(std::string(5000, 'x')));
}

TEST(ResultStream, RowsAreWrittenASliceAtATime) {
  engine::QueryResult r = result_of({{"n", DataType::int64()}});
  for (int64_t i = 0; i < 10000; ++i) r.columns[0].append<int64_t>(i);
  r.rows = 10000;
  ResultStream stream(r, tds::TdsVersion::V7_4);
  tds::Buffer out;
  stream.write_metadata(out);
  int slices = 0;
  bool more = true;
  while (more) {
    tds::Buffer slice;
    more = stream.write_rows(slice, 4096);
    EXPECT_LT(slice.size(), 4096u + 16);  // a slice stops at the first row past the limit
    out.insert(out.end(), slice.begin(), slice.end());
    ++slices;
  }
  EXPECT_GT(slices, 20);
  EXPECT_EQ(stream.rows_written(), 10000);
  EXPECT_EQ(test::parse_response(out).results[0].rows.size(), 10000u);
}

TEST(ResultStream, StorageThatDoesNotMatchItsTypeIsABug) {
  engine::QueryResult r = result_of({{"n", DataType::int32()}});
  r.columns[0].type = fn::SqlType::Int64;
  r.columns[0].append<int64_t>(1);
  r.rows = 1;
  ResultStream stream(r, tds::TdsVersion::V7_4);
  tds::Buffer out;
  EXPECT_THROW(stream.write_rows(out, 1000), std::logic_error);
  engine::QueryResult no_columns;
  EXPECT_THROW(ResultStream(no_columns, tds::TdsVersion::V7_4), std::logic_error);
}

}  // namespace
}  // namespace tessera::server

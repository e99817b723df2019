// Result column types (column_type.hpp): the wire type of each SQL type per TDS version -- the nullable N
// forms, NVARCHAR text for the date and time types before 7.3, TEXT/NTEXT/IMAGE for (MAX) in 7.1 -- and the
// text those clients get.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "hex.hpp"
#include "tessera/tds/column_type.hpp"

namespace tessera::tds {
namespace {

using test::hex;
using test::to_hex;

std::string wire(const ColumnType& c, TdsVersion v = TdsVersion::V7_4) {
  Buffer out;
  write_type_info(out, wire_type(c, v));
  return to_hex(out);
}

const char* const kCollation = " 09 04 D0 00 34";

TEST(ColumnType, NullableWireTypesAt74) {
  EXPECT_EQ(wire(ColumnType::of(SqlType::Bit)), hex("68 01"));
  EXPECT_EQ(wire(ColumnType::of(SqlType::TinyInt)), hex("26 01"));
  EXPECT_EQ(wire(ColumnType::of(SqlType::SmallInt)), hex("26 02"));
  EXPECT_EQ(wire(ColumnType::of(SqlType::Int)), hex("26 04"));
  EXPECT_EQ(wire(ColumnType::of(SqlType::BigInt)), hex("26 08"));
  EXPECT_EQ(wire(ColumnType::of(SqlType::Real)), hex("6D 04"));
  EXPECT_EQ(wire(ColumnType::of(SqlType::Float)), hex("6D 08"));
  EXPECT_EQ(wire(ColumnType::decimal(10, 2)), hex("6A 09 0A 02"));
  EXPECT_EQ(wire(ColumnType::numeric(38, 38)), hex("6C 11 26 26"));
  EXPECT_EQ(wire(ColumnType::decimal(9, 0)), hex("6A 05 09 00"));
  EXPECT_EQ(wire(ColumnType::decimal(20, 5)), hex("6A 0D 14 05"));
  EXPECT_EQ(wire(ColumnType::of(SqlType::Money)), hex("6E 08"));
  EXPECT_EQ(wire(ColumnType::of(SqlType::SmallMoney)), hex("6E 04"));
  EXPECT_EQ(wire(ColumnType::of(SqlType::Date)), hex("28"));
  EXPECT_EQ(wire(ColumnType::time(7)), hex("29 07"));
  EXPECT_EQ(wire(ColumnType::of(SqlType::DateTime)), hex("6F 08"));
  EXPECT_EQ(wire(ColumnType::of(SqlType::SmallDateTime)), hex("6F 04"));
  EXPECT_EQ(wire(ColumnType::datetime2(3)), hex("2A 03"));
  EXPECT_EQ(wire(ColumnType::datetimeoffset(0)), hex("2B 00"));
  EXPECT_EQ(wire(ColumnType::character(10)), hex(std::string("AF 0A 00") + kCollation));
  EXPECT_EQ(wire(ColumnType::varchar(8000)), hex(std::string("A7 40 1F") + kCollation));
  EXPECT_EQ(wire(ColumnType::varchar(ColumnType::kMax)), hex(std::string("A7 FF FF") + kCollation));
  EXPECT_EQ(wire(ColumnType::nchar(10)), hex(std::string("EF 14 00") + kCollation));
  EXPECT_EQ(wire(ColumnType::nvarchar(4000)), hex(std::string("E7 40 1F") + kCollation));
  EXPECT_EQ(wire(ColumnType::nvarchar(ColumnType::kMax)), hex(std::string("E7 FF FF") + kCollation));
  EXPECT_EQ(wire(ColumnType::binary(16)), hex("AD 10 00"));
  EXPECT_EQ(wire(ColumnType::varbinary(100)), hex("A5 64 00"));
  EXPECT_EQ(wire(ColumnType::varbinary(ColumnType::kMax)), hex("A5 FF FF"));
}

TEST(ColumnType, DateAndTimeAreTextBefore73) {
  for (TdsVersion v : {TdsVersion::V7_1, TdsVersion::V7_2}) {
    // NVARCHAR of the longest text: 10, 8 + 1 + scale, 19 + 1 + scale, 26 + 1 + scale characters.
    EXPECT_EQ(wire(ColumnType::of(SqlType::Date), v), hex(std::string("E7 14 00") + kCollation));
    EXPECT_EQ(wire(ColumnType::time(7), v), hex(std::string("E7 20 00") + kCollation));
    EXPECT_EQ(wire(ColumnType::time(0), v), hex(std::string("E7 10 00") + kCollation));
    EXPECT_EQ(wire(ColumnType::datetime2(7), v), hex(std::string("E7 36 00") + kCollation));
    EXPECT_EQ(wire(ColumnType::datetimeoffset(7), v), hex(std::string("E7 44 00") + kCollation));
    EXPECT_TRUE(sent_as_text(ColumnType::of(SqlType::Date), v));
    EXPECT_FALSE(sent_as_text(ColumnType::of(SqlType::DateTime), v)) << "DATETIME is as old as TDS";
    EXPECT_EQ(wire(ColumnType::of(SqlType::DateTime), v), hex("6F 08"));
  }
  EXPECT_FALSE(sent_as_text(ColumnType::of(SqlType::Date), TdsVersion::V7_3A));
  EXPECT_EQ(wire(ColumnType::of(SqlType::Date), TdsVersion::V7_3A), hex("28"));
}

TEST(ColumnType, MaxTypesAreLegacyLobsIn71) {
  EXPECT_EQ(wire(ColumnType::varchar(ColumnType::kMax), TdsVersion::V7_1), hex(std::string("23 FF FF FF 7F") + kCollation));
  EXPECT_EQ(wire(ColumnType::nvarchar(ColumnType::kMax), TdsVersion::V7_1), hex(std::string("63 FE FF FF 7F") + kCollation));
  EXPECT_EQ(wire(ColumnType::varbinary(ColumnType::kMax), TdsVersion::V7_1), hex("22 FF FF FF 7F"));
  EXPECT_EQ(wire(ColumnType::varchar(ColumnType::kMax), TdsVersion::V7_2), hex(std::string("A7 FF FF") + kCollation));
  EXPECT_EQ(wire(ColumnType::varchar(10), TdsVersion::V7_1), hex(std::string("A7 0A 00") + kCollation));
}

TEST(ColumnType, InvalidParametersAreLogicErrors) {
  EXPECT_THROW(wire_type(ColumnType::decimal(39, 0), TdsVersion::V7_4), std::logic_error);
  EXPECT_THROW(wire_type(ColumnType::decimal(0, 0), TdsVersion::V7_4), std::logic_error);
  EXPECT_THROW(wire_type(ColumnType::decimal(5, 6), TdsVersion::V7_4), std::logic_error);
  EXPECT_THROW(wire_type(ColumnType::varchar(8001), TdsVersion::V7_4), std::logic_error);
  EXPECT_THROW(wire_type(ColumnType::nvarchar(4001), TdsVersion::V7_4), std::logic_error);
  EXPECT_THROW(wire_type(ColumnType::varchar(0), TdsVersion::V7_4), std::logic_error);
  EXPECT_THROW(wire_type(ColumnType::character(ColumnType::kMax), TdsVersion::V7_4), std::logic_error);
  EXPECT_THROW(wire_type(ColumnType::time(8), TdsVersion::V7_4), std::logic_error);
  EXPECT_THROW(wire_type(ColumnType::time(8), TdsVersion::V7_1), std::logic_error);
}

TEST(ColumnType, Names) {
  EXPECT_EQ(sql_name(ColumnType::decimal(10, 2)), "DECIMAL(10,2)");
  EXPECT_EQ(sql_name(ColumnType::nvarchar(ColumnType::kMax)), "NVARCHAR(MAX)");
  EXPECT_EQ(sql_name(ColumnType::datetime2(7)), "DATETIME2(7)");
  EXPECT_EQ(sql_name(ColumnType::of(SqlType::SmallMoney)), "SMALLMONEY");
}

TEST(ColumnType, TextForms) {
  const int32_t day = days_from_civil(2024, 1, 31);
  const int64_t ticks = ((12 * 60 + 34) * 60 + 56) * kTicksPerSecond + 1234567;
  EXPECT_EQ(text_form(ColumnType::of(SqlType::Date), Value::date(day)), "2024-01-31");
  EXPECT_EQ(text_form(ColumnType::of(SqlType::Date), Value::date(0)), "0001-01-01");
  EXPECT_EQ(text_form(ColumnType::time(7), Value::time(ticks)), "12:34:56.1234567");
  EXPECT_EQ(text_form(ColumnType::time(3), Value::time(ticks)), "12:34:56.123");
  EXPECT_EQ(text_form(ColumnType::time(0), Value::time(ticks)), "12:34:56");
  EXPECT_EQ(text_form(ColumnType::time(0), Value::time(kTicksPerDay - 1)), "00:00:00") << "TIME wraps";
  EXPECT_EQ(text_form(ColumnType::datetime2(7), Value::datetime2(day, ticks)), "2024-01-31 12:34:56.1234567");
  EXPECT_EQ(text_form(ColumnType::datetime2(2), Value::datetime2(day, kTicksPerDay - 1)), "2024-02-01 00:00:00.00");
  EXPECT_EQ(text_form(ColumnType::datetimeoffset(7), Value::datetimeoffset(DateTime2{day, ticks}, 60)),
            "2024-01-31 13:34:56.1234567 +01:00");
  // 02:00 UTC on Feb 1st is 21:00 on Jan 31st in New York.
  EXPECT_EQ(text_form(ColumnType::datetimeoffset(0),
                      Value::datetimeoffset(DateTime2{day + 1, 2 * 3600 * kTicksPerSecond}, -300)),
            "2024-01-31 21:00:00 -05:00");
  EXPECT_EQ(text_form(ColumnType::datetimeoffset(0), Value::datetimeoffset(DateTime2{day, 0}, -570)),
            "2024-01-30 14:30:00 -09:30");
  EXPECT_THROW(text_form(ColumnType::of(SqlType::Date), Value::integer(1)), std::logic_error);
  EXPECT_THROW(text_form(ColumnType::of(SqlType::Int), Value::integer(1)), std::logic_error);
}

}  // namespace
}  // namespace tessera::tds

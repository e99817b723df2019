// Values on the wire (value_codec.hpp): byte-exact encodings of every type, NULLs, decimals at each precision
// boundary, SQL Server's rounding of DATETIME and SMALLDATETIME, PLP chunking, and what a client's value may
// not be.
#include <gtest/gtest.h>

#include <string>

#include "hex.hpp"
#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/value_codec.hpp"

namespace tessera::tds {
namespace {

using test::from_hex;
using test::hex;
using test::to_hex;

TypeInfo make(WireType type, uint32_t max_length = 0, uint8_t precision = 0, uint8_t scale = 0) {
  TypeInfo t{type, max_length, precision, scale, {}};
  if (t.has_collation()) t.collation = kDefaultCollation;
  return t;
}

std::string written(const TypeInfo& t, const Value& v) {
  Buffer out;
  write_value(out, t, v);
  return to_hex(out);
}

Value read(const TypeInfo& t, const Buffer& bytes) {
  ByteReader r(bytes, "RPC");
  Value v = read_value(r, t, "parameter 1");
  EXPECT_TRUE(r.at_end()) << "unread bytes";
  return v;
}

Value read_hex(const TypeInfo& t, const char* bytes) { return read(t, from_hex(bytes)); }

DateTime2 at(int32_t y, uint32_t mo, uint32_t d, int h, int mi, int s, int64_t ticks = 0) {
  return DateTime2{days_from_civil(y, mo, d), ((h * 60 + mi) * 60 + s) * kTicksPerSecond + ticks};
}

Value datetime(int32_t y, uint32_t mo, uint32_t d, int h, int mi, int s, int64_t ticks = 0) {
  const DateTime2 v = at(y, mo, d, h, mi, s, ticks);
  return Value::datetime2(v.days, v.ticks);
}

// ---- integers, bits, floats, money ----

TEST(ValueCodec, Integers) {
  EXPECT_EQ(written(make(WireType::IntN, 4), Value::integer(42)), hex("04 2A 00 00 00"));
  EXPECT_EQ(written(make(WireType::IntN, 1), Value::integer(255)), hex("01 FF"));
  EXPECT_EQ(written(make(WireType::IntN, 2), Value::integer(-2)), hex("02 FE FF"));
  EXPECT_EQ(written(make(WireType::IntN, 8), Value::integer(-1)), hex("08 FF FF FF FF FF FF FF FF"));
  EXPECT_EQ(written(make(WireType::IntN, 4), Value()), hex("00"));
  EXPECT_EQ(written(make(WireType::Int4), Value::integer(1)), hex("01 00 00 00"));
  EXPECT_EQ(written(make(WireType::Int1), Value::integer(7)), hex("07"));

  EXPECT_EQ(read_hex(make(WireType::IntN, 1), "01 FF"), Value::integer(255)) << "TINYINT is unsigned";
  EXPECT_EQ(read_hex(make(WireType::IntN, 8), "04 FE FF FF FF"), Value::integer(-2)) << "a shorter value than the maximum";
  EXPECT_EQ(read_hex(make(WireType::Int2), "FE FF"), Value::integer(-2));
  EXPECT_EQ(read_hex(make(WireType::Int8), "01 00 00 00 00 00 00 80"), Value::integer(INT64_MIN + 1));
  EXPECT_EQ(read_hex(make(WireType::IntN, 4), "00"), Value());
}

TEST(ValueCodec, IntegersOutOfRange) {
  EXPECT_THROW(written(make(WireType::IntN, 1), Value::integer(256)), std::out_of_range);
  EXPECT_THROW(written(make(WireType::IntN, 1), Value::integer(-1)), std::out_of_range);
  EXPECT_THROW(written(make(WireType::IntN, 2), Value::integer(32768)), std::out_of_range);
  EXPECT_THROW(written(make(WireType::IntN, 4), Value::integer(int64_t{1} << 31)), std::out_of_range);
  EXPECT_NO_THROW(written(make(WireType::IntN, 4), Value::integer(INT32_MIN)));
}

TEST(ValueCodec, Bits) {
  EXPECT_EQ(written(make(WireType::BitN, 1), Value::boolean(true)), hex("01 01"));
  EXPECT_EQ(written(make(WireType::BitN, 1), Value::boolean(false)), hex("01 00"));
  EXPECT_EQ(written(make(WireType::Bit), Value::boolean(true)), hex("01"));
  EXPECT_EQ(read_hex(make(WireType::BitN, 1), "01 01"), Value::boolean(true));
  EXPECT_EQ(read_hex(make(WireType::Bit), "00"), Value::boolean(false));
  EXPECT_EQ(read_hex(make(WireType::BitN, 1), "00"), Value());
}

TEST(ValueCodec, Floats) {
  EXPECT_EQ(written(make(WireType::FloatN, 8), Value::floating(1.5)), hex("08 00 00 00 00 00 00 F8 3F"));
  EXPECT_EQ(written(make(WireType::FloatN, 4), Value::floating(1.5)), hex("04 00 00 C0 3F"));
  EXPECT_EQ(written(make(WireType::Float8), Value::floating(-2)), hex("00 00 00 00 00 00 00 C0"));
  EXPECT_EQ(read_hex(make(WireType::FloatN, 8), "04 00 00 C0 3F"), Value::floating(1.5));
  EXPECT_EQ(read_hex(make(WireType::Float4), "00 00 C0 BF"), Value::floating(-1.5));
}

TEST(ValueCodec, Money) {
  // MONEY is an int64 of 1/10000 units sent high half first: 1.0001 = 10001.
  EXPECT_EQ(written(make(WireType::MoneyN, 8), Value::money(10001)), hex("08 00 00 00 00 11 27 00 00"));
  EXPECT_EQ(written(make(WireType::MoneyN, 8), Value::money(-10000)), hex("08 FF FF FF FF F0 D8 FF FF"));
  EXPECT_EQ(written(make(WireType::MoneyN, 8), Value::money(int64_t{5} << 32 | 7)), hex("08 05 00 00 00 07 00 00 00"));
  EXPECT_EQ(written(make(WireType::MoneyN, 4), Value::money(-10000)), hex("04 F0 D8 FF FF"));
  EXPECT_THROW(written(make(WireType::MoneyN, 4), Value::money(int64_t{1} << 31)), std::out_of_range);
  EXPECT_EQ(read_hex(make(WireType::Money), "FF FF FF FF F0 D8 FF FF"), Value::money(-10000));
  EXPECT_EQ(read_hex(make(WireType::Money4), "11 27 00 00"), Value::money(10001));
}

// ---- decimals ----

TEST(ValueCodec, DecimalBytes) {
  // DECIMAL(5,2) 123.45: 5 bytes, sign 1 (positive), magnitude 12345 = 0x3039.
  EXPECT_EQ(written(make(WireType::DecimalN, 5, 5, 2), Value::decimal(12345, 5, 2)), hex("05 01 39 30 00 00"));
  EXPECT_EQ(written(make(WireType::DecimalN, 5, 5, 2), Value::decimal(-12345, 5, 2)), hex("05 00 39 30 00 00"));
  EXPECT_EQ(written(make(WireType::NumericN, 5, 5, 2), Value::decimal(0, 5, 2)), hex("05 01 00 00 00 00"));
  EXPECT_EQ(written(make(WireType::DecimalN, 5, 5, 2), Value()), hex("00"));
  EXPECT_EQ(read_hex(make(WireType::DecimalN, 17, 5, 2), "05 00 39 30 00 00"), Value::decimal(-12345, 5, 2));
}

TEST(ValueCodec, DecimalPrecisionBoundaries) {
  // The largest value of each precision takes the length of its band; one digit more takes the next one.
  const struct {
    uint8_t precision;
    size_t length;
  } bands[] = {{1, 5}, {9, 5}, {10, 9}, {19, 9}, {20, 13}, {28, 13}, {29, 17}, {38, 17}};
  for (const auto& band : bands) {
    __int128 largest = 1;
    for (int i = 0; i < band.precision; ++i) largest *= 10;
    largest -= 1;
    for (__int128 unscaled : {largest, -largest, __int128{1}, __int128{0}}) {
      const TypeInfo t = make(WireType::DecimalN, band.length, band.precision, 0);
      Buffer out;
      write_value(out, t, Value::decimal(unscaled, band.precision, 0));
      ASSERT_EQ(out.size(), 1 + band.length) << int(band.precision);
      EXPECT_EQ(out[0], band.length);
      EXPECT_EQ(out[1], unscaled < 0 ? 0 : 1);
      EXPECT_EQ(read(t, out), Value::decimal(unscaled, band.precision, 0)) << int(band.precision);
    }
    EXPECT_THROW(written(make(WireType::DecimalN, band.length, band.precision, 0),
                         Value::decimal(largest + 1, band.precision, 0)),
                 std::out_of_range)
        << int(band.precision);
  }
  // 10^38 - 1, the largest DECIMAL(38), in 16 bytes: 0x4B3B4CA85A86C47A098A223FFFFFFFFF.
  __int128 max38 = 1;
  for (int i = 0; i < 38; ++i) max38 *= 10;
  max38 -= 1;
  EXPECT_EQ(written(make(WireType::DecimalN, 17, 38, 0), Value::decimal(max38, 38, 0)),
            hex("11 01 FF FF FF FF 3F 22 8A 09 7A C4 86 5A A8 4C 3B 4B"));
}

TEST(ValueCodec, DecimalRescaledToTheColumn) {
  const TypeInfo d10_2 = make(WireType::DecimalN, 9, 10, 2);
  const auto unscaled = [&](const Value& v) {
    Buffer out;
    write_value(out, d10_2, v);
    ByteReader r(out, "TEST");
    return read_value(r, d10_2, "x").as<Decimal>().unscaled;
  };
  EXPECT_EQ(unscaled(Value::decimal(15, 2, 1)), 150);         // 1.5 -> 1.50
  EXPECT_EQ(unscaled(Value::decimal(12345, 5, 4)), 123);      // 1.2345 -> 1.23
  EXPECT_EQ(unscaled(Value::decimal(1235, 4, 3)), 124);       // 1.235 -> 1.24: half away from zero
  EXPECT_EQ(unscaled(Value::decimal(-1235, 4, 3)), -124);
  EXPECT_EQ(unscaled(Value::decimal(-1234, 4, 3)), -123);
  EXPECT_THROW(written(make(WireType::DecimalN, 5, 4, 0), Value::decimal(12345, 5, 0)), std::out_of_range);
  // 10^36 at scale 0 cannot take the two more digits of scale 2 within 38.
  __int128 big = 1;
  for (int i = 0; i < 36; ++i) big *= 10;
  EXPECT_THROW(written(make(WireType::DecimalN, 17, 38, 2), Value::decimal(big, 37, 0)), std::out_of_range);
}

TEST(ValueCodec, DecimalsAClientMayNotSend) {
  const TypeInfo t = make(WireType::DecimalN, 17, 38, 0);
  EXPECT_THROW(read_hex(t, "05 02 01 00 00 00"), ProtocolError);  // sign byte 2
  EXPECT_THROW(read_hex(t, "11 01 00 00 00 00 40 22 8A 09 7A C4 86 5A A8 4C 3B 4B"), ProtocolError);  // 10^38
  EXPECT_THROW(read_hex(make(WireType::DecimalN, 5, 9, 0), "09 01 00 00 00 00 00 00 00 00"), ProtocolError);
}

// ---- dates and times ----

TEST(ValueCodec, Date) {
  // 2024-01-31 is day 738915 = 0x0B4663.
  EXPECT_EQ(written(make(WireType::DateN), Value::date(738915)), hex("03 63 46 0B"));
  EXPECT_EQ(written(make(WireType::DateN), Value::date(0)), hex("03 00 00 00"));
  EXPECT_EQ(written(make(WireType::DateN), Value::date(kMaxDay)), hex("03 DA B9 37"));
  EXPECT_EQ(written(make(WireType::DateN), Value()), hex("00"));
  EXPECT_THROW(written(make(WireType::DateN), Value::date(kMaxDay + 1)), std::out_of_range);
  EXPECT_EQ(read_hex(make(WireType::DateN), "03 63 46 0B"), Value::date(738915));
  EXPECT_THROW(read_hex(make(WireType::DateN), "03 DB B9 37"), ProtocolError);  // 10000-01-01
  EXPECT_THROW(read_hex(make(WireType::DateN), "04 63 46 0B 00"), ProtocolError);
}

TEST(ValueCodec, TimeLengthsFollowTheScale) {
  const int64_t ticks = ((12 * 60 + 34) * 60 + 56) * kTicksPerSecond + 1234567;  // 12:34:56.1234567
  // Scale 7: 452961234567 = 0x697697EE87 in 5 bytes; scale 3: 45296123 in 4 bytes; scale 0: 45296 in 3.
  EXPECT_EQ(written(make(WireType::TimeN, 0, 0, 7), Value::time(ticks)), hex("05 87 EE 97 76 69"));
  EXPECT_EQ(written(make(WireType::TimeN, 0, 0, 3), Value::time(ticks)), hex("04 FB 29 B3 02"));
  EXPECT_EQ(written(make(WireType::TimeN, 0, 0, 0), Value::time(ticks)), hex("03 F0 B0 00"));
  EXPECT_EQ(written(make(WireType::TimeN, 0, 0, 4), Value::time(0)), hex("04 00 00 00 00"));
  EXPECT_EQ(written(make(WireType::TimeN, 0, 0, 5), Value::time(0)), hex("05 00 00 00 00 00"));
  EXPECT_EQ(written(make(WireType::TimeN, 0, 0, 2), Value::time(0)), hex("03 00 00 00"));
  // Rounding at the scale; TIME wraps at midnight.
  EXPECT_EQ(written(make(WireType::TimeN, 0, 0, 0), Value::time(kTicksPerSecond / 2)), hex("03 01 00 00"));
  EXPECT_EQ(written(make(WireType::TimeN, 0, 0, 0), Value::time(kTicksPerDay - 1)), hex("03 00 00 00"));
  EXPECT_THROW(written(make(WireType::TimeN, 0, 0, 7), Value::time(kTicksPerDay)), std::out_of_range);

  EXPECT_EQ(read_hex(make(WireType::TimeN, 0, 0, 3), "04 FB 29 B3 02"), Value::time(ticks - 4567));
  EXPECT_THROW(read_hex(make(WireType::TimeN, 0, 0, 3), "03 00 00 00"), ProtocolError);  // 3 bytes for scale 3
  EXPECT_THROW(read_hex(make(WireType::TimeN, 0, 0, 0), "03 80 51 01"), ProtocolError);  // 86400 s
}

TEST(ValueCodec, DateTime2) {
  // 2024-01-31 12:34:56.123 at scale 3: time 45296123 (4 bytes), then the date.
  EXPECT_EQ(written(make(WireType::DateTime2N, 0, 0, 3), datetime(2024, 1, 31, 12, 34, 56, 1230000)),
            hex("07 FB 29 B3 02 63 46 0B"));
  // 23:59:59.999 at scale 2 rounds into the next day.
  EXPECT_EQ(written(make(WireType::DateTime2N, 0, 0, 2), datetime(2024, 1, 31, 23, 59, 59, 9990000)),
            hex("06 00 00 00 64 46 0B"));
  EXPECT_THROW(written(make(WireType::DateTime2N, 0, 0, 0), datetime(9999, 12, 31, 23, 59, 59, 5000000)),
               std::out_of_range);
  EXPECT_EQ(read_hex(make(WireType::DateTime2N, 0, 0, 3), "07 FB 29 B3 02 63 46 0B"),
            datetime(2024, 1, 31, 12, 34, 56, 1230000));
  EXPECT_THROW(read_hex(make(WireType::DateTime2N, 0, 0, 3), "08 FB 29 B3 02 63 46 0B 00"), ProtocolError);
}

TEST(ValueCodec, DateTimeOffsetKeepsTheOffset) {
  const DateTime2 utc = at(2024, 1, 31, 12, 0, 0);
  // 12:00:00 = 432000000000 ticks = 0x649534E000 at scale 7; offset +60 = 3C 00, -300 = D4 FE.
  EXPECT_EQ(written(make(WireType::DateTimeOffsetN, 0, 0, 7), Value::datetimeoffset(utc, 60)),
            hex("0A 00 E0 34 95 64 63 46 0B 3C 00"));
  EXPECT_EQ(written(make(WireType::DateTimeOffsetN, 0, 0, 0), Value::datetimeoffset(utc, -300)),
            hex("08 C0 A8 00 63 46 0B D4 FE"));
  EXPECT_EQ(read_hex(make(WireType::DateTimeOffsetN, 0, 0, 0), "08 C0 A8 00 63 46 0B D4 FE"),
            Value::datetimeoffset(utc, -300));
  EXPECT_THROW(read_hex(make(WireType::DateTimeOffsetN, 0, 0, 0), "08 C0 A8 00 63 46 0B 49 03"), ProtocolError);  // +841
  EXPECT_THROW(written(make(WireType::DateTimeOffsetN, 0, 0, 0), Value::datetimeoffset(utc, 900)), std::out_of_range);
}

TEST(ValueCodec, DateTimeRoundsToThreeHundredthsAsSqlServer) {
  const TypeInfo t = make(WireType::DateTimeN, 8);
  // Days since 1900-01-01, then 1/300 s since midnight.
  EXPECT_EQ(written(t, datetime(1900, 1, 1, 0, 0, 0)), hex("08 00 00 00 00 00 00 00 00"));
  EXPECT_EQ(written(t, datetime(1753, 1, 1, 0, 0, 0)), hex("08 46 2E FF FF 00 00 00 00"));  // day -53690
  // .001 -> .000, .002 -> .003, .005 -> .007 (1.5 ticks, half up), .998 -> .997, .999 -> the next day.
  EXPECT_EQ(written(t, datetime(2024, 1, 31, 0, 0, 0, 10000)), hex("08 08 B1 00 00 00 00 00 00"));
  EXPECT_EQ(written(t, datetime(2024, 1, 31, 0, 0, 0, 20000)), hex("08 08 B1 00 00 01 00 00 00"));
  EXPECT_EQ(written(t, datetime(2024, 1, 31, 0, 0, 0, 50000)), hex("08 08 B1 00 00 02 00 00 00"));
  EXPECT_EQ(written(t, datetime(2024, 1, 31, 23, 59, 59, 9980000)), hex("08 08 B1 00 00 FF 81 8B 01"));
  EXPECT_EQ(written(t, datetime(2024, 1, 31, 23, 59, 59, 9990000)), hex("08 09 B1 00 00 00 00 00 00"));
  EXPECT_THROW(written(t, datetime(1752, 12, 31, 0, 0, 0)), std::out_of_range);
  EXPECT_THROW(written(t, datetime(9999, 12, 31, 23, 59, 59, 9990000)), std::out_of_range);

  // Read back: 1/300 s to the nearest 100 ns (.003 -> .0033333, .007 -> .0066667).
  EXPECT_EQ(read_hex(t, "08 08 B1 00 00 01 00 00 00"), datetime(2024, 1, 31, 0, 0, 0, 33333));
  EXPECT_EQ(read_hex(make(WireType::DateTime), "08 B1 00 00 02 00 00 00"), datetime(2024, 1, 31, 0, 0, 0, 66667));
  EXPECT_THROW(read_hex(t, "08 08 B1 00 00 00 82 8B 01"), ProtocolError);  // 25920000/300 s: midnight
}

TEST(ValueCodec, SmallDateTimeRoundsToTheMinute) {
  const TypeInfo t = make(WireType::DateTimeN, 4);
  // Days since 1900-01-01 (uint16), minutes since midnight: 2024-01-31 is day 45320 = 0xB108; 12:34 = 754 = 0x2F2.
  EXPECT_EQ(written(t, datetime(2024, 1, 31, 12, 34, 29, 9980000)), hex("04 08 B1 F2 02"));
  EXPECT_EQ(written(t, datetime(2024, 1, 31, 12, 34, 29, 9990000)), hex("04 08 B1 F3 02"));
  EXPECT_EQ(written(t, datetime(2024, 1, 31, 23, 59, 30)), hex("04 09 B1 00 00"));
  EXPECT_EQ(written(t, datetime(2079, 6, 6, 23, 59, 0)), hex("04 FF FF 9F 05"));
  EXPECT_THROW(written(t, datetime(2079, 6, 7, 0, 0, 0)), std::out_of_range);
  EXPECT_THROW(written(t, datetime(1899, 12, 31, 0, 0, 0)), std::out_of_range);
  EXPECT_EQ(read_hex(t, "04 08 B1 F2 02"), datetime(2024, 1, 31, 12, 34, 0));
  EXPECT_EQ(read_hex(make(WireType::DateTime4), "08 B1 F2 02"), datetime(2024, 1, 31, 12, 34, 0));
  EXPECT_THROW(read_hex(t, "04 08 B1 A0 05"), ProtocolError);  // minute 1440
}

// ---- strings and binary ----

TEST(ValueCodec, VarcharIsWindows1252) {
  const TypeInfo t = make(WireType::BigVarChar, 10);
  EXPECT_EQ(written(t, Value::string("h\xC3\xA9llo")), hex("05 00 68 E9 6C 6C 6F"));
  EXPECT_EQ(written(t, Value::string("\xE6\x97\xA5\xE6\x9C\xAC")), hex("02 00 3F 3F"));  // 日本: not in 1252
  EXPECT_EQ(written(t, Value::string("")), hex("00 00"));
  EXPECT_EQ(written(t, Value()), hex("FF FF"));
  EXPECT_THROW(written(t, Value::string("12345678901")), std::out_of_range);
  EXPECT_EQ(read_hex(t, "05 00 68 E9 6C 6C 6F"), Value::string("h\xC3\xA9llo"));
  EXPECT_EQ(read_hex(t, "00 00"), Value::string(""));
  EXPECT_EQ(read_hex(t, "FF FF"), Value());
  EXPECT_THROW(read_hex(t, "0B 00 31 32 33 34 35 36 37 38 39 30 31"), ProtocolError);  // above VARCHAR(10)
}

TEST(ValueCodec, Utf8CollationPassesBytesThrough) {
  TypeInfo t = make(WireType::BigVarChar, 10);
  t.collation = Collation{{0x09, 0x04, 0xD0, 0x04, 0x00}};
  EXPECT_EQ(written(t, Value::string("\xC3\xA9")), hex("02 00 C3 A9"));
  EXPECT_EQ(read_hex(t, "02 00 C3 A9"), Value::string("\xC3\xA9"));
}

TEST(ValueCodec, CharIsPadded) {
  EXPECT_EQ(written(make(WireType::BigChar, 5), Value::string("ab")), hex("05 00 61 62 20 20 20"));
  EXPECT_EQ(written(make(WireType::NChar, 6), Value::string("a")), hex("06 00 61 00 20 00 20 00"));
  EXPECT_EQ(written(make(WireType::BigBinary, 4), Value::binary({1, 2})), hex("04 00 01 02 00 00"));
  EXPECT_THROW(written(make(WireType::BigChar, 2), Value::string("abc")), std::out_of_range);
}

TEST(ValueCodec, NVarcharIsUtf16) {
  const TypeInfo t = make(WireType::NVarChar, 20);
  EXPECT_EQ(written(t, Value::string("\xF0\x9F\x98\x80")), hex("04 00 3D D8 00 DE"));
  EXPECT_EQ(written(t, Value::string("")), hex("00 00"));
  EXPECT_EQ(written(t, Value()), hex("FF FF"));
  EXPECT_EQ(read_hex(t, "06 00 61 00 3D D8 00 DE"), Value::string("a\xF0\x9F\x98\x80"));
  EXPECT_THROW(read_hex(t, "03 00 61 00 62"), ProtocolError);         // odd byte count
  EXPECT_THROW(read_hex(t, "04 00 61 00 3D D8"), ProtocolError);      // unpaired surrogate
  EXPECT_THROW(written(make(WireType::NVarChar, 2), Value::string("ab")), std::out_of_range);
}

TEST(ValueCodec, Binary) {
  const TypeInfo t = make(WireType::BigVarBinary, 4);
  EXPECT_EQ(written(t, Value::binary({0xDE, 0xAD})), hex("02 00 DE AD"));
  EXPECT_EQ(written(t, Value::binary({})), hex("00 00"));
  EXPECT_EQ(read_hex(t, "02 00 DE AD"), Value::binary({0xDE, 0xAD}));
}

TEST(ValueCodec, PlpWrites) {
  const TypeInfo nvarchar_max = make(WireType::NVarChar, kPlpMaxLength);
  EXPECT_EQ(written(nvarchar_max, Value::string("ab")),
            hex("04 00 00 00 00 00 00 00 | 04 00 00 00 61 00 62 00 | 00 00 00 00"));
  EXPECT_EQ(written(nvarchar_max, Value::string("")), hex("00 00 00 00 00 00 00 00 | 00 00 00 00"));
  EXPECT_EQ(written(nvarchar_max, Value()), hex("FF FF FF FF FF FF FF FF"));
  EXPECT_EQ(written(make(WireType::BigVarBinary, kPlpMaxLength), Value::binary({1})),
            hex("01 00 00 00 00 00 00 00 01 00 00 00 01 00 00 00 00"));
}

TEST(ValueCodec, PlpReadsChunksOfAnySize) {
  const TypeInfo t = make(WireType::BigVarChar, kPlpMaxLength);
  // Known total, three chunks.
  EXPECT_EQ(read_hex(t, "05 00 00 00 00 00 00 00 | 02 00 00 00 61 62 | 01 00 00 00 63 | 02 00 00 00 64 65 | 00 00 00 00"),
            Value::string("abcde"));
  // Unknown total.
  EXPECT_EQ(read_hex(t, "FE FF FF FF FF FF FF FF | 01 00 00 00 61 | 00 00 00 00"), Value::string("a"));
  EXPECT_EQ(read_hex(t, "00 00 00 00 00 00 00 00 | 00 00 00 00"), Value::string(""));
  EXPECT_EQ(read_hex(t, "FF FF FF FF FF FF FF FF"), Value());
  // A UTF-16 character split across chunks is fine: chunks are bytes.
  EXPECT_EQ(read_hex(make(WireType::NVarChar, kPlpMaxLength), "FE FF FF FF FF FF FF FF 01 00 00 00 61 01 00 00 00 00 00 00 00 00"),
            Value::string("a"));
}

TEST(ValueCodec, PlpThatDisagrees) {
  const TypeInfo t = make(WireType::BigVarBinary, kPlpMaxLength);
  EXPECT_THROW(read_hex(t, "03 00 00 00 00 00 00 00 02 00 00 00 61 62 00 00 00 00"), ProtocolError);  // total 3, 2 sent
  EXPECT_THROW(read_hex(t, "02 00 00 00 00 00 00 00 02 00 00 00 61 62"), ProtocolError);  // no terminator
  EXPECT_THROW(read_hex(t, "02 00 00 00 00 00 00 00 05 00 00 00 61 62"), ProtocolError);  // chunk past the end
  EXPECT_THROW(read_hex(t, "00 00 00 00 00 00 01 00 00 00 00 00"), ProtocolError);       // total past the end
}

TEST(ValueCodec, TextNTextImageParametersAndRows) {
  // As a parameter: a LONG length, the bytes (NULL 0xFFFFFFFF).
  EXPECT_EQ(read_hex(make(WireType::Text, 0x7FFFFFFF), "02 00 00 00 61 E9"), Value::string("a\xC3\xA9"));
  EXPECT_EQ(read_hex(make(WireType::NText, 0x7FFFFFFE), "02 00 00 00 61 00"), Value::string("a"));
  EXPECT_EQ(read_hex(make(WireType::Image, 0x7FFFFFFF), "FF FF FF FF"), Value());
  // tedious declares an NTEXT parameter's maximum in characters: 2 characters are 4 bytes.
  EXPECT_EQ(read_hex(make(WireType::NText, 2), "04 00 00 00 61 00 62 00"), Value::string("ab"));
  // In a row: a 16-byte text pointer and an 8-byte timestamp before the length; NULL has no pointer.
  std::string zeros;
  for (int i = 0; i < 16 + 8; ++i) zeros += " 00";
  EXPECT_EQ(written(make(WireType::Text, 0x7FFFFFFF), Value::string("ab")), hex("10" + zeros + " 02 00 00 00 61 62"));
  EXPECT_EQ(written(make(WireType::Image, 0x7FFFFFFF), Value()), hex("00"));
}

TEST(ValueCodec, GuidParametersBecomeText) {
  EXPECT_EQ(read_hex(make(WireType::Guid, 16), "10 FF 19 96 6F 86 8B 11 D0 B4 2D 00 C0 4F C9 64 FF"),
            Value::string("6F9619FF-8B86-D011-B42D-00C04FC964FF"));
  EXPECT_EQ(read_hex(make(WireType::Guid, 16), "00"), Value());
}

TEST(ValueCodec, WrongKindsAreLogicErrors) {
  EXPECT_THROW(written(make(WireType::NVarChar, 20), Value::integer(1)), std::logic_error);
  EXPECT_THROW(written(make(WireType::IntN, 4), Value::string("1")), std::logic_error);
  EXPECT_THROW(written(make(WireType::DateTimeN, 8), Value::date(1)), std::logic_error);
  EXPECT_THROW(written(make(WireType::MoneyN, 8), Value::integer(1)), std::logic_error);
  EXPECT_THROW(written(make(WireType::Int4), Value()), std::logic_error) << "fixed-length types cannot be NULL";
  EXPECT_THROW(written(make(WireType::Guid, 16), Value::string("x")), std::logic_error);
  try {
    written(make(WireType::IntN, 4), Value::string("1"));
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(), "TDS writer: a String value for a column of type INTN (0x26)");
  }
}

TEST(ValueCodec, LengthsAClientMayNotSend) {
  EXPECT_THROW(read_hex(make(WireType::IntN, 4), "08 00 00 00 00 00 00 00 00"), ProtocolError);  // above INTN(4)
  EXPECT_THROW(read_hex(make(WireType::IntN, 8), "03 00 00 00"), ProtocolError);
  EXPECT_THROW(read_hex(make(WireType::FloatN, 8), "02 00 00"), ProtocolError);
  EXPECT_THROW(read_hex(make(WireType::BitN, 1), "02 00 00"), ProtocolError);
  EXPECT_THROW(read_hex(make(WireType::IntN, 4), "04 01 00"), ProtocolError);  // truncated
}

// What the server writes, a client reads back unchanged (the client-side encoding of these types is the same).
TEST(ValueCodec, RoundTrips) {
  const DateTime2 moment = at(2024, 2, 29, 13, 14, 15, 1234567);
  const struct {
    TypeInfo type;
    Value value;
  } cases[] = {
      {make(WireType::IntN, 8), Value::integer(INT64_MAX)},
      {make(WireType::IntN, 8), Value::integer(INT64_MIN)},
      {make(WireType::IntN, 2), Value::integer(INT16_MIN)},
      {make(WireType::FloatN, 8), Value::floating(-1e300)},
      {make(WireType::FloatN, 4), Value::floating(0.25)},
      {make(WireType::MoneyN, 8), Value::money(INT64_MIN)},
      {make(WireType::MoneyN, 8), Value::money(INT64_MAX)},
      {make(WireType::NumericN, 13, 28, 10), Value::decimal(-12345678901234567, 28, 10)},
      {make(WireType::DateN), Value::date(kMaxDay)},
      {make(WireType::TimeN, 0, 0, 7), Value::time(kTicksPerDay - 1)},
      {make(WireType::DateTime2N, 0, 0, 7), Value::datetime2(moment.days, moment.ticks)},
      {make(WireType::DateTimeOffsetN, 0, 0, 7), Value::datetimeoffset(moment, -840)},
      {make(WireType::DateTimeN, 8), datetime(2024, 2, 29, 13, 14, 15)},
      {make(WireType::BigVarChar, 8000), Value::string(std::string(8000, 'x'))},
      {make(WireType::NVarChar, kPlpMaxLength), Value::string(std::string(100000, 'y') + "\xF0\x9F\x98\x80")},
      {make(WireType::BigVarBinary, kPlpMaxLength), Value::binary(Bytes(70000, 0xAB))},
  };
  for (const auto& c : cases) {
    Buffer out;
    write_value(out, c.type, c.value);
    EXPECT_EQ(read(c.type, out), c.value) << to_debug_string(c.value);
    Buffer null;
    write_value(null, c.type, Value());
    EXPECT_EQ(read(c.type, null), Value());
  }
}

}  // namespace
}  // namespace tessera::tds

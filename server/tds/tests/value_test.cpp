// The neutral value (value.hpp): kinds, checked access, and the calendar the date types count in.
#include <gtest/gtest.h>

#include <limits>
#include <sstream>
#include <stdexcept>

#include "tessera/tds/value.hpp"

namespace tessera::tds {
namespace {

TEST(Value, KindsAndAccess) {
  EXPECT_TRUE(Value().is_null());
  EXPECT_EQ(Value::null().kind(), ValueKind::Null);
  EXPECT_EQ(Value::boolean(true).as<bool>(), true);
  EXPECT_EQ(Value::integer(-5).as<int64_t>(), -5);
  EXPECT_EQ(Value::floating(1.5).as<double>(), 1.5);
  EXPECT_EQ(Value::decimal(-12345, 10, 2).as<Decimal>(), (Decimal{-12345, 10, 2}));
  EXPECT_EQ(Value::money(10001).as<Money>().units, 10001);
  EXPECT_EQ(Value::date(738915).kind(), ValueKind::Date);
  EXPECT_EQ(Value::time(5).as<Time>().ticks, 5);
  EXPECT_EQ(Value::datetime2(1, 2).as<DateTime2>(), (DateTime2{1, 2}));
  EXPECT_EQ(Value::datetimeoffset({3, 4}, -300).as<DateTimeOffset>().offset_minutes, -300);
  EXPECT_EQ(Value::string("x").as<std::string>(), "x");
  EXPECT_EQ(Value::binary({1, 2}).as<Bytes>(), (Bytes{1, 2}));
  EXPECT_EQ(Value::integer(1), Value::integer(1));
  EXPECT_NE(Value::integer(1), Value::money(1));
  EXPECT_NE(Value::null(), Value::string(""));
}

TEST(Value, WrongKindIsALogicError) {
  try {
    Value::string("1").as<int64_t>();
    FAIL();
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(), "tds::Value: asked for Int, holds String");
  }
  EXPECT_THROW(Value().as<bool>(), std::logic_error);
}

TEST(Value, DebugStrings) {
  EXPECT_EQ(to_debug_string(Value()), "Null");
  EXPECT_EQ(to_debug_string(Value::decimal(-150, 5, 2)), "Decimal -150e-2 (p 5)");
  EXPECT_EQ(to_debug_string(Value::date(738915)), "Date 2024-01-31");
  EXPECT_EQ(to_debug_string(Value::binary({0xAB, 0x01})), "Binary 0xAB01");
  std::ostringstream os;
  os << Value::datetime2(0, kTicksPerDay - 1);
  EXPECT_EQ(os.str(), "DateTime2 0001-01-01 23:59:59.9999999");
}

TEST(Calendar, KnownDays) {
  EXPECT_EQ(days_from_civil(1, 1, 1), 0);
  EXPECT_EQ(days_from_civil(1900, 1, 1), kDaysFrom0001To1900);
  EXPECT_EQ(days_from_civil(1970, 1, 1), kDaysFrom0001To1970);
  EXPECT_EQ(days_from_civil(9999, 12, 31), kMaxDay);
  EXPECT_EQ(days_from_civil(2024, 1, 31), 738915);
  EXPECT_EQ(days_from_civil(2000, 2, 29), 730178);
  EXPECT_EQ(days_from_civil(2000, 3, 1) - days_from_civil(2000, 2, 28), 2) << "2000 is a leap year";
  EXPECT_EQ(days_from_civil(1900, 3, 1) - days_from_civil(1900, 2, 28), 1) << "1900 is not";
  EXPECT_EQ(civil_from_days(0), (CivilDate{1, 1, 1}));
  EXPECT_EQ(civil_from_days(kMaxDay), (CivilDate{9999, 12, 31}));
}

TEST(Calendar, EveryDayRoundTrips) {
  CivilDate previous = civil_from_days(0);
  for (int32_t day = 1; day <= kMaxDay; ++day) {
    const CivilDate c = civil_from_days(day);
    ASSERT_EQ(days_from_civil(c.year, c.month, c.day), day);
    ASSERT_TRUE(c.day == previous.day + 1 || (c.day == 1 && (c.month == previous.month + 1 || c.month == 1)))
        << day;
    previous = c;
  }
}

TEST(Value, Int128Digits) {
  EXPECT_EQ(int128_to_string(0), "0");
  EXPECT_EQ(int128_to_string(-42), "-42");
  const __int128 max = static_cast<__int128>(~static_cast<unsigned __int128>(0) >> 1);
  EXPECT_EQ(int128_to_string(max), "170141183460469231731687303715884105727");
  EXPECT_EQ(int128_to_string(-max - 1), "-170141183460469231731687303715884105728");
}

TEST(Value, RoundingTicksToAScale) {
  EXPECT_EQ(round_ticks_to_scale(1234567, 7), 1234567);
  EXPECT_EQ(round_ticks_to_scale(1234567, 3), 1230000);
  EXPECT_EQ(round_ticks_to_scale(1235000, 3), 1240000) << "half up";
  EXPECT_EQ(round_ticks_to_scale(kTicksPerDay - 1, 0), kTicksPerDay) << "the caller carries or wraps";
}

}  // namespace
}  // namespace tessera::tds

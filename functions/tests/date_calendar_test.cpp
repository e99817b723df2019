// Calendar: the day-number <-> civil-date conversions over the whole DATE range.
#include <gtest/gtest.h>

#include "tessera/functions/calendar.hpp"

using tessera::fn::Calendar;
using tessera::fn::CivilDate;

TEST(Calendar, EveryDayRoundTrips) {
  int32_t expected_year = 1, expected_month = 1, expected_day = 1;
  for (int32_t d = Calendar::kMinDay; d <= Calendar::kMaxDay; ++d) {
    const CivilDate c = Calendar::from_days(d);
    ASSERT_EQ(c.year, expected_year) << d;
    ASSERT_EQ(c.month, expected_month) << d;
    ASSERT_EQ(c.day, expected_day) << d;
    ASSERT_EQ(Calendar::to_days(c.year, c.month, c.day), d);
    // Step the expected date by one day.
    if (++expected_day > Calendar::days_in_month(expected_year, expected_month)) {
      expected_day = 1;
      if (++expected_month > 12) expected_month = 1, ++expected_year;
    }
  }
  EXPECT_EQ(expected_year, 10000);
}

TEST(Calendar, KnownDates) {
  EXPECT_EQ(Calendar::from_days(0).year, 1970);
  const CivilDate leap = Calendar::from_days(Calendar::to_days(2000, 2, 29));
  EXPECT_EQ(leap.month, 2);
  EXPECT_EQ(leap.day, 29);
  EXPECT_EQ(Calendar::from_days(Calendar::to_days(1900, 3, 1)).day, 1);
  EXPECT_EQ(Calendar::iso_weekday(Calendar::to_days(2024, 2, 29)), 4);  // a Thursday
}

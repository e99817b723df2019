// CURRENT_TIMEZONE() and CURRENT_TIMEZONE_ID() ("CURRENT_TIMEZONE (Transact-SQL)", "CURRENT_TIMEZONE_ID
// (Transact-SQL)"): a UTC server's answers, and Tessera's text for other offsets.
#include <gtest/gtest.h>

#include <cstring>

#include "tessera/functions/datetime_functions.hpp"
#include "test_support.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::StrResult;

TEST(CurrentTimeZone, UtcServer) {
  EXPECT_EQ(call_str(tsf_current_timezone, 0), (StrResult{kOk, "(UTC) Coordinated Universal Time"}));
  EXPECT_EQ(call_str(tsf_current_timezone_id, 0), (StrResult{kOk, "UTC"}));
  EXPECT_EQ(std::strlen("(UTC) Coordinated Universal Time"), static_cast<size_t>(kMaxTimeZoneNameBytes));
}

TEST(CurrentTimeZone, OtherOffsets) {
  EXPECT_EQ(call_str(tsf_current_timezone, 60), (StrResult{kOk, "(UTC+01:00)"}));
  EXPECT_EQ(call_str(tsf_current_timezone_id, -570), (StrResult{kOk, "UTC-09:30"}));
  EXPECT_EQ(call_str(tsf_current_timezone_id, 840), (StrResult{kOk, "UTC+14:00"}));
  EXPECT_EQ(call_str(tsf_current_timezone, 841).status, kInvalidArgument);
}

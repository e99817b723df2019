// The login throttle (login_throttle.hpp): no wait before a failure, 250 ms doubling to 8 s after failures from one
// address, other addresses unaffected, forgotten after a success or 15 minutes.
#include <gtest/gtest.h>

#include "tessera/server/login_throttle.hpp"

namespace tessera::server {
namespace {

using std::chrono::milliseconds;
using std::chrono::minutes;

TEST(LoginThrottle, DelaysGrowWithFailuresUpToTheCap) {
  LoginThrottle t;
  const auto now = LoginThrottle::Clock::now();
  EXPECT_EQ(t.delay("10.0.0.1", now), milliseconds(0));
  const int64_t expected[] = {250, 500, 1000, 2000, 4000, 8000, 8000, 8000};
  for (int64_t want : expected) {
    t.record_failure("10.0.0.1", now);
    EXPECT_EQ(t.delay("10.0.0.1", now), milliseconds(want));
  }
  EXPECT_EQ(t.delay("10.0.0.2", now), milliseconds(0));  // another address
}

TEST(LoginThrottle, ASuccessOrFifteenQuietMinutesForget) {
  LoginThrottle t;
  const auto now = LoginThrottle::Clock::now();
  t.record_failure("a", now);
  t.record_failure("a", now);
  t.record_success("a");
  EXPECT_EQ(t.delay("a", now), milliseconds(0));
  t.record_failure("b", now);
  EXPECT_EQ(t.delay("b", now + minutes(14)), milliseconds(250));
  EXPECT_EQ(t.delay("b", now + minutes(15)), milliseconds(0));
  t.record_failure("b", now + minutes(16));  // counted from one again
  EXPECT_EQ(t.delay("b", now + minutes(16)), milliseconds(250));
}

TEST(LoginThrottle, ManyAddressesStayBounded) {
  LoginThrottle t;
  const auto now = LoginThrottle::Clock::now();
  for (size_t i = 0; i < LoginThrottle::kMaxAddresses + 10; ++i)
    t.record_failure("addr" + std::to_string(i), now + milliseconds(static_cast<int64_t>(i)));
  // The newest are still remembered after the oldest half was forgotten.
  EXPECT_EQ(t.delay("addr" + std::to_string(LoginThrottle::kMaxAddresses + 9), now + milliseconds(200000)),
            milliseconds(250));
}

}  // namespace
}  // namespace tessera::server

// Slows down password guessing from one address: after a failed login, every login attempt from that address
// waits before its password is checked -- 250 ms after one failure, doubling with each further failure, at most
// 8 s. A successful login from the address, or 15 minutes without a failure, forgets its failures. The wait is
// the connection's (a timer), so a guesser slows down only itself; many connections from one address all wait.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace tessera::server {

class LoginThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds kFirstDelay{250};
  static constexpr std::chrono::milliseconds kMaxDelay{8000};
  static constexpr std::chrono::minutes kForgetAfter{15};
  static constexpr size_t kMaxAddresses = 100000;  // beyond: the oldest failures are forgotten first

  // How long a login attempt from `address` waits now.
  std::chrono::milliseconds delay(const std::string& address, Clock::time_point now = Clock::now());
  void record_failure(const std::string& address, Clock::time_point now = Clock::now());
  void record_success(const std::string& address);

 private:
  struct Failures {
    int count = 0;
    Clock::time_point last;
  };
  void forget_old(Clock::time_point now);  // caller holds mutex_

  std::mutex mutex_;
  std::unordered_map<std::string, Failures> failures_;
};

}  // namespace tessera::server

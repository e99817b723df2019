#include "tessera/server/login_throttle.hpp"

#include <algorithm>
#include <vector>

namespace tessera::server {

std::chrono::milliseconds LoginThrottle::delay(const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  const auto it = failures_.find(address);
  if (it == failures_.end()) return std::chrono::milliseconds(0);
  if (now - it->second.last >= kForgetAfter) {
    failures_.erase(it);
    return std::chrono::milliseconds(0);
  }
  const int doublings = std::min(it->second.count - 1, 16);  // 2^16 * 250 ms is far past the cap
  return std::min(kMaxDelay, kFirstDelay * (int64_t{1} << doublings));
}

void LoginThrottle::record_failure(const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  if (failures_.size() >= kMaxAddresses && !failures_.count(address)) forget_old(now);
  Failures& f = failures_[address];
  if (f.count > 0 && now - f.last >= kForgetAfter) f.count = 0;
  f.count = std::min(f.count + 1, 1000);
  f.last = now;
}

void LoginThrottle::record_success(const std::string& address) {
  std::lock_guard lock(mutex_);
  failures_.erase(address);
}

void LoginThrottle::forget_old(Clock::time_point now) {
  std::erase_if(failures_, [&](const auto& entry) { return now - entry.second.last >= kForgetAfter; });
  if (failures_.size() < kMaxAddresses) return;
  // Still full of recent failures: forget the older half.
  std::vector<Clock::time_point> times;
  times.reserve(failures_.size());
  for (const auto& [address, f] : failures_) times.push_back(f.last);
  std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
  const Clock::time_point median = times[times.size() / 2];
  std::erase_if(failures_, [&](const auto& entry) { return entry.second.last < median; });
}

}  // namespace tessera::server

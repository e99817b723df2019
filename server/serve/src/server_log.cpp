#include "tessera/server/server_log.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>

namespace tessera::server {

void ServerLog::line(std::string_view text) {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const int millis = static_cast<int>(
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000);
  std::tm local{};
  localtime_r(&seconds, &local);
  char stamp[40];
  const size_t n = std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &local);
  std::snprintf(stamp + n, sizeof stamp - n, ".%03d", millis);
  std::string whole = std::string(stamp) + " tessera serve: " + std::string(text) + "\n";
  std::lock_guard lock(mutex_);
  out_ << whole;
  out_.flush();
}

}  // namespace tessera::server

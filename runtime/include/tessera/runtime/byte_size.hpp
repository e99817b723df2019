// A byte count as Tessera prints it in plans and messages: "1 byte", "512 bytes", "41.5 KB", "3.2 MB", "1.5 GB"
// (decimal units, as the figures in docs/results).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace tessera::rt {

inline std::string byte_size_text(int64_t bytes) {
  char buf[32];
  const double b = static_cast<double>(bytes);
  if (bytes == 1) return "1 byte";
  if (bytes < 10000) std::snprintf(buf, sizeof buf, "%lld bytes", static_cast<long long>(bytes));
  else if (b < 1e7) std::snprintf(buf, sizeof buf, "%.1f KB", b / 1e3);
  else if (b < 1e10) std::snprintf(buf, sizeof buf, "%.1f MB", b / 1e6);
  else std::snprintf(buf, sizeof buf, "%.1f GB", b / 1e9);
  return buf;
}

}  // namespace tessera::rt

// Helpers of the hand-written kernels' host selftests (handwritten_kernels.cu, handwritten_more.cu): a
// failure tally that keeps the first 20 messages, and a printable form of a byte string.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace tessera::bench::hw {

struct Tally {
  int64_t bad = 0;
  std::string& report;
  void fail(const std::string& what) {
    if (++bad <= 20) report += what + "\n";
  }
};

// ASCII as is, every other byte (and the backslash) as \xx.
inline std::string hex(const std::string& s) {
  std::string r;
  char b[4];
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      r += static_cast<char>(c);
    } else {
      std::snprintf(b, sizeof b, "\\%02x", c);
      r += b;
    }
  }
  return r;
}

}  // namespace tessera::bench::hw

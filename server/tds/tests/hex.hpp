// Test helpers: bytes written as hex ("12 01 00 2F"), so that expected encodings read like the spec's examples.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::tds::test {

inline std::vector<uint8_t> from_hex(std::string_view text) {
  std::vector<uint8_t> out;
  int high = -1;
  for (char c : text) {
    int v;
    if (c >= '0' && c <= '9') v = c - '0';
    else if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
    else if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
    else if (c == ' ' || c == '\n' || c == '|') continue;
    else throw std::invalid_argument("from_hex: bad character");
    if (high < 0) {
      high = v;
    } else {
      out.push_back(static_cast<uint8_t>(high << 4 | v));
      high = -1;
    }
  }
  if (high >= 0) throw std::invalid_argument("from_hex: odd digit count");
  return out;
}

inline std::string to_hex(std::span<const uint8_t> bytes) {
  constexpr char kDigits[] = "0123456789ABCDEF";
  std::string s;
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i) s += ' ';
    s += kDigits[bytes[i] >> 4];
    s += kDigits[bytes[i] & 15];
  }
  return s;
}

// The hex of `text` normalised (separators dropped, upper case), to compare with to_hex().
inline std::string hex(std::string_view text) { return to_hex(from_hex(text)); }

// UTF-16LE bytes of an ASCII string, as hex ("ab" -> "61 00 62 00").
inline std::string utf16_hex(std::string_view ascii) {
  std::vector<uint8_t> b;
  for (char c : ascii) b.push_back(static_cast<uint8_t>(c)), b.push_back(0);
  return to_hex(b);
}

}  // namespace tessera::tds::test

#include "tessera/tds/text_encoding.hpp"

#include <array>

#include "tessera/tds/protocol_error.hpp"

namespace tessera::tds {

namespace {

constexpr char32_t kReplacement = 0xFFFD;

// The next code point of `s` from `i` (advanced past it); an invalid or truncated sequence, an overlong
// form, an encoded surrogate or a value above U+10FFFF yields U+FFFD and consumes one byte.
char32_t next_code_point(std::string_view s, size_t& i) {
  const auto byte = [&](size_t k) { return static_cast<uint8_t>(s[k]); };
  const uint8_t lead = byte(i);
  if (lead < 0x80) {
    ++i;
    return lead;
  }
  size_t length = 0;
  char32_t cp = 0;
  char32_t minimum = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, cp = lead & 0x1F, minimum = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, cp = lead & 0x0F, minimum = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, cp = lead & 0x07, minimum = 0x10000;
  } else {
    ++i;
    return kReplacement;
  }
  if (s.size() - i < length) {
    ++i;
    return kReplacement;
  }
  for (size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) {
      ++i;
      return kReplacement;
    }
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  if (cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    ++i;
    return kReplacement;
  }
  i += length;
  return cp;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Windows-1252's 0x80..0x9F; the five bytes the code page leaves undefined map to the C1 control of the same
// value, as MultiByteToWideChar does.
constexpr std::array<char16_t, 32> kCp1252High = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

char windows1252_of(char32_t cp) {
  if (cp < 0x80 || (cp >= 0xA0 && cp <= 0xFF)) return static_cast<char>(cp);
  for (size_t k = 0; k < kCp1252High.size(); ++k)
    if (kCp1252High[k] == cp) return static_cast<char>(0x80 + k);
  return '?';
}

}  // namespace

std::string utf16le_to_utf8(std::span<const uint8_t> utf16le) {
  if (utf16le.size() % 2 != 0)
    throw ProtocolError("UTF-16 text has an odd byte count (" + std::to_string(utf16le.size()) + ")");
  std::string out;
  out.reserve(utf16le.size());
  const auto unit = [&](size_t k) { return static_cast<char16_t>(utf16le[k] | (utf16le[k + 1] << 8)); };
  const auto hex = [](char16_t u) {
    constexpr char kDigits[] = "0123456789ABCDEF";
    std::string h = "0x";
    for (int shift = 12; shift >= 0; shift -= 4) h += kDigits[(u >> shift) & 0xF];
    return h;
  };
  for (size_t k = 0; k < utf16le.size(); k += 2) {
    const char16_t u = unit(k);
    if (u >= 0xD800 && u <= 0xDBFF) {
      if (k + 2 >= utf16le.size() || unit(k + 2) < 0xDC00 || unit(k + 2) > 0xDFFF)
        throw ProtocolError("UTF-16 text has an unpaired high surrogate " + hex(u) + " at byte " + std::to_string(k));
      const char32_t cp = 0x10000 + ((static_cast<char32_t>(u) - 0xD800) << 10) + (unit(k + 2) - 0xDC00);
      append_utf8(out, cp);
      k += 2;
    } else if (u >= 0xDC00 && u <= 0xDFFF) {
      throw ProtocolError("UTF-16 text has an unpaired low surrogate " + hex(u) + " at byte " + std::to_string(k));
    } else {
      append_utf8(out, u);
    }
  }
  return out;
}

size_t append_utf16le(std::vector<uint8_t>& out, std::string_view utf8, size_t max_units) {
  size_t units = 0;
  const auto put_unit = [&](char32_t u) {
    out.push_back(static_cast<uint8_t>(u));
    out.push_back(static_cast<uint8_t>(u >> 8));
  };
  for (size_t i = 0; i < utf8.size();) {
    const char32_t cp = next_code_point(utf8, i);
    const size_t needed = cp >= 0x10000 ? 2 : 1;
    if (max_units - units < needed) break;
    if (needed == 2) {
      put_unit(0xD800 + ((cp - 0x10000) >> 10));
      put_unit(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      put_unit(cp);
    }
    units += needed;
  }
  return units;
}

std::vector<uint8_t> utf8_to_utf16le(std::string_view utf8) {
  std::vector<uint8_t> out;
  out.reserve(utf8.size() * 2);
  append_utf16le(out, utf8);
  return out;
}

size_t utf16_length(std::string_view utf8) {
  size_t units = 0;
  for (size_t i = 0; i < utf8.size();) units += next_code_point(utf8, i) >= 0x10000 ? 2 : 1;
  return units;
}

std::string utf8_to_windows1252(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  for (size_t i = 0; i < utf8.size();) out += windows1252_of(next_code_point(utf8, i));
  return out;
}

std::string windows1252_to_utf8(std::span<const uint8_t> bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (uint8_t b : bytes) append_utf8(out, b >= 0x80 && b < 0xA0 ? kCp1252High[b - 0x80] : b);
  return out;
}

}  // namespace tessera::tds

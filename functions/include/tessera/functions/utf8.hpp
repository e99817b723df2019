// UTF-8 helpers for the string family (code-point semantics, as with a SQL
// Server _UTF8 collation).
//
// Decoding is strict (no overlong forms, no surrogates, nothing above
// U+10FFFF). A byte that does not start a valid sequence counts as one
// character; it decodes to the "escaped byte" value kEscapeBase + byte
// (U+DC80..U+DCFF, the surrogate-escape convention), a value no valid UTF-8
// sequence can produce, so comparisons stay exact and encode() writes the raw
// byte back unchanged.
//
// Case mapping covers ASCII and the Latin-1 Supplement letters
// U+00C0..U+00FE (except the multiplication and division signs), plus
// U+00FF (y with diaeresis) <-> U+0178. Every mapping keeps the encoded
// length, so UPPER/LOWER never change a string's byte length. U+00DF (sharp
// s) and U+00B5 (micro sign) are left unchanged.
#pragma once

#include <cstdint>

namespace tessera::fn {

struct CodePoint {
  uint32_t cp;   // the code point, or kEscapeBase + byte for an invalid byte
  int32_t size;  // bytes consumed (1..4)
};

class Utf8 {
 public:
  static constexpr uint32_t kEscapeBase = 0xDC00;  // invalid byte b -> 0xDC00 + b (b >= 0x80)
  static constexpr uint32_t kReplacement = 0xFFFD;
  static constexpr uint32_t kMaxCodePoint = 0x10FFFF;
  static constexpr int32_t kMaxBytesPerChar = 4;

  static constexpr bool is_continuation(uint8_t b) { return (b & 0xC0) == 0x80; }
  static constexpr bool is_escaped_byte(uint32_t cp) { return cp >= kEscapeBase + 0x80 && cp <= kEscapeBase + 0xFF; }

  // Decodes the character that starts at byte `pos` (pos < len).
  static constexpr CodePoint decode(const char* s, int32_t len, int32_t pos) {
    const uint8_t b0 = static_cast<uint8_t>(s[pos]);
    if (b0 < 0x80) return {b0, 1};
    const int32_t left = len - pos;
    const CodePoint bad{kEscapeBase + b0, 1};
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      if (left < 2) return bad;
      const uint8_t b1 = static_cast<uint8_t>(s[pos + 1]);
      if (!is_continuation(b1)) return bad;
      return {(uint32_t(b0 & 0x1F) << 6) | (b1 & 0x3F), 2};
    }
    if (b0 >= 0xE0 && b0 <= 0xEF) {
      if (left < 3) return bad;
      const uint8_t b1 = static_cast<uint8_t>(s[pos + 1]);
      const uint8_t b2 = static_cast<uint8_t>(s[pos + 2]);
      const uint8_t lo = b0 == 0xE0 ? 0xA0 : 0x80;
      const uint8_t hi = b0 == 0xED ? 0x9F : 0xBF;
      if (b1 < lo || b1 > hi || !is_continuation(b2)) return bad;
      return {(uint32_t(b0 & 0x0F) << 12) | (uint32_t(b1 & 0x3F) << 6) | (b2 & 0x3F), 3};
    }
    if (b0 >= 0xF0 && b0 <= 0xF4) {
      if (left < 4) return bad;
      const uint8_t b1 = static_cast<uint8_t>(s[pos + 1]);
      const uint8_t b2 = static_cast<uint8_t>(s[pos + 2]);
      const uint8_t b3 = static_cast<uint8_t>(s[pos + 3]);
      const uint8_t lo = b0 == 0xF0 ? 0x90 : 0x80;
      const uint8_t hi = b0 == 0xF4 ? 0x8F : 0xBF;
      if (b1 < lo || b1 > hi || !is_continuation(b2) || !is_continuation(b3)) return bad;
      return {(uint32_t(b0 & 0x07) << 18) | (uint32_t(b1 & 0x3F) << 12) | (uint32_t(b2 & 0x3F) << 6) | (b3 & 0x3F),
              4};
    }
    return bad;
  }

  // Byte length of the character starting at `pos`.
  static constexpr int32_t char_size(const char* s, int32_t len, int32_t pos) { return decode(s, len, pos).size; }

  // Bytes that encode() writes for `cp` (0 if it is not encodable).
  static constexpr int32_t encoded_size(uint32_t cp) {
    if (is_escaped_byte(cp)) return 1;
    if (cp < 0x80) return 1;
    if (cp < 0x800) return 2;
    if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
    if (cp < 0x10000) return 3;
    if (cp <= kMaxCodePoint) return 4;
    return 0;
  }

  // Writes `cp` as UTF-8 (an escaped byte as the raw byte); returns the bytes
  // written, 0 for a surrogate or a value above U+10FFFF.
  static constexpr int32_t encode(uint32_t cp, char* out) {
    if (is_escaped_byte(cp)) {
      out[0] = static_cast<char>(cp - kEscapeBase);
      return 1;
    }
    if (cp < 0x80) {
      out[0] = static_cast<char>(cp);
      return 1;
    }
    if (cp < 0x800) {
      out[0] = static_cast<char>(0xC0 | (cp >> 6));
      out[1] = static_cast<char>(0x80 | (cp & 0x3F));
      return 2;
    }
    if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
    if (cp < 0x10000) {
      out[0] = static_cast<char>(0xE0 | (cp >> 12));
      out[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out[2] = static_cast<char>(0x80 | (cp & 0x3F));
      return 3;
    }
    if (cp > kMaxCodePoint) return 0;
    out[0] = static_cast<char>(0xF0 | (cp >> 18));
    out[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out[3] = static_cast<char>(0x80 | (cp & 0x3F));
    return 4;
  }

  // Number of characters in s[0, len).
  static constexpr int32_t count(const char* s, int32_t len) {
    int32_t n = 0;
    for (int32_t pos = 0; pos < len; pos += char_size(s, len, pos)) ++n;
    return n;
  }

  // Byte position after advancing `n` characters from `pos` (stops at len).
  static constexpr int32_t advance(const char* s, int32_t len, int32_t pos, int64_t n) {
    while (n > 0 && pos < len) {
      pos += char_size(s, len, pos);
      --n;
    }
    return pos;
  }

  // ---- case mapping (ASCII + Latin-1 Supplement, length-preserving) ----
  static constexpr uint32_t to_upper(uint32_t cp) {
    if (cp >= 'a' && cp <= 'z') return cp - 32;
    if (cp >= 0xE0 && cp <= 0xFE && cp != 0xF7) return cp - 32;
    if (cp == 0xFF) return 0x178;
    return cp;
  }
  static constexpr uint32_t to_lower(uint32_t cp) {
    if (cp >= 'A' && cp <= 'Z') return cp + 32;
    if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 32;
    if (cp == 0x178) return 0xFF;
    return cp;
  }
  // The comparison key of a character: itself, or its lowercase form when
  // the comparison is case-insensitive.
  static constexpr uint32_t key(uint32_t cp, bool case_insensitive) { return case_insensitive ? to_lower(cp) : cp; }

  static constexpr bool is_ascii_letter(uint32_t cp) { return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z'); }
};

}  // namespace tessera::fn

// LEFT, RIGHT, SUBSTRING, LEN, DATALENGTH, REVERSE: character positions are
// code points; an invalid byte is one character.
#include <cstdint>
#include <cstring>
#include <limits>

#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::kInvalidLength;
using tessera::fn::kOk;
using tessera::fn::Utf8;

namespace {
int32_t copy_bytes(char* out, int32_t* out_len, const char* s, int32_t from, int32_t to) {
  const int32_t n = to - from;
  if (n > 0) memcpy(out, s + from, static_cast<size_t>(n));
  *out_len = n > 0 ? n : 0;
  return kOk;
}
}  // namespace

// LEFT(s, n): the first n characters; Msg 537 for a negative n.
TESSERA_ROW_FN int32_t tsf_left(char* out, int32_t* out_len, const char* s, int32_t s_len, int64_t n) {
  if (n < 0) return kInvalidLength;
  return copy_bytes(out, out_len, s, 0, Utf8::advance(s, s_len, 0, n));
}

// RIGHT(s, n): the last n characters; Msg 537 for a negative n.
TESSERA_ROW_FN int32_t tsf_right(char* out, int32_t* out_len, const char* s, int32_t s_len, int64_t n) {
  if (n < 0) return kInvalidLength;
  const int64_t total = Utf8::count(s, s_len);
  const int64_t skip = total > n ? total - n : 0;
  return copy_bytes(out, out_len, s, Utf8::advance(s, s_len, 0, skip), s_len);
}

// SUBSTRING(s, start, length): characters start .. start + length - 1 (1-based);
// positions before 1 count against the length. Msg 537 for a negative length.
TESSERA_ROW_FN int32_t tsf_substring(char* out, int32_t* out_len, const char* s, int32_t s_len, int64_t start,
                                     int64_t length) {
  if (length < 0) return kInvalidLength;
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  const int64_t end = start > 0 && length > kMax - start ? kMax : start + length;  // exclusive, 1-based
  const int64_t first = start < 1 ? 1 : start;
  if (end <= first) return copy_bytes(out, out_len, s, 0, 0);
  const int32_t from = Utf8::advance(s, s_len, 0, first - 1);
  const int32_t to = Utf8::advance(s, s_len, from, end - first);
  return copy_bytes(out, out_len, s, from, to);
}

// LEN(s): characters, not counting trailing spaces.
TESSERA_ROW_FN int32_t tsf_len(int32_t* out, const char* s, int32_t s_len) {
  int32_t n = s_len;
  while (n > 0 && s[n - 1] == ' ') --n;
  *out = Utf8::count(s, n);
  return kOk;
}

// DATALENGTH(s): bytes, trailing spaces included.
TESSERA_ROW_FN int32_t tsf_datalength(int32_t* out, const char* /*s*/, int32_t s_len) {
  *out = s_len;
  return kOk;
}

// {fn OCTET_LENGTH(s)} and {fn BIT_LENGTH(s)} (ODBC): the string's bytes (UTF-8 here), and eight times as many bits;
// a string of 2^28 bytes or more has more bits than an INT holds (Msg 8115).
TESSERA_ROW_FN int32_t tsf_octet_length(int32_t* out, const char* /*s*/, int32_t s_len) {
  *out = s_len;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_bit_length(int32_t* out, const char* /*s*/, int32_t s_len) {
  if (s_len > INT32_MAX / 8) return tessera::fn::kArithmeticOverflow;
  *out = s_len * 8;
  return kOk;
}

// REVERSE(s): the characters in reverse order (each character's bytes kept).
TESSERA_ROW_FN int32_t tsf_reverse(char* out, int32_t* out_len, const char* s, int32_t s_len) {
  for (int32_t pos = 0; pos < s_len;) {
    const int32_t size = Utf8::char_size(s, s_len, pos);
    memcpy(out + (s_len - pos - size), s + pos, static_cast<size_t>(size));
    pos += size;
  }
  *out_len = s_len;
  return kOk;
}

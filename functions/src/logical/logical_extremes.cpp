// GREATEST and LEAST of two values (logical_functions.hpp says how the binder chains them).
#include <cstring>

#include "tessera/functions/logical_functions.hpp"
#include "tessera/functions/string_match.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::CodePoint;
using tessera::fn::kNull;
using tessera::fn::kOk;
using tessera::fn::SessionContext;
using tessera::fn::StringMatcher;
using tessera::fn::Utf8;

namespace {

// The one to keep of two nullable values: b only when it wins (`greater`: b > a; else b < a) or a is NULL.
template <typename T>
int32_t pick(T* out, T a, uint8_t a_null, T b, uint8_t b_null, bool greater) {
  if (a_null && b_null) return kNull;
  if (a_null) {
    *out = b;
    return kOk;
  }
  *out = !b_null && (greater ? a < b : b < a) ? b : a;
  return kOk;
}

inline int32_t without_trailing_spaces(const char* s, int32_t n) {
  while (n > 0 && s[n - 1] == ' ') --n;
  return n;
}

// <0, 0, >0 as a sorts before, with or after b: character by character (code points; a case-insensitive
// collation compares upper case, as the engine's comparisons do), a prefix first, trailing spaces ignored.
int compare(const char* a, int32_t a_len, const char* b, int32_t b_len, bool ci) {
  a_len = without_trailing_spaces(a, a_len);
  b_len = without_trailing_spaces(b, b_len);
  int32_t i = 0, j = 0;
  while (i < a_len && j < b_len) {
    const CodePoint x = Utf8::decode(a, a_len, i), y = Utf8::decode(b, b_len, j);
    const uint32_t kx = ci ? Utf8::to_upper(x.cp) : x.cp, ky = ci ? Utf8::to_upper(y.cp) : y.cp;
    if (kx != ky) return kx < ky ? -1 : 1;
    i += x.size;
    j += y.size;
  }
  return (i < a_len) - (j < b_len);
}

int32_t pick_string(char* out, int32_t* out_len, const char* a, int32_t a_len, uint8_t a_null, const char* b,
                    int32_t b_len, uint8_t b_null, const SessionContext* ctx, bool greater) {
  if (a_null && b_null) return kNull;
  bool take_b = a_null != 0;
  if (!a_null && !b_null) {
    const int c = compare(a, a_len, b, b_len, StringMatcher::for_session(ctx).case_insensitive());
    take_b = greater ? c < 0 : c > 0;
  }
  const char* s = take_b ? b : a;
  const int32_t n = take_b ? b_len : a_len;
  if (n > 0) memcpy(out, s, static_cast<size_t>(n));
  *out_len = n;
  return kOk;
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_greatest_b(uint8_t* out, uint8_t a, uint8_t a_null, uint8_t b, uint8_t b_null) {
  return pick<uint8_t>(out, a, a_null, b, b_null, true);
}
TESSERA_ROW_FN int32_t tsf_greatest_i(int32_t* out, int32_t a, uint8_t a_null, int32_t b, uint8_t b_null) {
  return pick<int32_t>(out, a, a_null, b, b_null, true);
}
TESSERA_ROW_FN int32_t tsf_greatest_l(int64_t* out, int64_t a, uint8_t a_null, int64_t b, uint8_t b_null) {
  return pick<int64_t>(out, a, a_null, b, b_null, true);
}
TESSERA_ROW_FN int32_t tsf_greatest_d(double* out, double a, uint8_t a_null, double b, uint8_t b_null) {
  return pick<double>(out, a, a_null, b, b_null, true);
}
TESSERA_ROW_FN int32_t tsf_greatest_s(char* out, int32_t* out_len, const char* a, int32_t a_len, uint8_t a_null,
                                      const char* b, int32_t b_len, uint8_t b_null, const SessionContext* ctx) {
  return pick_string(out, out_len, a, a_len, a_null, b, b_len, b_null, ctx, true);
}

TESSERA_ROW_FN int32_t tsf_least_b(uint8_t* out, uint8_t a, uint8_t a_null, uint8_t b, uint8_t b_null) {
  return pick<uint8_t>(out, a, a_null, b, b_null, false);
}
TESSERA_ROW_FN int32_t tsf_least_i(int32_t* out, int32_t a, uint8_t a_null, int32_t b, uint8_t b_null) {
  return pick<int32_t>(out, a, a_null, b, b_null, false);
}
TESSERA_ROW_FN int32_t tsf_least_l(int64_t* out, int64_t a, uint8_t a_null, int64_t b, uint8_t b_null) {
  return pick<int64_t>(out, a, a_null, b, b_null, false);
}
TESSERA_ROW_FN int32_t tsf_least_d(double* out, double a, uint8_t a_null, double b, uint8_t b_null) {
  return pick<double>(out, a, a_null, b, b_null, false);
}
TESSERA_ROW_FN int32_t tsf_least_s(char* out, int32_t* out_len, const char* a, int32_t a_len, uint8_t a_null,
                                   const char* b, int32_t b_len, uint8_t b_null, const SessionContext* ctx) {
  return pick_string(out, out_len, a, a_len, a_null, b, b_len, b_null, ctx, false);
}

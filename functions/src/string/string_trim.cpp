// LTRIM, RTRIM, TRIM: remove leading/trailing spaces (U+0020 only) or, in the
// two-argument forms, any of the given characters (collation-aware).
#include <cstring>

#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/string_match.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::CodePoint;
using tessera::fn::kOk;
using tessera::fn::SessionContext;
using tessera::fn::StringMatcher;
using tessera::fn::Utf8;

namespace {
enum Side : int { kLeading = 1, kTrailing = 2, kBoth = 3 };

int32_t emit(char* out, int32_t* out_len, const char* s, int32_t from, int32_t to) {
  const int32_t n = to > from ? to - from : 0;
  if (n > 0) memcpy(out, s + from, static_cast<size_t>(n));
  *out_len = n;
  return kOk;
}

int32_t trim_spaces(char* out, int32_t* out_len, const char* s, int32_t s_len, int side) {
  int32_t from = 0, to = s_len;
  if (side & kLeading)
    while (from < to && s[from] == ' ') ++from;
  if (side & kTrailing)
    while (to > from && s[to - 1] == ' ') --to;
  return emit(out, out_len, s, from, to);
}

int32_t trim_set(char* out, int32_t* out_len, const char* s, int32_t s_len, const char* set, int32_t set_len,
                 int side, const SessionContext* ctx) {
  const StringMatcher m = StringMatcher::for_session(ctx);
  int32_t from = 0;
  if (side & kLeading) {
    while (from < s_len) {
      const CodePoint c = Utf8::decode(s, s_len, from);
      if (m.index_in(c.cp, set, set_len) < 0) break;
      from += c.size;
    }
  }
  // Scan forward, remembering where the last character outside the set ends.
  int32_t to = s_len;
  if (side & kTrailing) {
    to = from;
    for (int32_t pos = from; pos < s_len;) {
      const CodePoint c = Utf8::decode(s, s_len, pos);
      pos += c.size;
      if (m.index_in(c.cp, set, set_len) < 0) to = pos;
    }
  }
  return emit(out, out_len, s, from, to);
}
}  // namespace

TESSERA_ROW_FN int32_t tsf_ltrim(char* out, int32_t* out_len, const char* s, int32_t s_len) {
  return trim_spaces(out, out_len, s, s_len, kLeading);
}
TESSERA_ROW_FN int32_t tsf_rtrim(char* out, int32_t* out_len, const char* s, int32_t s_len) {
  return trim_spaces(out, out_len, s, s_len, kTrailing);
}
TESSERA_ROW_FN int32_t tsf_trim(char* out, int32_t* out_len, const char* s, int32_t s_len) {
  return trim_spaces(out, out_len, s, s_len, kBoth);
}

TESSERA_ROW_FN int32_t tsf_ltrim_chars(char* out, int32_t* out_len, const char* s, int32_t s_len, const char* chars,
                                       int32_t chars_len, const SessionContext* ctx) {
  return trim_set(out, out_len, s, s_len, chars, chars_len, kLeading, ctx);
}
TESSERA_ROW_FN int32_t tsf_rtrim_chars(char* out, int32_t* out_len, const char* s, int32_t s_len, const char* chars,
                                       int32_t chars_len, const SessionContext* ctx) {
  return trim_set(out, out_len, s, s_len, chars, chars_len, kTrailing, ctx);
}
TESSERA_ROW_FN int32_t tsf_trim_chars(char* out, int32_t* out_len, const char* chars, int32_t chars_len,
                                      const char* s, int32_t s_len, const SessionContext* ctx) {
  return trim_set(out, out_len, s, s_len, chars, chars_len, kBoth, ctx);
}

// REPLACE, CHARINDEX, TRANSLATE: collation-aware character search (binary, or
// case-insensitive for ASCII/Latin-1 when the session collation says so).
#include <cstring>

#include "tessera/functions/status.hpp"
#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/string_match.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::CodePoint;
using tessera::fn::kInvalidArgument;
using tessera::fn::kOk;
using tessera::fn::SessionContext;
using tessera::fn::StringMatcher;
using tessera::fn::Utf8;

namespace {
void append(char* out, int32_t& o, const char* src, int32_t n) {
  if (n > 0) memcpy(out + o, src, static_cast<size_t>(n));
  o += n > 0 ? n : 0;
}

// CHARINDEX: 1-based character position of `find` in s, searching from the
// 1-based character `start` (values below 1 search from the beginning).
int32_t charindex(int32_t* out, const char* find, int32_t find_len, const char* s, int32_t s_len, int64_t start,
                  const SessionContext* ctx) {
  *out = 0;
  if (find_len == 0) return kOk;
  const int64_t skip = start > 1 ? start - 1 : 0;
  const int32_t from = Utf8::advance(s, s_len, 0, skip);
  int64_t idx = 0;
  if (StringMatcher::for_session(ctx).find(s, s_len, from, find, find_len, &idx, skip) >= 0)
    *out = static_cast<int32_t>(idx + 1);
  return kOk;
}
}  // namespace

// REPLACE(s, find, repl): every non-overlapping occurrence, left to right. An
// empty `find` returns s unchanged.
TESSERA_ROW_FN int32_t tsf_replace(char* out, int32_t* out_len, const char* s, int32_t s_len, const char* find,
                                   int32_t find_len, const char* repl, int32_t repl_len, const SessionContext* ctx) {
  int32_t o = 0;
  if (find_len == 0) {
    append(out, o, s, s_len);
    *out_len = o;
    return kOk;
  }
  const StringMatcher m = StringMatcher::for_session(ctx);
  int32_t pos = 0;
  for (;;) {
    const int32_t hit = m.find(s, s_len, pos, find, find_len);
    if (hit < 0) break;
    append(out, o, s + pos, hit - pos);
    append(out, o, repl, repl_len);
    pos = hit + find_len;  // a match has find_len bytes (case folding keeps lengths)
  }
  append(out, o, s + pos, s_len - pos);
  *out_len = o;
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_charindex(int32_t* out, const char* find, int32_t find_len, const char* s, int32_t s_len,
                                     const SessionContext* ctx) {
  return charindex(out, find, find_len, s, s_len, 1, ctx);
}

TESSERA_ROW_FN int32_t tsf_charindex_start(int32_t* out, const char* find, int32_t find_len, const char* s,
                                           int32_t s_len, int64_t start, const SessionContext* ctx) {
  return charindex(out, find, find_len, s, s_len, start, ctx);
}

// TRANSLATE(s, from, to): each character of s found in `from` becomes the
// character at the same position of `to`; `from` and `to` must have the same
// number of characters (Msg 9828 otherwise).
TESSERA_ROW_FN int32_t tsf_translate(char* out, int32_t* out_len, const char* s, int32_t s_len, const char* from,
                                     int32_t from_len, const char* to, int32_t to_len, const SessionContext* ctx) {
  if (Utf8::count(from, from_len) != Utf8::count(to, to_len)) return kInvalidArgument;
  const StringMatcher m = StringMatcher::for_session(ctx);
  int32_t o = 0;
  for (int32_t pos = 0; pos < s_len;) {
    const CodePoint c = Utf8::decode(s, s_len, pos);
    const int32_t idx = m.index_in(c.cp, from, from_len);
    if (idx < 0) {
      append(out, o, s + pos, c.size);
    } else {
      const int32_t at = Utf8::advance(to, to_len, 0, idx);
      append(out, o, to + at, Utf8::char_size(to, to_len, at));
    }
    pos += c.size;
  }
  *out_len = o;
  return kOk;
}

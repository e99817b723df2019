// LIKE and PATINDEX: % _ [set] [^set] patterns, matched by an iterative
// matcher that backtracks on the last % (see string_match.hpp).
#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/string_match.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::kOk;
using tessera::fn::LikePattern;
using tessera::fn::SessionContext;
using tessera::fn::StringMatcher;
using tessera::fn::Utf8;

// s LIKE pattern. Trailing spaces of s are ignored when the pattern is used up.
TESSERA_ROW_FN int32_t tsf_like(uint8_t* out, const char* s, int32_t s_len, const char* pattern, int32_t pattern_len,
                                const SessionContext* ctx) {
  const LikePattern p(pattern, pattern_len, StringMatcher::for_session(ctx));
  *out = p.match(s, s_len, 0, 0, true) ? 1 : 0;
  return kOk;
}

// s LIKE pattern ESCAPE escape: the escape must be one character (SQL Server's Msg 506 otherwise); the
// character after it in the pattern matches itself, so '10!%' ESCAPE '!' matches "10%".
TESSERA_ROW_FN int32_t tsf_like_escape(uint8_t* out, const char* s, int32_t s_len, const char* pattern,
                                       int32_t pattern_len, const char* escape, int32_t escape_len,
                                       const SessionContext* ctx) {
  if (escape_len == 0) return tessera::fn::kInvalidEscape;
  const tessera::fn::CodePoint e = Utf8::decode(escape, escape_len, 0);
  if (e.size != escape_len) return tessera::fn::kInvalidEscape;
  const LikePattern p(pattern, pattern_len, StringMatcher::for_session(ctx), e.cp);
  *out = p.match(s, s_len, 0, 0, true) ? 1 : 0;
  return kOk;
}

// PATINDEX(pattern, s): 1-based character position where the first match of
// the pattern starts, 0 if none. Without a leading % the pattern must match
// from the first character; without a trailing % it must reach the end.
TESSERA_ROW_FN int32_t tsf_patindex(int32_t* out, const char* pattern, int32_t pattern_len, const char* s,
                                    int32_t s_len, const SessionContext* ctx) {
  const LikePattern p(pattern, pattern_len, StringMatcher::for_session(ctx));
  *out = 0;
  if (pattern_len == 0) return kOk;
  const int32_t rest = p.skip_leading_percents();
  if (rest == 0) {
    *out = p.match(s, s_len, 0, 0, false) ? 1 : 0;
    return kOk;
  }
  if (rest == pattern_len) {  // only %: matches at the first character
    *out = s_len > 0 ? 1 : 0;
    return kOk;
  }
  int32_t idx = 1;
  for (int32_t pos = 0; pos < s_len; pos += Utf8::char_size(s, s_len, pos), ++idx) {
    if (p.match(s, s_len, pos, rest, false)) {
      *out = idx;
      return kOk;
    }
  }
  return kOk;
}

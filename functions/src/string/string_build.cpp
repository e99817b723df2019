// REPLICATE, SPACE, STUFF, CONCAT, CONCAT_WS, QUOTENAME: functions that build
// a new string from pieces.
#include <cstring>

#include "tessera/functions/status.hpp"
#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::kNull;
using tessera::fn::kOk;
using tessera::fn::Utf8;

namespace {
// varchar (not max) results are truncated at 8000 bytes.
constexpr int32_t kVarcharMaxBytes = 8000;
// QUOTENAME's argument is a sysname: at most 128 characters.
constexpr int32_t kSysnameChars = 128;

class Builder {
 public:
  explicit Builder(char* out) : out_(out) {}
  void add(const char* s, int32_t n) {
    if (n > 0) memcpy(out_ + len_, s, static_cast<size_t>(n));
    len_ += n > 0 ? n : 0;
  }
  void add_byte(char c) { out_[len_++] = c; }
  int32_t finish(int32_t* out_len) const {
    *out_len = len_;
    return kOk;
  }

 private:
  char* out_;
  int32_t len_ = 0;
};

int32_t quote(char* out, int32_t* out_len, const char* s, int32_t s_len, char open, char close) {
  if (Utf8::count(s, s_len) > kSysnameChars) return kNull;
  Builder b(out);
  b.add_byte(open);
  for (int32_t i = 0; i < s_len; ++i) {
    b.add_byte(s[i]);
    if (s[i] == close) b.add_byte(close);  // ASCII bytes never occur inside multi-byte characters
  }
  b.add_byte(close);
  return b.finish(out_len);
}

// CONCAT_WS: the non-NULL parts joined by sep.
int32_t join(char* out, int32_t* out_len, const char* sep, int32_t sep_len, const char* const* parts,
             const int32_t* lens, const uint8_t* nulls, int count) {
  Builder r(out);
  bool first = true;
  for (int i = 0; i < count; ++i) {
    if (nulls[i]) continue;
    if (!first) r.add(sep, sep_len);
    r.add(parts[i], lens[i]);
    first = false;
  }
  return r.finish(out_len);
}
}  // namespace

// REPLICATE(s, n): s repeated n times; NULL for a negative n. The result is cut
// at 8000 bytes (at a character boundary).
TESSERA_ROW_FN int32_t tsf_replicate(char* out, int32_t* out_len, const char* s, int32_t s_len, int64_t n) {
  if (n < 0) return kNull;
  Builder b(out);
  int32_t used = 0;
  for (int64_t i = 0; i < n && s_len > 0; ++i) {
    if (used + s_len <= kVarcharMaxBytes) {
      b.add(s, s_len);
      used += s_len;
      continue;
    }
    // The last, partial copy: whole characters while they fit.
    int32_t pos = 0;
    while (pos < s_len) {
      const int32_t size = Utf8::char_size(s, s_len, pos);
      if (used + size > kVarcharMaxBytes) break;
      used += size;
      pos += size;
    }
    b.add(s, pos);
    break;
  }
  return b.finish(out_len);
}

// SPACE(n): n spaces (at most 8000); NULL for a negative n.
TESSERA_ROW_FN int32_t tsf_space(char* out, int32_t* out_len, int32_t n) {
  if (n < 0) return kNull;
  const int32_t k = n > kVarcharMaxBytes ? kVarcharMaxBytes : n;
  memset(out, ' ', static_cast<size_t>(k));
  *out_len = k;
  return kOk;
}

// STUFF(s, start, length, repl): deletes `length` characters from the 1-based
// `start` and inserts repl there. NULL when start is not a position of s or
// length is negative; a length past the end deletes to the end.
TESSERA_ROW_FN int32_t tsf_stuff(char* out, int32_t* out_len, const char* s, int32_t s_len, int64_t start,
                                 int64_t length, const char* repl, int32_t repl_len) {
  if (start < 1 || length < 0) return kNull;
  if (start > Utf8::count(s, s_len)) return kNull;
  const int32_t cut = Utf8::advance(s, s_len, 0, start - 1);
  const int32_t resume = Utf8::advance(s, s_len, cut, length);
  Builder b(out);
  b.add(s, cut);
  b.add(repl, repl_len);
  b.add(s + resume, s_len - resume);
  return b.finish(out_len);
}

// CONCAT(a, b [, c]): NULL arguments count as empty strings; never NULL.
TESSERA_ROW_FN int32_t tsf_concat_2(char* out, int32_t* out_len, const char* a, int32_t a_len, uint8_t a_null,
                                    const char* b, int32_t b_len, uint8_t b_null) {
  Builder r(out);
  if (!a_null) r.add(a, a_len);
  if (!b_null) r.add(b, b_len);
  return r.finish(out_len);
}

TESSERA_ROW_FN int32_t tsf_concat_3(char* out, int32_t* out_len, const char* a, int32_t a_len, uint8_t a_null,
                                    const char* b, int32_t b_len, uint8_t b_null, const char* c, int32_t c_len,
                                    uint8_t c_null) {
  Builder r(out);
  if (!a_null) r.add(a, a_len);
  if (!b_null) r.add(b, b_len);
  if (!c_null) r.add(c, c_len);
  return r.finish(out_len);
}

// CONCAT_WS(sep, a, b [, c]): the non-NULL arguments joined by sep (empty
// strings are kept); a NULL separator counts as empty; never NULL.
TESSERA_ROW_FN int32_t tsf_concat_ws_2(char* out, int32_t* out_len, const char* sep, int32_t sep_len,
                                       uint8_t sep_null, const char* a, int32_t a_len, uint8_t a_null, const char* b,
                                       int32_t b_len, uint8_t b_null) {
  const char* parts[2] = {a, b};
  const int32_t lens[2] = {a_len, b_len};
  const uint8_t nulls[2] = {a_null, b_null};
  return join(out, out_len, sep, sep_null ? 0 : sep_len, parts, lens, nulls, 2);
}

TESSERA_ROW_FN int32_t tsf_concat_ws_3(char* out, int32_t* out_len, const char* sep, int32_t sep_len,
                                       uint8_t sep_null, const char* a, int32_t a_len, uint8_t a_null, const char* b,
                                       int32_t b_len, uint8_t b_null, const char* c, int32_t c_len, uint8_t c_null) {
  const char* parts[3] = {a, b, c};
  const int32_t lens[3] = {a_len, b_len, c_len};
  const uint8_t nulls[3] = {a_null, b_null, c_null};
  return join(out, out_len, sep, sep_null ? 0 : sep_len, parts, lens, nulls, 3);
}

// CONCAT_WS's link in a chain (the binder's CONCAT_WS of 4..254 arguments): as concat_ws_3, but NULL when every
// part is NULL, so that the next link skips it as it skips a NULL argument (an empty result would add a
// separator).
TESSERA_ROW_FN int32_t tsf_concat_ws_3_or_null(char* out, int32_t* out_len, const char* sep, int32_t sep_len,
                                               uint8_t sep_null, const char* a, int32_t a_len, uint8_t a_null,
                                               const char* b, int32_t b_len, uint8_t b_null, const char* c,
                                               int32_t c_len, uint8_t c_null) {
  if (a_null && b_null && c_null) return kNull;
  return tsf_concat_ws_3(out, out_len, sep, sep_len, sep_null, a, a_len, a_null, b, b_len, b_null, c, c_len, c_null);
}

// QUOTENAME(s): s as a bracket-delimited identifier, ']' doubled; NULL for
// more than 128 characters.
TESSERA_ROW_FN int32_t tsf_quotename(char* out, int32_t* out_len, const char* s, int32_t s_len) {
  return quote(out, out_len, s, s_len, '[', ']');
}

// QUOTENAME(s, quote_character): delimiters ' " [] () <> {} or `; any other
// quote character gives NULL.
TESSERA_ROW_FN int32_t tsf_quotename_quote(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                           const char* q, int32_t q_len) {
  if (q_len != 1) return kNull;
  switch (q[0]) {
    case '\'': return quote(out, out_len, s, s_len, '\'', '\'');
    case '"': return quote(out, out_len, s, s_len, '"', '"');
    case '[':
    case ']': return quote(out, out_len, s, s_len, '[', ']');
    case '(':
    case ')': return quote(out, out_len, s, s_len, '(', ')');
    case '<':
    case '>': return quote(out, out_len, s, s_len, '<', '>');
    case '{':
    case '}': return quote(out, out_len, s, s_len, '{', '}');
    case '`': return quote(out, out_len, s, s_len, '`', '`');
    default: return kNull;
  }
}

// Escape sequences: STRING_ESCAPE(text, 'json') writes them ("STRING_ESCAPE (Transact-SQL)"; the binder checks the
// type argument, 'json' being the only one SQL Server has), UNISTR(text [, escape]) reads Unicode ones
// ("UNISTR (Transact-SQL)", SQL Server 2025).
#include "tessera/functions/json_escape.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::CodePoint;
using tessera::fn::kInvalidArgument;
using tessera::fn::kOk;
using tessera::fn::Utf8;

namespace {
// The value of `n` hex digits at s[pos..], or -1 if any is not one (or the text ends first).
int64_t hex_value(const char* s, int32_t len, int32_t pos, int32_t n) {
  if (pos + n > len) return -1;
  int64_t v = 0;
  for (int32_t i = 0; i < n; ++i) {
    const char c = s[pos + i];
    int32_t d = -1;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}
}  // namespace

// JSON's escapes (json_escape.hpp), '/' included (\/). Every other byte, multi-byte characters included, is copied.
TESSERA_ROW_FN int32_t tsf_string_escape_json(char* out, int32_t* out_len, const char* s, int32_t s_len) {
  int32_t n = 0;
  for (int32_t i = 0; i < s_len; ++i) n += tessera::fn::json_escape_byte(static_cast<unsigned char>(s[i]), true, out + n);
  *out_len = n;
  return kOk;
}

// UNISTR: the escape character (a code point; `\` unless given) followed by four hex digits is a UTF-16 code unit
// (a high surrogate must be followed by an escaped low one: the pair is one character), followed by '+' and six hex
// digits a code point, followed by itself the escape character. Anything else after it, a lone surrogate or a
// code point above U+10FFFF fails the row (kInvalidArgument, Msg 8116). Each sequence is longer than its UTF-8
// character, so the result is never longer than the text.
TESSERA_ROW_FN int32_t tsf_unistr(char* out, int32_t* out_len, const char* s, int32_t s_len, int32_t escape) {
  int32_t n = 0;
  int32_t pos = 0;
  while (pos < s_len) {
    const CodePoint c = Utf8::decode(s, s_len, pos);
    if (c.cp != static_cast<uint32_t>(escape)) {
      for (int32_t i = 0; i < c.size; ++i) out[n++] = s[pos + i];
      pos += c.size;
      continue;
    }
    pos += c.size;
    if (pos >= s_len) return kInvalidArgument;
    const CodePoint next = Utf8::decode(s, s_len, pos);
    if (next.cp == static_cast<uint32_t>(escape)) {  // the escape character itself
      for (int32_t i = 0; i < next.size; ++i) out[n++] = s[pos + i];
      pos += next.size;
      continue;
    }
    int64_t cp = -1;
    if (s[pos] == '+') {
      cp = hex_value(s, s_len, pos + 1, 6);
      pos += 7;
    } else {
      cp = hex_value(s, s_len, pos, 4);
      pos += 4;
      if (cp >= 0xDC00 && cp <= 0xDFFF) return kInvalidArgument;  // a low surrogate first
      if (cp >= 0xD800 && cp <= 0xDBFF) {
        // The low surrogate: the escape character again and four hex digits.
        if (pos >= s_len) return kInvalidArgument;
        const CodePoint e = Utf8::decode(s, s_len, pos);
        if (e.cp != static_cast<uint32_t>(escape)) return kInvalidArgument;
        const int64_t low = hex_value(s, s_len, pos + e.size, 4);
        if (low < 0xDC00 || low > 0xDFFF) return kInvalidArgument;
        pos += e.size + 4;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
      }
    }
    if (cp < 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return kInvalidArgument;
    n += Utf8::encode(static_cast<uint32_t>(cp), out + n);
  }
  *out_len = n;
  return kOk;
}

// ASCII, CHAR, UNICODE, NCHAR: conversions between characters and codes.
#include "tessera/functions/status.hpp"
#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::CodePoint;
using tessera::fn::kNull;
using tessera::fn::kOk;
using tessera::fn::Utf8;

// ASCII(s): the first byte of s; NULL for an empty string.
TESSERA_ROW_FN int32_t tsf_ascii(int32_t* out, const char* s, int32_t s_len) {
  if (s_len <= 0) return kNull;
  *out = static_cast<uint8_t>(s[0]);
  return kOk;
}

// CHAR(n): the Latin-1 (code page 1252-like ISO 8859-1) character n, 0..255,
// as UTF-8; NULL outside that range.
TESSERA_ROW_FN int32_t tsf_char(char* out, int32_t* out_len, int32_t code) {
  if (code < 0 || code > 255) return kNull;
  *out_len = Utf8::encode(static_cast<uint32_t>(code), out);
  return kOk;
}

// UNICODE(s): the code point of the first character (U+FFFD for an invalid
// byte); NULL for an empty string.
TESSERA_ROW_FN int32_t tsf_unicode(int32_t* out, const char* s, int32_t s_len) {
  if (s_len <= 0) return kNull;
  const CodePoint c = Utf8::decode(s, s_len, 0);
  *out = static_cast<int32_t>(Utf8::is_escaped_byte(c.cp) ? Utf8::kReplacement : c.cp);
  return kOk;
}

// NCHAR(n): the character with code point n as UTF-8; NULL for values that are
// not Unicode scalar values (negative, surrogates, above U+10FFFF).
TESSERA_ROW_FN int32_t tsf_nchar(char* out, int32_t* out_len, int32_t code) {
  if (code < 0 || code > static_cast<int32_t>(Utf8::kMaxCodePoint) || (code >= 0xD800 && code <= 0xDFFF))
    return kNull;
  *out_len = Utf8::encode(static_cast<uint32_t>(code), out);
  return kOk;
}

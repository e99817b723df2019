// JSON's escapes for one byte of text, written the same way by STRING_ESCAPE(text, 'json') and by JSON_MODIFY when
// it quotes a new string value ("STRING_ESCAPE (Transact-SQL)"): '"' and '\' as \" and \\; '/' as \/ where asked
// (STRING_ESCAPE escapes it, JSON_MODIFY does not); backspace, form feed, new line, carriage return and tab as \b \f
// \n \r \t; the other control characters (0x00-0x1F) as \u00 and two lower-case hex digits; every other byte as it
// is (a multi-byte UTF-8 character's bytes are never below 0x80).
#pragma once

#include <cstdint>

namespace tessera::fn {

constexpr char kJsonEscapeHexDigits[] = "0123456789abcdef";

// Writes c's JSON form at out (1, 2 or 6 bytes) and returns its length.
inline int32_t json_escape_byte(unsigned char c, bool escape_solidus, char* out) {
  char short_form = 0;
  switch (c) {
    case '"': short_form = '"'; break;
    case '\\': short_form = '\\'; break;
    case '/': short_form = escape_solidus ? '/' : 0; break;
    case '\b': short_form = 'b'; break;
    case '\f': short_form = 'f'; break;
    case '\n': short_form = 'n'; break;
    case '\r': short_form = 'r'; break;
    case '\t': short_form = 't'; break;
    default: break;
  }
  if (short_form != 0) {
    out[0] = '\\';
    out[1] = short_form;
    return 2;
  }
  if (c < 0x20) {
    out[0] = '\\';
    out[1] = 'u';
    out[2] = '0';
    out[3] = '0';
    out[4] = kJsonEscapeHexDigits[c >> 4];
    out[5] = kJsonEscapeHexDigits[c & 15];
    return 6;
  }
  out[0] = static_cast<char>(c);
  return 1;
}

}  // namespace tessera::fn

// STRING_ESCAPE(text, 'json'): text with JSON's special and control characters escaped, as SQL Server
// documents it ("STRING_ESCAPE (Transact-SQL)"). The binder checks the type argument and binds this kernel;
// 'json' is the only type SQL Server has.
#include "tessera/functions/status.hpp"
#include "tessera/functions/string_functions.hpp"

using tessera::fn::kOk;

namespace {
constexpr char kHexDigits[] = "0123456789abcdef";
}  // namespace

// '"' '\' '/' become \" \\ \/; backspace, form feed, new line, carriage return and tab \b \f \n \r \t; the other
// control characters (0x00-0x1F) a backslash, u, 00 and two lower-case hex digits. Every other byte, multi-byte characters included
// (their bytes are never below 0x80), is copied.
TESSERA_ROW_FN int32_t tsf_string_escape_json(char* out, int32_t* out_len, const char* s, int32_t s_len) {
  int32_t n = 0;
  for (int32_t i = 0; i < s_len; ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    char short_form = 0;
    switch (c) {
      case '"': short_form = '"'; break;
      case '\\': short_form = '\\'; break;
      case '/': short_form = '/'; break;
      case '\b': short_form = 'b'; break;
      case '\f': short_form = 'f'; break;
      case '\n': short_form = 'n'; break;
      case '\r': short_form = 'r'; break;
      case '\t': short_form = 't'; break;
      default: break;
    }
    if (short_form != 0) {
      out[n++] = '\\';
      out[n++] = short_form;
    } else if (c < 0x20) {
      out[n++] = '\\';
      out[n++] = 'u';
      out[n++] = '0';
      out[n++] = '0';
      out[n++] = kHexDigits[c >> 4];
      out[n++] = kHexDigits[c & 15];
    } else {
      out[n++] = static_cast<char>(c);
    }
  }
  *out_len = n;
  return kOk;
}

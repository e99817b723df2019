// FORMATMESSAGE('msg_string', param_value, ...) ("FORMATMESSAGE (Transact-SQL)"; the placeholders are
// RAISERROR's, "RAISERROR (Transact-SQL)", msg_str): %[flags][width][.precision][h | l | I64]type with the flags
// - + 0 # and space, a width or precision that is a number or * (the next parameter), and the types d, i (signed),
// o, u, x, X (unsigned, 32 bits; h 16, I64 64) and s; %% is a percent sign. A NULL parameter, and one the call
// does not give, prints as (null). A result of 2,048 or more characters is its first 2,044 and an ellipsis.
//
// A kernel takes at most 8 arguments, so the binder chains links of six parameters each (docs/FUNCTIONS.md): a
// link that is not the last writes a message that is again a msg_string for the parameters after its own (the
// text it substitutes with % doubled, the placeholders it has no parameters for as they are, a * it has the
// parameter for as its number), and the last link writes the message.
#include "tessera/functions/format_functions.hpp"
#include "tessera/functions/number_format.hpp"
#include "tessera/functions/number_parse.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::kFormatMessageLast;
using tessera::fn::kFormatMessageMaxChars;
using tessera::fn::kFormatMessageMaxParams;
using tessera::fn::kInvalidArgument;
using tessera::fn::kNull;
using tessera::fn::kOk;
using tessera::fn::NumberFormat;
using tessera::fn::NumberParse;
using tessera::fn::Utf8;

namespace {

struct Param {
  const char* s;
  int32_t len;
  bool null;
};

// The output. put() writes substituted text (with % doubled in a link that is not the last), raw() text the next
// link reads as it is. The last link stops writing at `cap` bytes: that many hold 2,048 characters or more, so the
// message is cut there anyway.
struct Out {
  char* out;
  int32_t cap;
  bool escape;
  int32_t n = 0;
  void byte(char c) {
    if (n < cap) out[n++] = c;
  }
  void put(char c) {
    byte(c);
    if (escape && c == '%') byte('%');
  }
  void raw(const char* s, int32_t len) {
    for (int32_t i = 0; i < len; ++i) byte(s[i]);
  }
  void repeat(char c, int32_t count) {
    for (int32_t i = 0; i < count; ++i) put(c);
  }
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A width or precision written in the format, at most kFormatMessageMaxChars (a message is never longer).
int32_t read_number(const char* f, int32_t len, int32_t* pos) {
  int32_t v = 0;
  while (*pos < len && is_digit(f[*pos])) {
    if (v < tessera::fn::kFormatMessageMaxChars) v = v * 10 + (f[*pos] - '0');
    ++*pos;
  }
  return v < tessera::fn::kFormatMessageMaxChars ? v : tessera::fn::kFormatMessageMaxChars;
}

// A placeholder after its %.
struct Spec {
  bool left = false, plus = false, zero = false, alt = false, space = false;
  int32_t width = 0;
  bool width_star = false;
  int32_t precision = -1;  // none
  bool precision_star = false;
  int32_t bits = 32;  // h 16, I64 64
  char type = 0;      // 0: not a placeholder (the text is printed as it is)
  int32_t end = 0;    // the position after it
};

Spec parse_spec(const char* f, int32_t len, int32_t pos) {
  Spec s;
  for (; pos < len; ++pos) {
    const char c = f[pos];
    if (c == '-') s.left = true;
    else if (c == '+') s.plus = true;
    else if (c == '0') s.zero = true;
    else if (c == '#') s.alt = true;
    else if (c == ' ') s.space = true;
    else break;
  }
  if (pos < len && f[pos] == '*') {
    s.width_star = true;
    ++pos;
  } else {
    s.width = read_number(f, len, &pos);
  }
  if (pos < len && f[pos] == '.') {
    ++pos;
    if (pos < len && f[pos] == '*') {
      s.precision_star = true;
      ++pos;
    } else {
      s.precision = read_number(f, len, &pos);
    }
  }
  if (pos < len && (f[pos] == 'h' || f[pos] == 'l')) {
    s.bits = f[pos] == 'h' ? 16 : 32;
    ++pos;
  } else if (pos + 2 < len && f[pos] == 'I' && f[pos + 1] == '6' && f[pos + 2] == '4') {
    s.bits = 64;
    pos += 3;
  }
  if (pos < len) {
    const char c = f[pos];
    if (c == 'd' || c == 'i' || c == 'o' || c == 'u' || c == 'x' || c == 'X' || c == 's') {
      s.type = c;
      ++pos;
    }
  }
  s.end = pos;
  return s;
}

// The characters of [s, s + len) (code points; an invalid byte is one).
int32_t char_count(const char* s, int32_t len) {
  int32_t n = 0;
  for (int32_t i = 0; i < len; i += Utf8::char_size(s, len, i)) ++n;
  return n;
}

// %s: at most `precision` characters, padded with spaces to `width` characters.
void write_string(Out& o, const Spec& sp, const char* s, int32_t len) {
  int32_t bytes = len;
  int32_t chars = char_count(s, len);
  if (sp.precision >= 0 && chars > sp.precision) {
    bytes = 0;
    for (int32_t k = 0; k < sp.precision; ++k) bytes += Utf8::char_size(s, len, bytes);
    chars = sp.precision;
  }
  const int32_t pad = sp.width > chars ? sp.width - chars : 0;
  if (!sp.left) o.repeat(' ', pad);
  for (int32_t i = 0; i < bytes; ++i) o.put(s[i]);
  if (sp.left) o.repeat(' ', pad);
}

// The integer placeholders: the parameter's text (an integer, as the binder converts it) in the placeholder's
// size and base. kOk, or kInvalidArgument for text that is no integer.
int32_t write_integer(Out& o, const Spec& sp, const char* s, int32_t len) {
  int64_t v = 0;
  if (NumberParse::integer<int64_t>(s, len, &v) != kOk) return kInvalidArgument;
  const bool is_signed = sp.type == 'd' || sp.type == 'i';
  uint64_t mag = 0;
  bool negative = false;
  if (is_signed) {
    const int64_t x = sp.bits == 16 ? static_cast<int16_t>(v) : sp.bits == 32 ? static_cast<int32_t>(v) : v;
    negative = x < 0;
    mag = negative ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
  } else {
    const uint64_t u = static_cast<uint64_t>(v);
    mag = sp.bits == 16 ? (u & 0xFFFFu) : sp.bits == 32 ? (u & 0xFFFFFFFFu) : u;
  }
  const uint32_t base = sp.type == 'o' ? 8 : (sp.type == 'x' || sp.type == 'X') ? 16 : 10;
  const char* digit_chars = sp.type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  char rev[24];
  int32_t nd = 0;
  for (uint64_t m = mag; m != 0; m /= base) rev[nd++] = digit_chars[m % base];
  int32_t zeros = 0;  // leading zeros for the precision (a minimum number of digits)
  const int32_t min_digits = sp.precision >= 0 ? sp.precision : 1;
  if (nd < min_digits) zeros = min_digits - nd;
  char prefix[2];
  int32_t prefix_len = 0;
  if (is_signed) {
    if (negative) prefix[prefix_len++] = '-';
    else if (sp.plus) prefix[prefix_len++] = '+';
    else if (sp.space) prefix[prefix_len++] = ' ';
  } else if (sp.alt && mag != 0) {
    if (base == 8) {
      if (zeros == 0) zeros = 1;
    } else if (base == 16) {
      prefix[prefix_len++] = '0';
      prefix[prefix_len++] = sp.type;
    }
  }
  const int32_t body = prefix_len + zeros + nd;
  int32_t pad = sp.width > body ? sp.width - body : 0;
  if (sp.zero && !sp.left && sp.precision < 0) {  // '0': zeros after the sign or prefix instead of spaces
    zeros += pad;
    pad = 0;
  }
  if (!sp.left) o.repeat(' ', pad);
  for (int32_t i = 0; i < prefix_len; ++i) o.put(prefix[i]);
  o.repeat('0', zeros);
  for (int32_t i = nd - 1; i >= 0; --i) o.put(rev[i]);
  if (sp.left) o.repeat(' ', pad);
  return kOk;
}

// A * parameter: its integer (a negative width is '-' and its absolute value, as printf does); NULL or missing: 0.
int32_t star_value(const Param* p, int32_t* out) {
  *out = 0;
  if (p == nullptr || p->null) return kOk;
  int64_t v = 0;
  if (NumberParse::integer<int64_t>(p->s, p->len, &v) != kOk) return kInvalidArgument;
  if (v > tessera::fn::kFormatMessageMaxChars) v = tessera::fn::kFormatMessageMaxChars;
  if (v < -tessera::fn::kFormatMessageMaxChars) v = -tessera::fn::kFormatMessageMaxChars;
  *out = static_cast<int32_t>(v);
  return kOk;
}

const char kNullText[] = "(null)";

int32_t format_message(char* out, int32_t* out_len, const char* f, int32_t f_len, const Param* params, int32_t count,
                       bool last) {
  Out o{out, last ? tessera::fn::kFormatMessageLastCap : 0x7FFFFFFF, !last};
  int32_t next = 0;  // the next parameter
  int32_t pos = 0;
  while (pos < f_len) {
    const char c = f[pos];
    if (c != '%') {
      o.byte(c);  // the format's own text, as it is (a % in it is a placeholder's, handled below)
      ++pos;
      continue;
    }
    if (pos + 1 < f_len && f[pos + 1] == '%') {
      o.put('%');  // %% in a link that is not the last
      pos += 2;
      continue;
    }
    Spec sp = parse_spec(f, f_len, pos + 1);
    if (sp.type == 0) {  // not a placeholder: printed as it is, no parameter used (%% for the next link)
      o.put('%');
      ++pos;
      continue;
    }
    const int32_t needed = (sp.width_star ? 1 : 0) + (sp.precision_star ? 1 : 0) + 1;
    if (!last && count - next < needed) {
      // Not all of its parameters are in this link: the * it has one for becomes the number, the rest stays.
      o.byte('%');
      int32_t i = pos + 1;
      while (i < sp.end) {
        if (f[i] == '*' && next < count) {
          int32_t v = 0;
          const int32_t st = star_value(&params[next++], &v);
          if (st != kOk) return st;
          char digits[24];
          int32_t n = NumberFormat::write_int(digits, v);
          if (v < 0 && f[i - 1] == '.') n = 0;  // a negative precision is none: drop it (and its point below)
          if (n == 0 && f[i - 1] == '.') --o.n;
          o.raw(digits, n);
        } else {
          o.byte(f[i]);
        }
        ++i;
      }
      pos = sp.end;
      continue;
    }
    if (sp.width_star) {
      int32_t v = 0;
      const int32_t st = star_value(next < count ? &params[next] : nullptr, &v);
      if (st != kOk) return st;
      ++next;
      if (v < 0) {
        sp.left = true;
        v = -v;
      }
      sp.width = v;
    }
    if (sp.precision_star) {
      int32_t v = 0;
      const int32_t st = star_value(next < count ? &params[next] : nullptr, &v);
      if (st != kOk) return st;
      ++next;
      sp.precision = v < 0 ? -1 : v;
    }
    const Param* p = next < count ? &params[next] : nullptr;
    ++next;
    if (p == nullptr || p->null) {
      Spec as_string = sp;
      write_string(o, as_string, kNullText, 6);
    } else if (sp.type == 's') {
      write_string(o, sp, p->s, p->len);
    } else {
      const int32_t st = write_integer(o, sp, p->s, p->len);
      if (st != kOk) return st;
    }
    pos = sp.end;
  }
  if (last) {
    // 2,048 characters or more: the first 2,044 and "...".
    const int32_t chars = char_count(out, o.n);
    if (chars > kFormatMessageMaxChars) {
      int32_t bytes = 0;
      for (int32_t k = 0; k < kFormatMessageMaxChars - 3; ++k) bytes += Utf8::char_size(out, o.n, bytes);
      o.n = bytes;
      o.raw("...", 3);
    }
  }
  *out_len = o.n;
  return kOk;
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_formatmessage(char* out, int32_t* out_len, const char* f, int32_t f_len, uint8_t f_null,
                                         const char* a1, int32_t a1_len, uint8_t a1_null, const char* a2,
                                         int32_t a2_len, uint8_t a2_null, const char* a3, int32_t a3_len,
                                         uint8_t a3_null, const char* a4, int32_t a4_len, uint8_t a4_null,
                                         const char* a5, int32_t a5_len, uint8_t a5_null, const char* a6,
                                         int32_t a6_len, uint8_t a6_null, int32_t flags) {
  if (f_null) return kNull;
  const int32_t count = flags & 0xFF;
  if (count < 0 || count > kFormatMessageMaxParams) return kInvalidArgument;  // the binder's flags
  const Param params[kFormatMessageMaxParams] = {{a1, a1_len, a1_null != 0}, {a2, a2_len, a2_null != 0},
                                                 {a3, a3_len, a3_null != 0}, {a4, a4_len, a4_null != 0},
                                                 {a5, a5_len, a5_null != 0}, {a6, a6_len, a6_null != 0}};
  return format_message(out, out_len, f, f_len, params, count, (flags & kFormatMessageLast) != 0);
}

// STR ("STR (Transact-SQL)") and FORMAT ("FORMAT (Transact-SQL)"): numbers and dates/times as text.
//
// FORMAT follows .NET Framework, which SQL Server's FORMAT calls: numbers go through .NET's NUMBER buffer (decimal
// digits, the decimal point's position `scale`, a sign), built from an Int32/Int64 exactly, from a Decimal with its
// scale's trailing zeros (MONEY as a Decimal without them: SqlMoney -> Decimal divides by 10000), or from a Double
// rounded to 15 significant digits (17 for R when 15 do not round-trip, E with more than 14 decimals and G with more
// than 15 digits). Rounding is .NET's RoundNumber: half away from zero on those digits, a result of zero loses its
// sign. Standard formats (a letter and at most two digits) and custom ones (0 # . , % ‰ E0 'literal' \c ; sections)
// are .NET's NumberToString and NumberToStringFormat; dates are DateTimeFormat's, TIME is a TimeSpan (whose custom
// format has no separators of its own: `hh:mm` is invalid, `hh\:mm` is 07:35). A format .NET refuses gives NULL.
#include <cmath>
#include <cstdint>

#include "tessera/functions/calendar.hpp"
#include "tessera/functions/clock.hpp"
#include "tessera/functions/format_functions.hpp"
#include "tessera/functions/number_double.hpp"
#include "tessera/functions/status.hpp"

using tessera::fn::Calendar;
using tessera::fn::Clock;
using tessera::fn::DoubleDecimal;
using tessera::fn::kCultureEnUs;
using tessera::fn::kCultureInvariant;
using tessera::fn::kInvalidArgument;
using tessera::fn::kNull;
using tessera::fn::kOk;

namespace {

// ---------------------------------------------------------------- output

struct Out {
  char* p;
  int32_t n = 0;
  void put(char c) { p[n++] = c; }
  void put(const char* s, int32_t len) {
    for (int32_t i = 0; i < len; ++i) p[n++] = s[i];
  }
  void put_str(const char* s) {
    while (*s) p[n++] = *s++;
  }
  // v in decimal, at least `min_digits` digits.
  void put_uint(uint64_t v, int32_t min_digits) {
    char buf[24];
    int32_t k = 0;
    do {
      buf[k++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v != 0);
    while (k < min_digits && k < 24) buf[k++] = '0';
    for (int32_t i = min_digits - 24; i > 0; --i) put('0');
    while (k > 0) put(buf[--k]);
  }
};

// ---------------------------------------------------------------- STR

// 17 significant digits of |v| (v != 0) and the number of digits before the point.
void seventeen_digits(double v, uint8_t* d, int32_t* ip) {
  uint64_t q = 0;
  int32_t e = 0;
  DoubleDecimal::round_digits(v, 17, &q, &e);
  for (int32_t i = 16; i >= 0; --i) {
    d[i] = static_cast<uint8_t>(q % 10);
    q /= 10;
  }
  *ip = e + 1;
}

// The 17 digits 0.d * 10^ip kept to `keep` digits, half away from zero: r (rn digits) * 10^rip.
void round_keep(const uint8_t* d, int32_t ip, int32_t keep, uint8_t* r, int32_t* rip, int32_t* rn) {
  *rip = ip;
  if (keep >= 17) {
    for (int32_t i = 0; i < 17; ++i) r[i] = d[i];
    *rn = 17;
    return;
  }
  if (keep < 0) {
    *rn = 0;
    return;
  }
  for (int32_t i = 0; i < keep; ++i) r[i] = d[i];
  int32_t n = keep;
  if (d[keep] >= 5) {
    int32_t i = keep - 1;
    while (i >= 0 && r[i] == 9) r[i--] = 0;
    if (i >= 0) {
      ++r[i];
    } else {  // all nines (or none): 1 then zeros
      for (int32_t j = n; j > 0; --j) r[j] = 0;
      r[0] = 1;
      ++n;
      ++*rip;
    }
  }
  *rn = n;
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_str(char* out, int32_t* out_len, double value, int32_t length, int32_t decimal) {
  if (!DoubleDecimal::is_finite(value)) return kInvalidArgument;  // SQL Server's FLOAT has no NaN or infinity
  if (length <= 0 || length > tessera::fn::kStrMaxLength || decimal < 0) return kNull;
  if (decimal > 16) decimal = 16;
  uint8_t d[17] = {};
  int32_t ip = 1;
  const bool neg = value < 0;
  if (value != 0) seventeen_digits(value, d, &ip);
  // Fewer decimals where the integer part needs the room; none, and it still does not fit: asterisks.
  for (int32_t dec = decimal;; --dec) {
    uint8_t r[18] = {};
    int32_t rip = 0, rn = 0;
    round_keep(d, ip, ip + dec, r, &rip, &rn);
    bool zero = true;
    for (int32_t i = 0; i < rn; ++i) zero = zero && r[i] == 0;
    const int32_t int_digits = rip > 0 ? rip : 1;
    const int32_t width = int_digits + (neg && !zero ? 1 : 0);
    int32_t fit = dec;
    if (width + (dec > 0 ? dec + 1 : 0) > length) {
      fit = length - width - 1;  // the decimals that fit; rounding at fewer may lengthen the integer part
      if (width > length) {
        for (int32_t i = 0; i < length; ++i) out[i] = '*';
        *out_len = length;
        return kOk;
      }
      if (fit < 0) fit = 0;
      if (fit < dec) {
        dec = fit + 1;  // the loop's --dec tries `fit` next
        continue;
      }
    }
    Out o{out};
    const int32_t total = width + (dec > 0 ? dec + 1 : 0);
    for (int32_t i = total; i < length; ++i) o.put(' ');
    if (neg && !zero) o.put('-');
    if (rip > 0) {
      for (int32_t i = 0; i < rip; ++i) o.put(static_cast<char>('0' + (i < rn ? r[i] : 0)));
    } else {
      o.put('0');
    }
    if (dec > 0) {
      o.put('.');
      for (int32_t j = 0; j < dec; ++j) {
        const int32_t idx = rip + j;
        o.put(static_cast<char>('0' + (idx >= 0 && idx < rn ? r[idx] : 0)));
      }
    }
    *out_len = o.n;
    return kOk;
  }
}

namespace {

// ---------------------------------------------------------------- .NET's NUMBER

constexpr int32_t kDigits = 48;

struct Number {
  char dig[kDigits] = {};  // '0'..'9', then 0
  int32_t scale = 0;       // the value is 0.dig * 10^scale
  bool sign = false;       // negative
  int32_t precision = 0;   // G's default digits: Int32 10, Int64 19, Double 15, Decimal 29
  bool decimal = false;    // a Decimal (G without digits keeps every digit, never scientific)
  bool integer = false;    // Int32/Int64: D and X
  bool is_double = false;
  int32_t bits = 0;        // X: 32 or 64
  uint64_t raw = 0;        // X: the value's two's complement bits
};

int32_t put_digits(uint64_t m, char* dig) {
  char buf[24];
  int32_t k = 0;
  while (m != 0) {
    buf[k++] = static_cast<char>('0' + m % 10);
    m /= 10;
  }
  for (int32_t i = 0; i < k; ++i) dig[i] = buf[k - 1 - i];
  dig[k] = 0;
  return k;
}

Number from_integer(int64_t v, int32_t bits) {
  Number n;
  n.sign = v < 0;
  const uint64_t m = v < 0 ? uint64_t(0) - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  n.scale = put_digits(m, n.dig);
  n.precision = bits == 32 ? 10 : 19;
  n.integer = true;
  n.bits = bits;
  n.raw = bits == 32 ? static_cast<uint64_t>(static_cast<uint32_t>(v)) : static_cast<uint64_t>(v);
  return n;
}

Number from_decimal(int64_t v, int32_t s) {
  Number n;
  n.sign = v < 0;
  const uint64_t m = v < 0 ? uint64_t(0) - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  n.scale = put_digits(m, n.dig) - s;
  n.precision = 29;
  n.decimal = true;
  return n;
}

// A double's 15 (or 17) significant digits, trailing zeros dropped.
Number from_double(double v, int32_t digits) {
  Number n;
  n.precision = 15;
  n.is_double = true;
  if (v == 0) return n;
  n.sign = v < 0;
  uint64_t q = 0;
  int32_t e = 0;
  DoubleDecimal::round_digits(v, digits, &q, &e);
  while (q % 10 == 0) q /= 10;
  put_digits(q, n.dig);
  n.scale = e + 1;
  return n;
}

int32_t digit_count(const Number& n) {
  int32_t k = 0;
  while (n.dig[k] != 0) ++k;
  return k;
}

// .NET's RoundNumber: keep `pos` digits, half away from zero, trailing zeros dropped; zero loses its sign.
void round_number(Number& n, int32_t pos) {
  char* dig = n.dig;
  int32_t i = 0;
  while (i < pos && dig[i] != 0) ++i;
  if (i == pos && dig[i] >= '5') {
    while (i > 0 && dig[i - 1] == '9') --i;
    if (i > 0) {
      ++dig[i - 1];
    } else {
      ++n.scale;
      dig[0] = '1';
      i = 1;
    }
  } else {
    while (i > 0 && dig[i - 1] == '0') --i;
  }
  if (i == 0) {
    n.scale = 0;
    n.sign = false;
  }
  dig[i] = 0;
}

struct Culture {
  const char* currency;  // ¤ (invariant) or $
  bool percent_space;    // invariant: "n %", en-US: "n%"
};

Culture culture_of(int32_t c) {
  if (c == kCultureEnUs) return {"$", false};
  return {"\xC2\xA4", true};
}

// The exponent: the letter, a sign ('-', or '+' when asked), at least `min_digits` digits.
void put_exponent(Out& o, int32_t e, char letter, int32_t min_digits, bool plus) {
  o.put(letter);
  if (e < 0) {
    o.put('-');
    e = -e;
  } else if (plus) {
    o.put('+');
  }
  o.put_uint(static_cast<uint64_t>(e), min_digits);
}

// FormatFixed: the integer part (groups of three with `group`), then `decimals` digits.
void format_fixed(Out& o, const Number& n, int32_t decimals, bool group) {
  int32_t digpos = n.scale;
  const char* dig = n.dig;
  if (digpos > 0) {
    const int32_t total = digpos;
    do {
      o.put(*dig != 0 ? *dig++ : '0');
      --digpos;
      if (group && digpos > 0 && digpos % 3 == 0 && total > 3) o.put(',');
    } while (digpos > 0);
  } else {
    o.put('0');
  }
  if (decimals > 0) {
    o.put('.');
    if (digpos < 0) {
      int32_t zeros = -digpos < decimals ? -digpos : decimals;
      for (int32_t i = 0; i < zeros; ++i) o.put('0');
      digpos += zeros;
      decimals -= zeros;
    }
    while (decimals > 0) {
      o.put(*dig != 0 ? *dig++ : '0');
      --decimals;
    }
  }
}

void format_scientific(Out& o, const Number& n, int32_t max_digits, char letter) {
  const char* dig = n.dig;
  o.put(*dig != 0 ? *dig++ : '0');
  if (max_digits != 1) {
    o.put('.');
    while (--max_digits > 0) o.put(*dig != 0 ? *dig++ : '0');
  }
  const int32_t e = n.dig[0] == 0 ? 0 : n.scale - 1;
  put_exponent(o, e, letter, 3, true);
}

void format_general(Out& o, const Number& n, int32_t max_digits, char letter, bool suppress_scientific) {
  int32_t digpos = n.scale;
  bool scientific = false;
  if (!suppress_scientific && (digpos > max_digits || digpos < -3)) {
    digpos = 1;
    scientific = true;
  }
  const char* dig = n.dig;
  if (digpos > 0) {
    do {
      o.put(*dig != 0 ? *dig++ : '0');
    } while (--digpos > 0);
  } else {
    o.put('0');
  }
  if (*dig != 0 || digpos < 0) {
    o.put('.');
    while (digpos < 0) {
      o.put('0');
      ++digpos;
    }
    while (*dig != 0) o.put(*dig++);
  }
  if (scientific) put_exponent(o, n.scale - 1, letter, 2, true);
}

// Whether a double's 15 digits read back as the double (R).
bool round_trips(double v, const Number& n) {
  uint8_t d[kDigits];
  const int32_t nd = digit_count(n);
  for (int32_t i = 0; i < nd; ++i) d[i] = static_cast<uint8_t>(n.dig[i] - '0');
  double back = 0;
  if (DoubleDecimal::from_digits(d, nd, n.scale - nd, false, &back) != DoubleDecimal::FromDigits::kOk) return false;
  return back == std::fabs(v);
}

bool is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A standard format: a letter and at most two digits (-1: none). False: a custom format.
bool standard_format(const char* f, int32_t len, char* letter, int32_t* digits) {
  if (len == 0) {
    *letter = 'G';
    *digits = -1;
    return true;
  }
  if (!is_letter(f[0])) return false;
  int32_t i = 1, d = -1;
  if (i < len && is_digit(f[i])) {
    d = f[i++] - '0';
    while (i < len && is_digit(f[i]) && d < 10) d = d * 10 + (f[i++] - '0');
  }
  if (i != len) return false;
  *letter = f[0];
  *digits = d;
  return true;
}

// ---------------------------------------------------------------- custom numeric formats

// The start of section `section` (0 positive, 1 negative, 2 zero), or 0 when it is missing or empty.
int32_t find_section(const char* f, int32_t len, int32_t section) {
  if (section == 0) return 0;
  int32_t i = 0;
  while (i < len) {
    const char ch = f[i++];
    if (ch == '\'' || ch == '"') {
      while (i < len && f[i++] != ch) {
      }
    } else if (ch == '\\') {
      if (i < len) ++i;
    } else if (ch == ';') {
      if (--section != 0) continue;
      if (i < len && f[i] != ';') return i;
      return 0;
    }
  }
  return 0;
}

bool is_permille(const char* f, int32_t len, int32_t i) {  // U+2030, UTF-8 E2 80 B0
  return i + 2 < len && static_cast<unsigned char>(f[i]) == 0xE2 && static_cast<unsigned char>(f[i + 1]) == 0x80 &&
         static_cast<unsigned char>(f[i + 2]) == 0xB0;
}

// NumberToStringFormat.
void format_custom(Out& o, Number& n, const char* f, int32_t len) {
  int32_t section = find_section(f, len, n.dig[0] == 0 ? 2 : n.sign ? 1 : 0);
  int32_t digit_count_f = 0, decimal_pos = -1, first_digit = 0x7FFFFFFF, last_digit = 0, thousand_pos = -1,
          thousand_count = 0, scale_adjust = 0;
  bool thousand_seps = false, scientific = false;
  for (;;) {
    digit_count_f = 0;
    decimal_pos = -1;
    first_digit = 0x7FFFFFFF;
    last_digit = 0;
    thousand_pos = -1;
    thousand_count = 0;
    scale_adjust = 0;
    thousand_seps = false;
    scientific = false;
    int32_t i = section;
    while (i < len && f[i] != ';') {
      const char ch = f[i++];
      switch (ch) {
        case '#': ++digit_count_f; break;
        case '0':
          if (first_digit == 0x7FFFFFFF) first_digit = digit_count_f;
          ++digit_count_f;
          last_digit = digit_count_f;
          break;
        case '.':
          if (decimal_pos < 0) decimal_pos = digit_count_f;
          break;
        case ',':
          if (digit_count_f > 0 && decimal_pos < 0) {
            if (thousand_pos >= 0) {
              if (thousand_pos == digit_count_f) {
                ++thousand_count;
                break;
              }
              thousand_seps = true;
            }
            thousand_pos = digit_count_f;
            thousand_count = 1;
          }
          break;
        case '%': scale_adjust += 2; break;
        case '\'':
        case '"':
          while (i < len && f[i++] != ch) {
          }
          break;
        case '\\':
          if (i < len) ++i;
          break;
        case 'E':
        case 'e':
          if ((i < len && f[i] == '0') || (i + 1 < len && (f[i] == '+' || f[i] == '-') && f[i + 1] == '0')) {
            ++i;
            while (i < len && f[i] == '0') ++i;
            scientific = true;
          }
          break;
        default:
          if (is_permille(f, len, i - 1)) {
            scale_adjust += 3;
            i += 2;
          }
          break;
      }
    }
    if (decimal_pos < 0) decimal_pos = digit_count_f;
    if (thousand_pos >= 0) {
      if (thousand_pos == decimal_pos) scale_adjust -= thousand_count * 3;
      else thousand_seps = true;
    }
    if (n.dig[0] != 0) {
      n.scale += scale_adjust;
      const int32_t pos = scientific ? digit_count_f : n.scale + digit_count_f - decimal_pos;
      round_number(n, pos);
      if (n.dig[0] == 0) {
        const int32_t z = find_section(f, len, 2);
        if (z != section) {
          section = z;
          continue;
        }
      }
    } else {
      n.sign = false;
      n.scale = 0;
    }
    break;
  }
  first_digit = first_digit < decimal_pos ? decimal_pos - first_digit : 0;
  last_digit = last_digit > decimal_pos ? decimal_pos - last_digit : 0;
  int32_t digpos, adjust;
  if (scientific) {
    digpos = decimal_pos;
    adjust = 0;
  } else {
    digpos = n.scale > decimal_pos ? n.scale : decimal_pos;
    adjust = n.scale - decimal_pos;
  }
  // Group separators after the digits at positions 3, 6, ... (counted from the point), the largest first.
  int32_t sep_ctr = -1;
  if (thousand_seps) {
    const int32_t total_digits = digpos + (adjust < 0 ? adjust : 0);
    const int32_t num_digits = first_digit > total_digits ? first_digit : total_digits;
    int32_t total = 3;
    while (num_digits > total) {
      ++sep_ctr;
      total += 3;
    }
  }
  auto after_digit = [&]() {
    if (thousand_seps && digpos > 1 && sep_ctr >= 0 && digpos == 3 * (sep_ctr + 1) + 1) {
      o.put(',');
      --sep_ctr;
    }
  };
  if (n.sign && section == 0) o.put('-');
  bool decimal_written = false;
  const char* dig = n.dig;
  int32_t i = section;
  while (i < len && f[i] != ';') {
    const char ch = f[i++];
    if (adjust > 0 && (ch == '#' || ch == '0' || ch == '.')) {
      while (adjust > 0) {
        o.put(*dig != 0 ? *dig++ : '0');
        after_digit();
        --digpos;
        --adjust;
      }
    }
    switch (ch) {
      case '#':
      case '0': {
        char c;
        if (adjust < 0) {
          ++adjust;
          c = digpos <= first_digit ? '0' : 0;
        } else {
          c = *dig != 0 ? *dig++ : digpos > last_digit ? '0' : 0;
        }
        if (c != 0) {
          o.put(c);
          after_digit();
        }
        --digpos;
        break;
      }
      case '.':
        if (digpos != 0 || decimal_written) break;
        if (last_digit < 0 || (decimal_pos < digit_count_f && *dig != 0)) {
          o.put('.');
          decimal_written = true;
        }
        break;
      case '%': o.put('%'); break;
      case ',': break;
      case '\'':
      case '"':
        while (i < len && f[i] != ch) o.put(f[i++]);
        if (i < len) ++i;
        break;
      case '\\':
        if (i < len) o.put(f[i++]);
        break;
      case 'E':
      case 'e': {
        bool plus = false;
        int32_t zeros = 0;
        if (scientific) {
          if (i < len && f[i] == '0') {
            ++zeros;
          } else if (i + 1 < len && f[i] == '+' && f[i + 1] == '0') {
            plus = true;
          } else if (i + 1 < len && f[i] == '-' && f[i + 1] == '0') {
          } else {
            o.put(ch);
            break;
          }
          while (++i < len && f[i] == '0') ++zeros;
          if (zeros > 10) zeros = 10;
          const int32_t e = n.dig[0] == 0 ? 0 : n.scale - decimal_pos;
          put_exponent(o, e, ch, zeros, plus);
          scientific = false;
        } else {
          o.put(ch);
          if (i < len && (f[i] == '+' || f[i] == '-')) o.put(f[i++]);
          while (i < len && f[i] == '0') o.put(f[i++]);
        }
        break;
      }
      default:
        if (is_permille(f, len, i - 1)) {
          o.put(f + i - 1, 3);
          i += 2;
        } else {
          o.put(ch);
        }
        break;
    }
  }
}

// NumberToString for one value: a standard or custom format. kNull where .NET throws a FormatException.
int32_t format_number(char* out, int32_t* out_len, Number n, double dbl, const char* f, int32_t len, int32_t culture) {
  if (culture != kCultureInvariant && culture != kCultureEnUs) return kInvalidArgument;
  const Culture cul = culture_of(culture);
  Out o{out};
  char letter = 0;
  int32_t digits = -1;
  if (!standard_format(f, len, &letter, &digits)) {
    format_custom(o, n, f, len);
    *out_len = o.n;
    return kOk;
  }
  const char upper = letter >= 'a' ? static_cast<char>(letter - 32) : letter;
  if (n.is_double) {  // the digits a Double gets for this format
    int32_t precision = 15;
    if (upper == 'R') {
      if (!round_trips(dbl, n)) precision = 17;
      n = from_double(dbl, precision);
      letter = 'G';
      digits = precision;
    } else if ((upper == 'E' && digits > 14) || (upper == 'G' && digits > 15)) {
      n = from_double(dbl, 17);
    }
  }
  switch (letter) {
    case 'C':
    case 'c': {
      if (digits < 0) digits = 2;
      round_number(n, n.scale + digits);
      if (n.sign) o.put('(');
      o.put_str(cul.currency);
      format_fixed(o, n, digits, true);
      if (n.sign) o.put(')');
      break;
    }
    case 'D':
    case 'd': {
      if (!n.integer) return kNull;
      if (digits < 1) digits = 1;
      if (n.sign) o.put('-');
      const int32_t nd = digit_count(n);
      for (int32_t i = nd; i < digits; ++i) o.put('0');
      if (nd == 0 && digits < 1) o.put('0');
      o.put(n.dig, nd);
      break;
    }
    case 'E':
    case 'e': {
      if (digits < 0) digits = 6;
      ++digits;
      round_number(n, digits);
      if (n.sign) o.put('-');
      format_scientific(o, n, digits, letter);
      break;
    }
    case 'F':
    case 'f':
    case 'N':
    case 'n': {
      if (digits < 0) digits = 2;
      round_number(n, n.scale + digits);
      if (n.sign) o.put('-');
      format_fixed(o, n, digits, upper == 'N');
      break;
    }
    case 'G':
    case 'g': {
      bool suppress = false;
      if (digits < 1) {
        if (n.decimal && digits == -1) {
          // every digit as the Decimal holds it, never scientific
          if (n.dig[0] != 0 && n.sign) o.put('-');
          format_general(o, n, n.precision, letter == 'g' ? 'e' : 'E', true);
          break;
        }
        digits = n.precision;
      }
      round_number(n, digits);
      if (n.sign) o.put('-');
      format_general(o, n, digits, letter == 'g' ? 'e' : 'E', suppress);
      break;
    }
    case 'P':
    case 'p': {
      if (digits < 0) digits = 2;
      n.scale += 2;
      round_number(n, n.scale + digits);
      if (n.sign) o.put('-');
      format_fixed(o, n, digits, true);
      if (cul.percent_space) o.put(' ');
      o.put('%');
      break;
    }
    case 'R':
    case 'r': return kNull;  // not a Double's: .NET Framework refuses R for integers and decimals
    case 'X':
    case 'x': {
      if (!n.integer) return kNull;
      if (digits < 1) digits = 1;
      const char* hex = letter == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
      char buf[16];
      int32_t k = 0;
      uint64_t v = n.raw;
      do {
        buf[k++] = hex[v & 15];
        v >>= 4;
      } while (v != 0);
      for (int32_t i = k; i < digits; ++i) o.put('0');
      while (k > 0) o.put(buf[--k]);
      break;
    }
    default: return kNull;
  }
  *out_len = o.n;
  return kOk;
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_format_int(char* out, int32_t* out_len, int32_t value, const char* format,
                                      int32_t format_len, int32_t culture) {
  return format_number(out, out_len, from_integer(value, 32), 0, format, format_len, culture);
}

TESSERA_ROW_FN int32_t tsf_format_bigint(char* out, int32_t* out_len, int64_t value, const char* format,
                                         int32_t format_len, int32_t culture) {
  return format_number(out, out_len, from_integer(value, 64), 0, format, format_len, culture);
}

TESSERA_ROW_FN int32_t tsf_format_decimal(char* out, int32_t* out_len, int64_t value, int32_t scale,
                                          const char* format, int32_t format_len, int32_t culture) {
  if (scale < 0 || scale > 18) return kInvalidArgument;
  return format_number(out, out_len, from_decimal(value, scale), 0, format, format_len, culture);
}

TESSERA_ROW_FN int32_t tsf_format_money(char* out, int32_t* out_len, int64_t value, const char* format,
                                        int32_t format_len, int32_t culture) {
  // SqlMoney -> Decimal: value / 10000, the quotient's trailing zeros dropped (1.5500 is 1.55, 2.0000 is 2).
  int32_t scale = 4;
  while (scale > 0 && value % 10 == 0) {
    value /= 10;
    --scale;
  }
  return format_number(out, out_len, from_decimal(value, scale), 0, format, format_len, culture);
}

TESSERA_ROW_FN int32_t tsf_format_float(char* out, int32_t* out_len, double value, const char* format,
                                        int32_t format_len, int32_t culture) {
  if (!DoubleDecimal::is_finite(value)) return kInvalidArgument;
  return format_number(out, out_len, from_double(value, 15), value, format, format_len, culture);
}

namespace {

// ---------------------------------------------------------------- dates and times

struct Name {
  const char* s;
  int32_t len;
};
constexpr Name kDayNames[] = {{"Sunday", 6},   {"Monday", 6}, {"Tuesday", 7}, {"Wednesday", 9},
                              {"Thursday", 8}, {"Friday", 6}, {"Saturday", 8}};
constexpr Name kMonthNames[] = {{"January", 7}, {"February", 8}, {"March", 5},     {"April", 5},
                                {"May", 3},     {"June", 4},     {"July", 4},      {"August", 6},
                                {"September", 9}, {"October", 7}, {"November", 8}, {"December", 8}};

struct Moment {
  int32_t year, month, day, weekday;  // weekday 0 = Sunday
  int32_t hour, minute, second;
  int64_t fraction;  // 100-ns ticks within the second
};

Moment moment_of(int64_t ticks) {
  const int32_t day = Clock::day(ticks);
  const auto c = Calendar::from_days(day);
  const auto t = Clock::split(Clock::time_of_day(ticks));
  int32_t wd = (day + 4) % 7;  // 1970-01-01 was a Thursday
  if (wd < 0) wd += 7;
  return {c.year, static_cast<int32_t>(c.month), static_cast<int32_t>(c.day), wd, t.hour, t.minute, t.second,
          static_cast<int64_t>(t.fraction)};
}

int32_t repeat_count(const char* f, int32_t len, int32_t i) {
  int32_t k = i + 1;
  while (k < len && f[k] == f[i]) ++k;
  return k - i;
}

constexpr int64_t kPow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000};

// A quoted literal from f[i] (the quote): its text, backslash escapes inside; false when it does not end.
bool quoted(Out& o, const char* f, int32_t len, int32_t* i) {
  const char q = f[*i];
  int32_t k = *i + 1;
  while (k < len) {
    const char c = f[k++];
    if (c == q) {
      *i = k;
      return true;
    }
    if (c == '\\') {
      if (k >= len) return false;
      o.put(f[k++]);
    } else {
      o.put(c);
    }
  }
  return false;
}

// The literal characters that the date-time and the TimeSpan custom formats read alike: f[i] is one of ' " % \.
// A quoted text is written (Consumed, n characters read); '%' marks the next character as a lone specifier
// (Single: i moved past it, `single` set); '\' writes the next character as it is (Consumed, n = 2). Invalid: a
// FormatException (an unclosed quote, a '%' at the end, twice or before another '%', a '\' at the end).
enum class Literal { Consumed, Single, Invalid };
Literal format_literal(Out& o, const char* f, int32_t len, int32_t& i, int32_t& n, bool& single) {
  switch (f[i]) {
    case '\'':
    case '"': {
      int32_t k = i;
      if (!quoted(o, f, len, &k)) return Literal::Invalid;
      n = k - i;
      return Literal::Consumed;
    }
    case '%':
      if (single || i + 1 >= len || f[i + 1] == '%') return Literal::Invalid;
      single = true;
      ++i;
      return Literal::Single;
    default:  // '\\'
      if (i + 1 >= len) return Literal::Invalid;
      o.put(f[i + 1]);
      n = 2;
      return Literal::Consumed;
  }
}

// DateTimeFormat.FormatCustomized. False: a FormatException.
bool format_date_custom(Out& o, const Moment& m, const char* f, int32_t len) {
  int32_t i = 0;
  bool single = false;  // after '%': the next character alone is a custom format
  auto repeat_count = [&](const char* s, int32_t l, int32_t at) { return single ? 1 : ::repeat_count(s, l, at); };
  while (i < len) {
    const char ch = f[i];
    int32_t n = 1;
    if (single && (ch == '\\' || ch == '\'' || ch == '"')) return false;
    switch (ch) {
      case 'g':
        n = repeat_count(f, len, i);
        o.put_str("A.D.");
        break;
      case 'h': {
        n = repeat_count(f, len, i);
        const int32_t h = m.hour % 12 == 0 ? 12 : m.hour % 12;
        o.put_uint(static_cast<uint64_t>(h), n > 2 ? 2 : n);
        break;
      }
      case 'H':
      case 'm':
      case 's': {
        n = repeat_count(f, len, i);
        const int32_t v = ch == 'H' ? m.hour : ch == 'm' ? m.minute : m.second;
        o.put_uint(static_cast<uint64_t>(v), n > 2 ? 2 : n);
        break;
      }
      case 'f':
      case 'F': {
        n = repeat_count(f, len, i);
        if (n > 7) return false;
        int64_t frac = m.fraction / kPow10[7 - n];
        if (ch == 'f') {
          o.put_uint(static_cast<uint64_t>(frac), n);
        } else {
          int32_t eff = n;
          while (eff > 0 && frac % 10 == 0) {
            frac /= 10;
            --eff;
          }
          if (eff > 0) o.put_uint(static_cast<uint64_t>(frac), eff);
          else if (o.n > 0 && o.p[o.n - 1] == '.') --o.n;
        }
        break;
      }
      case 't': {
        n = repeat_count(f, len, i);
        const char* ampm = m.hour < 12 ? "AM" : "PM";
        if (n == 1) o.put(ampm[0]);
        else o.put(ampm, 2);
        break;
      }
      case 'd': {
        n = repeat_count(f, len, i);
        if (n <= 2) o.put_uint(static_cast<uint64_t>(m.day), n);
        else if (n == 3) o.put(kDayNames[m.weekday].s, 3);
        else o.put(kDayNames[m.weekday].s, kDayNames[m.weekday].len);
        break;
      }
      case 'M': {
        n = repeat_count(f, len, i);
        if (n <= 2) o.put_uint(static_cast<uint64_t>(m.month), n);
        else if (n == 3) o.put(kMonthNames[m.month - 1].s, 3);
        else o.put(kMonthNames[m.month - 1].s, kMonthNames[m.month - 1].len);
        break;
      }
      case 'y': {
        n = repeat_count(f, len, i);
        if (n <= 2) o.put_uint(static_cast<uint64_t>(m.year % 100), n);
        else o.put_uint(static_cast<uint64_t>(m.year), n);
        break;
      }
      case 'z': {  // the server's offset: Tessera's clock is UTC
        n = repeat_count(f, len, i);
        o.put('+');
        if (n <= 1) o.put('0');
        else if (n == 2) o.put_str("00");
        else o.put_str("00:00");
        break;
      }
      case 'K': break;  // an unspecified DateTime has no offset
      case ':': o.put(':'); break;
      case '/': o.put('/'); break;
      case '\'':
      case '"':
      case '%':
      case '\\': {
        const Literal l = format_literal(o, f, len, i, n, single);
        if (l == Literal::Invalid) return false;
        if (l == Literal::Single) continue;
        break;
      }
      default: o.put(ch); break;
    }
    i += n;
    single = false;
  }
  return true;
}

// A standard date format's pattern (DateTimeFormat.ExpandPredefinedFormat); nullptr: not one.
const char* date_pattern(char c, int32_t culture) {
  const bool us = culture == kCultureEnUs;
  switch (c) {
    case 'd': return us ? "M/d/yyyy" : "MM/dd/yyyy";
    case 'D': return us ? "dddd, MMMM d, yyyy" : "dddd, dd MMMM yyyy";
    case 'f': return us ? "dddd, MMMM d, yyyy h:mm tt" : "dddd, dd MMMM yyyy HH:mm";
    case 'F':
    case 'U': return us ? "dddd, MMMM d, yyyy h:mm:ss tt" : "dddd, dd MMMM yyyy HH:mm:ss";
    case 'g': return us ? "M/d/yyyy h:mm tt" : "MM/dd/yyyy HH:mm";
    case 'G': return us ? "M/d/yyyy h:mm:ss tt" : "MM/dd/yyyy HH:mm:ss";
    case 'm':
    case 'M': return us ? "MMMM d" : "MMMM dd";
    case 'o':
    case 'O': return "yyyy'-'MM'-'dd'T'HH':'mm':'ss.fffffffK";
    case 'r':
    case 'R': return "ddd, dd MMM yyyy HH':'mm':'ss 'GMT'";
    case 's': return "yyyy'-'MM'-'dd'T'HH':'mm':'ss";
    case 't': return us ? "h:mm tt" : "HH:mm";
    case 'T': return us ? "h:mm:ss tt" : "HH:mm:ss";
    case 'u': return "yyyy'-'MM'-'dd HH':'mm':'ss'Z'";
    case 'y':
    case 'Y': return us ? "MMMM yyyy" : "yyyy MMMM";
    default: return nullptr;
  }
}

int32_t format_moment(char* out, int32_t* out_len, const Moment& m, const char* f, int32_t len, int32_t culture) {
  if (culture != kCultureInvariant && culture != kCultureEnUs) return kInvalidArgument;
  Out o{out};
  if (len <= 1) {  // empty: G; one character: a standard format
    const char* p = date_pattern(len == 0 ? 'G' : f[0], culture);
    if (!p) return kNull;
    int32_t pl = 0;
    while (p[pl]) ++pl;
    format_date_custom(o, m, p, pl);
  } else if (!format_date_custom(o, m, f, len)) {
    return kNull;
  }
  *out_len = o.n;
  return kOk;
}

// TimeSpanFormat: standard c (t, T), g, G; custom d h m s f F, literals quoted or escaped, anything else refused.
int32_t format_timespan(char* out, int32_t* out_len, int64_t tod, const char* f, int32_t len, int32_t culture) {
  if (culture != kCultureInvariant && culture != kCultureEnUs) return kInvalidArgument;
  const auto t = Clock::split(tod);
  const int64_t frac = t.fraction;
  Out o{out};
  if (len <= 1) {
    const char c = len == 0 ? 'c' : f[0];
    if (c == 'c' || c == 't' || c == 'T') {  // [-][d.]hh:mm:ss[.fffffff]
      o.put_uint(t.hour, 2);
      o.put(':');
      o.put_uint(t.minute, 2);
      o.put(':');
      o.put_uint(t.second, 2);
      if (frac != 0) {
        o.put('.');
        o.put_uint(static_cast<uint64_t>(frac), 7);
      }
    } else if (c == 'g') {  // [-][d:]h:mm:ss[.FFFFFFF]
      o.put_uint(t.hour, 1);
      o.put(':');
      o.put_uint(t.minute, 2);
      o.put(':');
      o.put_uint(t.second, 2);
      if (frac != 0) {
        int64_t v = frac;
        int32_t eff = 7;
        while (v % 10 == 0) {
          v /= 10;
          --eff;
        }
        o.put('.');
        o.put_uint(static_cast<uint64_t>(v), eff);
      }
    } else if (c == 'G') {  // [-]d:hh:mm:ss.fffffff
      o.put_str("0:");
      o.put_uint(t.hour, 2);
      o.put(':');
      o.put_uint(t.minute, 2);
      o.put(':');
      o.put_uint(t.second, 2);
      o.put('.');
      o.put_uint(static_cast<uint64_t>(frac), 7);
    } else {
      return kNull;
    }
    *out_len = o.n;
    return kOk;
  }
  int32_t i = 0;
  bool single = false;  // after '%': the next character alone is a custom format
  auto repeat_count = [&](const char* s, int32_t l, int32_t at) { return single ? 1 : ::repeat_count(s, l, at); };
  while (i < len) {
    const char ch = f[i];
    int32_t n = 1;
    if (single && (ch == '\\' || ch == '\'' || ch == '"')) return kNull;
    switch (ch) {
      case 'h':
      case 'm':
      case 's': {
        n = repeat_count(f, len, i);
        if (n > 2) return kNull;
        o.put_uint(static_cast<uint64_t>(ch == 'h' ? t.hour : ch == 'm' ? t.minute : t.second), n);
        break;
      }
      case 'd':
        n = repeat_count(f, len, i);
        if (n > 8) return kNull;
        o.put_uint(0, n);  // a TIME is less than a day
        break;
      case 'f':
      case 'F': {
        n = repeat_count(f, len, i);
        if (n > 7) return kNull;
        int64_t v = frac / kPow10[7 - n];
        if (ch == 'f') {
          o.put_uint(static_cast<uint64_t>(v), n);
        } else {
          int32_t eff = n;
          while (eff > 0 && v % 10 == 0) {
            v /= 10;
            --eff;
          }
          if (eff > 0) o.put_uint(static_cast<uint64_t>(v), eff);
        }
        break;
      }
      case '\'':
      case '"':
      case '%':
      case '\\': {
        const Literal l = format_literal(o, f, len, i, n, single);
        if (l == Literal::Invalid) return kNull;
        if (l == Literal::Single) continue;
        break;
      }
      default: return kNull;
    }
    i += n;
    single = false;
  }
  *out_len = o.n;
  return kOk;
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_format_date(char* out, int32_t* out_len, int32_t value, const char* format,
                                       int32_t format_len, int32_t culture) {
  if (!Calendar::in_range(value)) return kInvalidArgument;
  return format_moment(out, out_len, moment_of(Clock::at(value, 0)), format, format_len, culture);
}

TESSERA_ROW_FN int32_t tsf_format_datetime(char* out, int32_t* out_len, int64_t value, int32_t kind,
                                           const char* format, int32_t format_len, int32_t culture) {
  if (!Clock::valid_kind(kind) || !Clock::in_range(value, kind)) return kInvalidArgument;
  return format_moment(out, out_len, moment_of(value), format, format_len, culture);
}

TESSERA_ROW_FN int32_t tsf_format_time(char* out, int32_t* out_len, int64_t value, int32_t kind, const char* format,
                                       int32_t format_len, int32_t culture) {
  if (!Clock::valid_time_kind(kind) || value < 0 || value >= tessera::fn::kTicksPerDay) return kInvalidArgument;
  return format_timespan(out, out_len, value, format, format_len, culture);
}

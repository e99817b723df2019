// Hand-written CUDA kernels for the GPU benchmark, second set (see
// handwritten_kernels.hpp): LEN, LTRIM, CHARINDEX, REPLACE, CAST(varchar AS
// DECIMAL), CONVERT(date, varchar, style), DATENAME(month), ROUND(float).
//
// Design:
//  - String inputs are staged per block: the 256 rows of a block lie in one
//    byte range when the column is laid out in row order (always, for columns
//    the runtime builds), so the block copies that range (up to kTileBytes)
//    into shared memory with coalesced 16-byte loads, and each thread then
//    walks its own row there. A row outside the staged range (any other
//    layout, or a block whose rows are too long) is read from global memory:
//    the result never depends on the layout, only the speed does.
//  - One thread per row for the per-row logic (the rows are short), with an
//    ASCII fast path and the library's strict UTF-8 rules otherwise
//    (fn::Utf8, constexpr, compiled for the device as it is).
//  - LTRIM on a packed column whose output layout is its input layout (the
//    same_length rule): the trim is a shift inside each row, done in place in
//    the shared tile, and the block stores the tile back with coalesced
//    16-byte stores (bytes past a row's new length are left as junk, which the
//    output ABI allows).
//  - CHARINDEX/REPLACE take the pattern (and replacement) as columns, as the
//    kernel ABI does: each thread reads its row's pattern (a few bytes, served
//    by L1). An all-ASCII pattern compares bytes (an ASCII character only
//    matches an ASCII byte, and every ASCII byte starts a character).
//  - CONVERT(date): a fast path for exactly 'dddd-dd-dd' and, for any other
//    text, a port of fn::DateParser for the DATE target (the library's parser
//    is host-only code).
//  - DATENAME(month) and ROUND: fixed-width inputs, grid-stride; ROUND reads
//    two doubles per 16-byte load; its power of ten is computed once on the
//    host with the library's own pmath::pow, so the row logic is the
//    library's arithmetic with the same constant.
#include <algorithm>
#include <cfloat>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "handwritten_kernels.hpp"
#include "selftest_support.hpp"
#include "tessera/functions/calendar.hpp"
#include "tessera/functions/convert_functions.hpp"
#include "tessera/functions/date_format.hpp"
#include "tessera/functions/date_functions.hpp"
#include "tessera/functions/date_names.hpp"
#include "tessera/functions/date_part.hpp"
#include "tessera/functions/numeric_functions.hpp"
#include "tessera/functions/portable_math.hpp"
#include "tessera/functions/session_context.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/utf8.hpp"

namespace tessera::bench::hw {

#define HD __host__ __device__ __forceinline__

namespace {

using fn::Utf8;

constexpr int32_t kStatusDateConversionFailed = 6;
constexpr int32_t kStatusArithmeticOverflow = 7;
constexpr int32_t kStatusNumericConversionFailed = 8;
constexpr int32_t kStatusInvalidStyle = 12;
constexpr int32_t kStatusInvalidArgument = 14;
constexpr int64_t kNoError = INT64_MAX;
static_assert(kStatusDateConversionFailed == fn::kDateConversionFailed);
static_assert(kStatusArithmeticOverflow == fn::kArithmeticOverflow);
static_assert(kStatusNumericConversionFailed == fn::kNumericConversionFailed);
static_assert(kStatusInvalidStyle == fn::kInvalidStyle);
static_assert(kStatusInvalidArgument == fn::kInvalidArgument);

// Byte length of the character at pos (strict UTF-8; an invalid byte is one).
HD int32_t char_size(const uint8_t* s, int32_t len, int32_t pos) {
  return s[pos] < 0x80 ? 1 : Utf8::char_size(reinterpret_cast<const char*>(s), len, pos);
}

// ------------------------------------------------------------------ LEN ----
HD int32_t len_row(const uint8_t* s, int32_t len) {
  int32_t n = len;
  while (n > 0 && s[n - 1] == ' ') --n;
  int32_t count = 0;
  for (int32_t pos = 0; pos < n; ++count) pos += char_size(s, n, pos);
  return count;
}

// ---------------------------------------------------------------- LTRIM ----
HD int32_t ltrim_from(const uint8_t* s, int32_t len) {
  int32_t from = 0;
  while (from < len && s[from] == ' ') ++from;
  return from;
}

// ---------------------------------------------------- CHARINDEX / REPLACE ---
HD bool all_ascii(const uint8_t* f, int32_t n) {
  uint8_t acc = 0;
  for (int32_t i = 0; i < n; ++i) acc |= f[i];
  return acc < 0x80;
}
HD uint8_t fold_ascii(uint8_t c) { return c >= 'A' && c <= 'Z' ? static_cast<uint8_t>(c + 32) : c; }

// StringMatcher::matches_at: `find` (non-empty) at byte pos of s, pos + f_len <= s_len.
HD bool matches_at(const uint8_t* s, int32_t s_len, int32_t pos, const uint8_t* f, int32_t f_len, bool ascii,
                   bool ci) {
  if (ascii) {
    for (int32_t j = 0; j < f_len; ++j) {
      const uint8_t a = s[pos + j], b = f[j];
      if ((ci ? fold_ascii(a) : a) != (ci ? fold_ascii(b) : b)) return false;  // a >= 0x80 never equals b
    }
    return true;
  }
  const char* sc = reinterpret_cast<const char*>(s);
  const char* fc = reinterpret_cast<const char*>(f);
  int32_t i = pos, j = 0;
  while (j < f_len) {
    if (i >= s_len) return false;
    const fn::CodePoint a = Utf8::decode(sc, s_len, i);
    const fn::CodePoint b = Utf8::decode(fc, f_len, j);
    if (Utf8::key(a.cp, ci) != Utf8::key(b.cp, ci)) return false;
    i += a.size;
    j += b.size;
  }
  return true;
}

HD int32_t charindex_row(const uint8_t* f, int32_t f_len, const uint8_t* s, int32_t s_len, bool ci) {
  if (f_len == 0) return 0;
  const bool ascii = all_ascii(f, f_len);
  int32_t idx = 0;
  for (int32_t pos = 0; pos < s_len; ++idx) {
    if (s_len - pos < f_len) break;  // matches have f_len bytes
    if (matches_at(s, s_len, pos, f, f_len, ascii, ci)) return idx + 1;
    pos += char_size(s, s_len, pos);
  }
  return 0;
}

// REPLACE into out; returns the result length.
HD int32_t replace_row(const uint8_t* s, int32_t s_len, const uint8_t* f, int32_t f_len, const uint8_t* r,
                       int32_t r_len, bool ci, char* out) {
  int32_t o = 0, pos = 0;
  if (f_len > 0) {
    const bool ascii = all_ascii(f, f_len);
    while (pos < s_len && s_len - pos >= f_len) {
      if (matches_at(s, s_len, pos, f, f_len, ascii, ci)) {
        for (int32_t k = 0; k < r_len; ++k) out[o++] = static_cast<char>(r[k]);
        pos += f_len;
      } else {
        const int32_t cs = char_size(s, s_len, pos);
        for (int32_t k = 0; k < cs; ++k) out[o++] = static_cast<char>(s[pos + k]);
        pos += cs;
      }
    }
  }
  for (; pos < s_len; ++pos) out[o++] = static_cast<char>(s[pos]);
  return o;
}

// ------------------------------------------------ CAST(varchar AS DECIMAL) ---
// NumberParse::decimal. With precision <= 18 every value it builds stays below
// 10^18 (at most precision digits, + 1 for rounding), so int64 holds it.
HD int32_t decimal_row(const uint8_t* s, int32_t n, int32_t precision, int32_t scale, int64_t* out) {
  if (precision < 1 || precision > 18 || scale < 0 || scale > precision) return kStatusInvalidArgument;
  int32_t i = 0, e = n;
  while (i < e && s[i] == ' ') ++i;
  while (e > i && s[e - 1] == ' ') --e;
  bool neg = false;
  if (i < e && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  int64_t v = 0;
  int32_t int_digits = 0, any_digits = 0;
  for (; i < e && s[i] >= '0' && s[i] <= '9'; ++i, ++any_digits) {
    if (int_digits == 0 && s[i] == '0') continue;
    if (++int_digits > precision - scale) return kStatusArithmeticOverflow;
    v = v * 10 + (s[i] - '0');
  }
  int32_t frac = 0;
  bool round_up = false;
  if (i < e && s[i] == '.') {
    for (++i; i < e && s[i] >= '0' && s[i] <= '9'; ++i, ++any_digits) {
      if (frac < scale) {
        v = v * 10 + (s[i] - '0');
        ++frac;
      } else if (frac == scale) {
        round_up = s[i] >= '5';
        ++frac;
      }
    }
  }
  if (i != e || any_digits == 0) return kStatusNumericConversionFailed;
  for (; frac < scale; ++frac) v *= 10;
  if (round_up) ++v;
  int64_t limit = 1;
  for (int32_t k = 0; k < precision; ++k) limit *= 10;
  if (v >= limit) return kStatusArithmeticOverflow;
  *out = neg ? -v : v;
  return 0;
}

// ------------------------------------------------------- month names -------
// Full and short month names of fn::kLanguageNames (English, German, French),
// as one table for the host and one in device memory.
struct MonthNames {
  char text[24][12];  // 12 full names, then 12 abbreviations
  uint8_t len[24];
};
#define TESSERA_HW_MONTH_NAMES                                                                                    \
  {{{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October",            \
     "November", "December", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}, \
    {7, 8, 5, 5, 3, 4, 4, 6, 9, 7, 8, 8, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}},                                     \
   {{"Januar", "Februar", "M\xc3\xa4rz", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",        \
     "November", "Dezember", "Jan", "Feb", "M\xc3\xa4r", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov",    \
     "Dez"},                                                                                                      \
    {6, 7, 5, 5, 3, 4, 4, 6, 9, 7, 8, 8, 3, 3, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3}},                                     \
   {{"janvier", "f\xc3\xa9vrier", "mars", "avril", "mai", "juin", "juillet", "ao\xc3\xbbt", "septembre",          \
     "octobre", "novembre", "d\xc3\xa9" "cembre", "janv", "f\xc3\xa9vr", "mars", "avr", "mai", "juin", "juil",     \
     "ao\xc3\xbbt", "sept", "oct", "nov", "d\xc3\xa9" "c"},                                                         \
    {7, 8, 4, 5, 3, 4, 7, 5, 9, 7, 8, 9, 4, 5, 4, 3, 3, 4, 4, 5, 4, 3, 3, 4}}}
#ifndef __CUDA_ARCH__
const MonthNames kMonthNamesHost[3] = TESSERA_HW_MONTH_NAMES;
#endif
__device__ const MonthNames kMonthNamesDevice[3] = TESSERA_HW_MONTH_NAMES;
#undef TESSERA_HW_MONTH_NAMES

// fn::language_names: us_english and british share English; unknown -> English.
HD const MonthNames& month_names(int32_t language) {
  const int32_t g = language == fn::kDeutsch ? 1 : language == fn::kFrancais ? 2 : 0;
#ifdef __CUDA_ARCH__
  return kMonthNamesDevice[g];
#else
  return kMonthNamesHost[g];
#endif
}

// --------------------------------------------------- CONVERT(date, text) ---
// fn::DateParser::parse for DateTarget::Date (time of day read and dropped).
HD bool dp_space(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
HD bool dp_digit(uint8_t c) { return c >= '0' && c <= '9'; }
HD bool dp_letter(uint8_t u) { return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u >= 0x80; }
HD uint8_t dp_fold(uint8_t c) { return fold_ascii(c); }

HD bool date_valid(int32_t y, int32_t m, int32_t d) {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  const int32_t dim = m == 2 ? 28 + leap : 30 + ((m + (m >> 3)) & 1);
  return d <= dim;
}

struct DTok {
  bool is_month;
  int32_t value;
  int32_t digits;
};

HD int32_t full_year(DTok t) { return t.digits > 2 ? t.value : t.value < 50 ? 2000 + t.value : 1900 + t.value; }

HD bool same_name(const uint8_t* p, int32_t n, const char* text, int32_t len) {
  if (n != len) return false;
  for (int32_t i = 0; i < n; ++i) {
    uint8_t a = p[i];
    uint8_t b = static_cast<uint8_t>(text[i]);
    if (i > 0 && p[i - 1] == 0xC3 && static_cast<uint8_t>(text[i - 1]) == 0xC3) {
      if (a >= 0x80 && a <= 0x9E && a != 0x97) a = static_cast<uint8_t>(a + 0x20);
      if (b >= 0x80 && b <= 0x9E && b != 0x97) b = static_cast<uint8_t>(b + 0x20);
    } else {
      a = dp_fold(a);
      b = dp_fold(b);
    }
    if (a != b) return false;
  }
  return true;
}

HD int32_t month_from_name(const uint8_t* p, int32_t n, const MonthNames& names) {
  for (int32_t i = 0; i < 12; ++i)
    if (same_name(p, n, names.text[i], names.len[i]) || same_name(p, n, names.text[12 + i], names.len[12 + i]))
      return i + 1;
  return 0;
}

HD int32_t ampm_at(const uint8_t* s, int32_t p, int32_t end) {
  if (end - p < 2) return 0;
  const uint8_t a = dp_fold(s[p]);
  if ((a != 'a' && a != 'p') || dp_fold(s[p + 1]) != 'm') return 0;
  if (end - p > 2 && dp_letter(s[p + 2])) return 0;
  return a == 'a' ? 1 : 2;
}

HD bool read_number(const uint8_t* s, int32_t& p, int32_t end, int32_t max_digits, int32_t* value) {
  int32_t n = 0, v = 0;
  while (p < end && dp_digit(s[p])) {
    if (++n > max_digits) return false;
    v = v * 10 + (s[p] - '0');
    ++p;
  }
  *value = v;
  return n > 0;
}

// DateParser::parse_time, DATE target: only whether it parses matters.
HD bool parse_time(const uint8_t* s, int32_t& p, int32_t end, bool allow_zone) {
  int32_t h = 0, mi = 0, sec = 0;
  if (!read_number(s, p, end, 2, &h)) return false;
  bool colon = false;
  if (p < end && s[p] == ':') {
    colon = true;
    ++p;
    if (!read_number(s, p, end, 2, &mi)) return false;
    if (p < end && s[p] == ':') {
      ++p;
      if (!read_number(s, p, end, 2, &sec)) return false;
      if (p < end && (s[p] == '.' || s[p] == ':')) {
        const bool milliseconds = s[p] == ':';
        ++p;
        int32_t frac = 0;
        while (p < end && dp_digit(s[p])) ++p, ++frac;
        if (frac == 0 || frac > (milliseconds ? 3 : 7)) return false;
      }
    }
  }
  int32_t q = p;
  while (q < end && dp_space(s[q])) ++q;
  const int32_t ampm = ampm_at(s, q, end);
  if (ampm != 0) p = q + 2;
  if (!colon && ampm == 0) return false;
  if (ampm != 0 ? h > 12 : h > 23) return false;
  if (mi > 59 || sec > 59) return false;
  if (allow_zone && p < end) {
    if (s[p] == 'Z' || s[p] == 'z') {
      ++p;
    } else if (s[p] == '+' || s[p] == '-') {
      ++p;
      int32_t zh = 0, zm = 0;
      if (!read_number(s, p, end, 2, &zh) || p >= end || s[p] != ':') return false;
      ++p;
      if (!read_number(s, p, end, 2, &zm) || zh > 14 || zm > 59) return false;
    }
  }
  return true;
}

// The general parser; false when the text is not a date.
HD bool parse_date_general(const uint8_t* s, int32_t len, int32_t dateformat, const MonthNames& names,
                           int32_t* days) {
  int32_t p = 0, end = len > 0 ? len : 0;
  while (p < end && dp_space(s[p])) ++p;
  while (end > p && dp_space(s[end - 1])) --end;
  if (p == end) return false;
  DTok t0{}, t1{}, t2{};
  uint8_t sep0 = 0, sep1 = 0;
  int32_t nt = 0, month_tokens = 0;
  bool has_time = false, iso_t = false;
  while (p < end) {
    if (nt == 3) {
      if (s[p] == 'T' || s[p] == 't') {
        ++p;
        iso_t = true;
      } else {
        if (!dp_space(s[p])) return false;
        while (p < end && dp_space(s[p])) ++p;
      }
      has_time = true;
      break;
    }
    if (nt > 0) {
      uint8_t kind = 0;
      int32_t k = 0;
      while (p < end && (dp_space(s[p]) || s[p] == ',' || s[p] == '-' || s[p] == '/' || s[p] == '.')) {
        kind = s[p];
        ++k;
        ++p;
      }
      const uint8_t sep = k == 0 ? 0 : (k == 1 && (kind == '-' || kind == '/' || kind == '.')) ? kind : ' ';
      if (nt == 1) sep0 = sep;
      else sep1 = sep;
      if (p == end) return false;
    }
    DTok t{};
    if (dp_digit(s[p])) {
      int32_t q = p;
      while (q < end && dp_digit(s[q])) ++q;
      if (q < end && s[q] == ':') {
        has_time = true;
        break;
      }
      int32_t r = q;
      while (r < end && dp_space(s[r])) ++r;
      if (ampm_at(s, r, end) != 0) {
        has_time = true;
        break;
      }
      const int32_t nd = q - p;
      if (nd > 8) return false;
      int32_t v = 0;
      for (int32_t d = p; d < q; ++d) v = v * 10 + (s[d] - '0');
      t = DTok{false, v, nd};
      p = q;
    } else if (dp_letter(s[p])) {
      int32_t q = p;
      while (q < end && dp_letter(s[q])) ++q;
      const int32_t m = month_from_name(s + p, q - p, names);
      if (m == 0) return false;
      t = DTok{true, m, 0};
      ++month_tokens;
      p = q;
    } else {
      return false;
    }
    if (nt == 0) t0 = t;
    else if (nt == 1) t1 = t;
    else t2 = t;
    ++nt;
  }
  if (has_time) {
    int32_t q = p;
    if (!parse_time(s, q, end, iso_t)) return false;
    if (q != end) return false;
  }
  int32_t y = 0, m = 0, d = 0;
  if (nt == 0) {
    if (!has_time) return false;
    y = 1900, m = 1, d = 1;
  } else if (month_tokens > 1) {
    return false;
  } else if (month_tokens == 1) {
    if (iso_t) return false;
    DTok n0{}, n1{};
    int32_t k = 0;
    for (int32_t i = 0; i < nt; ++i) {
      const DTok t = i == 0 ? t0 : i == 1 ? t1 : t2;
      if (t.is_month) {
        m = t.value;
      } else {
        if (k == 0) n0 = t;
        else n1 = t;
        ++k;
      }
    }
    if (k == 1) {
      if (n0.digits < 3 || n0.digits > 4) return false;
      y = n0.value, d = 1;
    } else if (k == 2) {
      const DTok yt = n0.digits >= 3 ? n0 : n1;
      const DTok dt = n0.digits >= 3 ? n1 : n0;
      if (dt.digits > 2 || yt.digits > 4) return false;
      y = full_year(yt), d = dt.value;
    } else {
      return false;
    }
  } else if (nt == 1) {
    if (iso_t) return false;
    const int32_t v = t0.value;
    switch (t0.digits) {
      case 8: y = v / 10000, m = v / 100 % 100, d = v % 100; break;
      case 6: y = full_year(DTok{false, v / 10000, 2}), m = v / 100 % 100, d = v % 100; break;
      case 4: y = v, m = 1, d = 1; break;
      default: return false;
    }
  } else if (nt == 3) {
    if (sep0 != sep1 || sep0 == 0 || sep0 == ' ') return false;
    if (t0.digits >= 3) {  // year first: y-m-d under every DATEFORMAT for DATE
      if (t0.digits > 4 || t1.digits > 2 || t2.digits > 2) return false;
      if (iso_t && (sep0 != '-' || t0.digits != 4)) return false;
      y = t0.value, m = t1.value, d = t2.value;
    } else {
      if (iso_t) return false;
      DTok ty = t2, tm = t0, td = t1;  // kMdy
      switch (dateformat) {
        case fn::kDmy: ty = t2, tm = t1, td = t0; break;
        case fn::kYmd: ty = t0, tm = t1, td = t2; break;
        case fn::kYdm: ty = t0, tm = t2, td = t1; break;
        case fn::kMyd: ty = t1, tm = t0, td = t2; break;
        case fn::kDym: ty = t1, tm = t2, td = t0; break;
        default: break;
      }
      if (tm.digits > 2 || td.digits > 2 || ty.digits > 4) return false;
      y = full_year(ty), m = tm.value, d = td.value;
    }
  } else {
    return false;
  }
  if (!date_valid(y, m, d)) return false;
  *days = fn::Calendar::to_days(y, m, d);
  return true;
}

// CONVERT(date, s, style) with the style's DATEFORMAT; status 0 or an error.
HD int32_t convert_date_row(const uint8_t* s, int32_t len, bool style_ok, int32_t dateformat, int32_t language,
                            int32_t* out) {
  if (!style_ok) return kStatusInvalidStyle;
  // Fast path: exactly 'dddd-dd-dd' (year first, so every DATEFORMAT reads y-m-d).
  if (len == 10 && s[4] == '-' && s[7] == '-') {
    const uint32_t d0 = s[0] - '0', d1 = s[1] - '0', d2 = s[2] - '0', d3 = s[3] - '0', d5 = s[5] - '0',
                   d6 = s[6] - '0', d8 = s[8] - '0', d9 = s[9] - '0';
    if ((d0 | d1 | d2 | d3 | d5 | d6 | d8 | d9) < 10) {
      const int32_t y = d0 * 1000 + d1 * 100 + d2 * 10 + d3, m = d5 * 10 + d6, d = d8 * 10 + d9;
      if (!date_valid(y, m, d)) return kStatusDateConversionFailed;
      *out = fn::Calendar::to_days(y, m, d);
      return 0;
    }
  }
  return parse_date_general(s, len, dateformat, month_names(language), out) ? 0 : kStatusDateConversionFailed;
}

// ---------------------------------------------------------- ROUND(float) ---
// FloatRound::round(x, length, false) with the power of ten precomputed.
struct RoundPlan {
  double p;
  int32_t mode;  // 0: length in [0, 308]; 1: length > 308 (x); 2: length in [-308, -1]; 3: length < -308 (0)
};

RoundPlan round_plan(int32_t length) {
  if (length >= 0) return length > 308 ? RoundPlan{1.0, 1} : RoundPlan{fn::pmath::pow(10.0, double(length)), 0};
  return length < -308 ? RoundPlan{0.0, 3} : RoundPlan{fn::pmath::pow(10.0, double(-length)), 2};
}

// std::round (half away from zero, sign of zero kept), without FMA: y - trunc(y) is exact.
HD double round_half_away(double y) {
  const double t = trunc(y);
  return fabs(y - t) >= 0.5 ? t + copysign(1.0, y) : t;
}

HD double mul_rn(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}

HD int32_t round_row(double x, RoundPlan plan, double* out) {
  double r;
  if (plan.mode == 0) {
    const double y = mul_rn(x, plan.p);
    r = fabs(y) >= 9007199254740992.0 ? x : round_half_away(y) / plan.p;  // also inf (NaN falls through)
  } else if (plan.mode == 1) {
    r = x;
  } else if (plan.mode == 2) {
    r = mul_rn(round_half_away(x / plan.p), plan.p);
  } else {
    r = 0.0;
  }
  if (fabs(r) > DBL_MAX) return kStatusArithmeticOverflow;
  *out = r;
  return 0;
}

// ------------------------------------------------------------- kernels -----
constexpr int kBlock = 256;
constexpr int kTileBytes = 8192;  // staged bytes per block: 32 a row on average

int grid_for(int64_t work_items, int per_block) {
  static int sms = 0;
  if (sms == 0) {
    int dev = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    if (sms <= 0) sms = 132;
  }
  const int64_t need = (work_items + per_block - 1) / per_block;
  return static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(need, int64_t(sms) * 8)));
}

__device__ __forceinline__ int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
__device__ __forceinline__ int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
__device__ __forceinline__ void report_error(int64_t* error, int64_t local) {
  if (local != kNoError) atomicMin(reinterpret_cast<long long*>(error), static_cast<long long>(local));
}
__device__ __forceinline__ bool valid_at(const uint8_t* v, int64_t r) { return v == nullptr || __ldg(v + r) != 0; }
__device__ __forceinline__ void note_error(int64_t& err, int64_t r, int32_t st) {
  if (st != 0 && err == kNoError) err = (r << 8) | st;  // rows rise within a thread
}

// The bytes of rows [r0, r0 + kBlock) of s, in shared memory when they lie in
// one range of at most kTileBytes inside the buffer.
struct Tile {
  int64_t abegin, begin, end;  // tile[0] is byte abegin (16-aligned); rows use [begin, end)
  bool staged;
};

__device__ Tile stage_block(const InString& s, int64_t r0, int64_t n, uint8_t* tile, bool aligned) {
  const int64_t last = min64(n, r0 + kBlock) - 1;
  Tile t;
  t.begin = __ldg(s.offsets + r0);
  t.end = __ldg(s.offsets + last) + __ldg(s.lengths + last);
  t.abegin = t.begin & ~int64_t{15};
  t.staged = aligned && t.begin >= 0 && t.end >= t.begin && t.end <= s.total_bytes && t.end - t.abegin <= kTileBytes;
  if (t.staged) {
    const int64_t bytes = t.end - t.abegin, full = bytes / 16;
    const uint4* src = reinterpret_cast<const uint4*>(s.bytes + t.abegin);
    for (int64_t c = threadIdx.x; c < full; c += kBlock) reinterpret_cast<uint4*>(tile)[c] = __ldg(src + c);
    if (threadIdx.x < bytes % 16) tile[full * 16 + threadIdx.x] = s.bytes[t.abegin + full * 16 + threadIdx.x];
  }
  __syncthreads();
  return t;
}

__device__ __forceinline__ const uint8_t* row_bytes(const Tile& t, const uint8_t* tile, const InString& s,
                                                    int64_t off, int32_t len) {
  if (t.staged && off >= t.begin && off + len <= t.end) return tile + (off - t.abegin);
  return reinterpret_cast<const uint8_t*>(s.bytes) + off;
}

__device__ __forceinline__ const uint8_t* global_row(const InString& s, int64_t r, int32_t* len) {
  *len = __ldg(s.lengths + r);
  return reinterpret_cast<const uint8_t*>(s.bytes) + __ldg(s.offsets + r);
}

// One thread per row over a staged string column; Op(r, bytes, len, valid, err).
template <class Op>
__global__ void __launch_bounds__(kBlock) k_string_rows(InString s, Op op, int64_t* error, int64_t n, bool aligned) {
  __shared__ __align__(16) uint8_t tile[kTileBytes];
  int64_t err = kNoError;
  for (int64_t r0 = int64_t(blockIdx.x) * kBlock; r0 < n; r0 += int64_t(gridDim.x) * kBlock) {
    const Tile t = stage_block(s, r0, n, tile, aligned);
    const int64_t r = r0 + threadIdx.x;
    if (r < n) {
      const bool v = valid_at(s.valid, r);
      const int32_t len = __ldg(s.lengths + r);
      op(r, v ? row_bytes(t, tile, s, __ldg(s.offsets + r), len) : nullptr, len, v, err);
    }
    __syncthreads();
  }
  if (error) report_error(error, err);
}

struct LenOp {
  int32_t* out;
  uint8_t* out_valid;
  __device__ void operator()(int64_t r, const uint8_t* b, int32_t len, bool v, int64_t&) const {
    out[r] = v ? len_row(b, len) : 0;
    out_valid[r] = v;
  }
};

struct LtrimOp {  // general layout: per-thread stores
  OutString o;
  __device__ void operator()(int64_t r, const uint8_t* b, int32_t len, bool v, int64_t&) const {
    int32_t n = 0;
    if (v) {
      const int32_t from = ltrim_from(b, len);
      char* dst = o.bytes + __ldg(o.offsets + r);
      for (int32_t i = from; i < len; ++i) dst[i - from] = static_cast<char>(b[i]);
      n = len - from;
    }
    o.lengths[r] = n;
    o.valid[r] = v;
  }
};

struct CharindexOp {
  InString find;
  bool ci;
  int32_t* out;
  uint8_t* out_valid;
  __device__ void operator()(int64_t r, const uint8_t* b, int32_t len, bool v, int64_t&) const {
    v = v && valid_at(find.valid, r);
    int32_t res = 0;
    if (v) {
      int32_t f_len;
      const uint8_t* f = global_row(find, r, &f_len);
      res = charindex_row(f, f_len, b, len, ci);
    }
    out[r] = res;
    out_valid[r] = v;
  }
};

struct ReplaceOp {
  InString find, repl;
  bool ci;
  OutString o;
  __device__ void operator()(int64_t r, const uint8_t* b, int32_t len, bool v, int64_t&) const {
    v = v && valid_at(find.valid, r) && valid_at(repl.valid, r);
    int32_t n = 0;
    if (v) {
      int32_t f_len, r_len;
      const uint8_t* f = global_row(find, r, &f_len);
      const uint8_t* rp = global_row(repl, r, &r_len);
      n = replace_row(b, len, f, f_len, rp, r_len, ci, o.bytes + __ldg(o.offsets + r));
    }
    o.lengths[r] = n;
    o.valid[r] = v;
  }
};

struct DecimalOp {
  int32_t precision, scale;
  int64_t* out;
  uint8_t* out_valid;
  __device__ void operator()(int64_t r, const uint8_t* b, int32_t len, bool v, int64_t& err) const {
    int64_t x = 0;
    int32_t st = 0;
    if (v) {
      st = decimal_row(b, len, precision, scale, &x);
      note_error(err, r, st);
    }
    out[r] = st == 0 ? x : 0;
    out_valid[r] = v && st == 0;
  }
};

struct DateOp {
  bool style_ok;
  int32_t dateformat, language;
  int32_t* out;
  uint8_t* out_valid;
  __device__ void operator()(int64_t r, const uint8_t* b, int32_t len, bool v, int64_t& err) const {
    int32_t d = 0, st = 0;
    if (v) {
      st = convert_date_row(b, len, style_ok, dateformat, language, &d);
      note_error(err, r, st);
    }
    out[r] = st == 0 ? d : 0;
    out_valid[r] = v && st == 0;
  }
};

// LTRIM, packed input with the output laid out like it: shift each row left in
// the shared tile, then store the block's byte range with coalesced stores.
__global__ void __launch_bounds__(kBlock) k_ltrim_packed(InString s, OutString o, int64_t n) {
  __shared__ __align__(16) uint8_t tile[kTileBytes];
  for (int64_t r0 = int64_t(blockIdx.x) * kBlock; r0 < n; r0 += int64_t(gridDim.x) * kBlock) {
    const Tile t = stage_block(s, r0, n, tile, true);
    const int64_t r = r0 + threadIdx.x;
    if (r < n) {
      const bool v = valid_at(s.valid, r);
      const int32_t len = __ldg(s.lengths + r);
      const int64_t off = __ldg(s.offsets + r);
      int32_t res = 0;
      if (v) {
        if (t.staged) {
          uint8_t* b = tile + (off - t.abegin);
          const int32_t from = ltrim_from(b, len);
          for (int32_t i = from; i < len; ++i) b[i - from] = b[i];  // ascending: reads stay ahead of writes
          res = len - from;
        } else {
          const uint8_t* b = reinterpret_cast<const uint8_t*>(s.bytes) + off;
          const int32_t from = ltrim_from(b, len);
          for (int32_t i = from; i < len; ++i) o.bytes[off + i - from] = static_cast<char>(b[i]);
          res = len - from;
        }
      }
      o.lengths[r] = res;
      o.valid[r] = v;
    }
    __syncthreads();
    if (t.staged) {
      // [begin, end): a byte head up to the next 16-byte boundary, 16-byte chunks, a byte tail.
      const int64_t head_end = min64(t.end, (t.begin + 15) & ~int64_t{15});
      const int64_t body_end = max64(head_end, t.end & ~int64_t{15});
      if (threadIdx.x < head_end - t.begin) {
        const int64_t p = t.begin + threadIdx.x;
        o.bytes[p] = static_cast<char>(tile[p - t.abegin]);
      }
      for (int64_t p = head_end + int64_t(threadIdx.x) * 16; p < body_end; p += kBlock * 16)
        *reinterpret_cast<uint4*>(o.bytes + p) = *reinterpret_cast<const uint4*>(tile + (p - t.abegin));
      if (threadIdx.x < t.end - body_end) {
        const int64_t p = body_end + threadIdx.x;
        o.bytes[p] = static_cast<char>(tile[p - t.abegin]);
      }
      __syncthreads();
    }
  }
}

__global__ void __launch_bounds__(kBlock) k_datename_month(const int32_t* __restrict__ date,
                                                           const uint8_t* __restrict__ valid, int32_t language,
                                                           OutString o, int64_t n) {
  const MonthNames& names = month_names(language);
  for (int64_t r = int64_t(blockIdx.x) * kBlock + threadIdx.x; r < n; r += int64_t(gridDim.x) * kBlock) {
    const bool v = valid_at(valid, r);
    int32_t len = 0;
    if (v) {
      const int32_t m = fn::Calendar::from_days(__ldg(date + r)).month - 1;
      len = names.len[m];
      char* dst = o.bytes + __ldg(o.offsets + r);
      for (int32_t i = 0; i < len; ++i) dst[i] = names.text[m][i];
    }
    o.lengths[r] = len;
    o.valid[r] = v;
  }
}

__device__ __forceinline__ void round_one(double x, bool v, RoundPlan plan, int64_t r, double& out, uint8_t& ov,
                                          int64_t& err) {
  double y = 0;
  int32_t st = 0;
  if (v) {
    st = round_row(x, plan, &y);
    note_error(err, r, st);
  }
  out = st == 0 ? y : 0.0;
  ov = v && st == 0;
}

__global__ void __launch_bounds__(kBlock) k_round(const double* __restrict__ in, const uint8_t* __restrict__ valid,
                                                  RoundPlan plan, double* __restrict__ out,
                                                  uint8_t* __restrict__ out_valid, int64_t* error, int64_t n) {
  const int64_t npair = n / 2;
  int64_t err = kNoError;
  for (int64_t q = int64_t(blockIdx.x) * kBlock + threadIdx.x; q < npair; q += int64_t(gridDim.x) * kBlock) {
    const double2 x = __ldg(reinterpret_cast<const double2*>(in) + q);
    const uchar2 v = valid ? __ldg(reinterpret_cast<const uchar2*>(valid) + q) : make_uchar2(1, 1);
    double2 y;
    uchar2 ov;
    round_one(x.x, v.x != 0, plan, 2 * q, y.x, ov.x, err);
    round_one(x.y, v.y != 0, plan, 2 * q + 1, y.y, ov.y, err);
    reinterpret_cast<double2*>(out)[q] = y;
    reinterpret_cast<uchar2*>(out_valid)[q] = ov;
  }
  if (blockIdx.x == 0 && threadIdx.x == 0 && (n & 1)) {
    const int64_t r = n - 1;
    round_one(in[r], valid_at(valid, r), plan, r, out[r], out_valid[r], err);
  }
  report_error(error, err);
}

bool aligned16(const void* p) { return (reinterpret_cast<uintptr_t>(p) & 15) == 0; }

template <class Op>
cudaError_t launch_rows(const InString& s, const Op& op, int64_t* error, int64_t n, cudaStream_t stream) {
  k_string_rows<Op><<<grid_for(n, kBlock), kBlock, 0, stream>>>(s, op, error, n, aligned16(s.bytes));
  return cudaGetLastError();
}

}  // namespace

// ------------------------------------------------------------- launchers ---
cudaError_t len(InString s, int32_t* out, uint8_t* out_valid, int64_t n, cudaStream_t stream) {
  return launch_rows(s, LenOp{out, out_valid}, nullptr, n, stream);
}
cudaError_t ltrim(InString s, OutString out, int64_t n, cudaStream_t stream) {
  if (s.packed_same_layout && aligned16(s.bytes) && aligned16(out.bytes)) {
    k_ltrim_packed<<<grid_for(n, kBlock), kBlock, 0, stream>>>(s, out, n);
    return cudaGetLastError();
  }
  return launch_rows(s, LtrimOp{out}, nullptr, n, stream);
}
cudaError_t charindex(InString find, InString s, bool case_insensitive, int32_t* out, uint8_t* out_valid, int64_t n,
                      cudaStream_t stream) {
  return launch_rows(s, CharindexOp{find, case_insensitive, out, out_valid}, nullptr, n, stream);
}
cudaError_t replace(InString s, InString find, InString replacement, bool case_insensitive, OutString out,
                    int64_t n, cudaStream_t stream) {
  return launch_rows(s, ReplaceOp{find, replacement, case_insensitive, out}, nullptr, n, stream);
}
cudaError_t cast_varchar_to_decimal(InString s, int32_t precision, int32_t scale, int64_t* out, uint8_t* out_valid,
                                    int64_t* error, int64_t n, cudaStream_t stream) {
  return launch_rows(s, DecimalOp{precision, scale, out, out_valid}, error, n, stream);
}
cudaError_t convert_varchar_to_date(InString s, int32_t style, int32_t language, int32_t* out, uint8_t* out_valid,
                                    int64_t* error, int64_t n, cudaStream_t stream) {
  const DateOp op{fn::DateStyle::valid(style), fn::DateStyle::input_dateformat(style), language, out, out_valid};
  return launch_rows(s, op, error, n, stream);
}
cudaError_t datename_month(const int32_t* date, const uint8_t* valid, int32_t language, OutString out, int64_t n,
                           cudaStream_t stream) {
  k_datename_month<<<grid_for(n, kBlock), kBlock, 0, stream>>>(date, valid, language, out, n);
  return cudaGetLastError();
}
cudaError_t round_float(const double* x, const uint8_t* valid, int32_t length, double* out, uint8_t* out_valid,
                        int64_t* error, int64_t n, cudaStream_t stream) {
  k_round<<<grid_for(n / 2 + 1, kBlock), kBlock, 0, stream>>>(x, valid, round_plan(length), out, out_valid, error, n);
  return cudaGetLastError();
}

// --------------------------------------------------------- host selftest ---
namespace {

const uint8_t* u8(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }
int32_t len32(const std::string& s) { return static_cast<int32_t>(s.size()); }

void check_one_string(Tally& t, const std::string& s) {
  int32_t ref = -1;
  tsf_len(&ref, s.data(), len32(s));
  if (ref != len_row(u8(s), len32(s))) t.fail("LEN('" + hex(s) + "')");
  std::vector<char> out(s.size() + 1);
  int32_t out_len = -1;
  tsf_ltrim(out.data(), &out_len, s.data(), len32(s));
  const int32_t from = ltrim_from(u8(s), len32(s));
  if (out_len != len32(s) - from || std::memcmp(out.data(), s.data() + from, out_len) != 0)
    t.fail("LTRIM('" + hex(s) + "')");
  for (int32_t p : {1, 18}) {
    for (int32_t sc : {0, 2, 4, 18}) {
      if (sc > p) continue;
      int64_t r1 = 0, r2 = 0;
      const int32_t s1 = tsf_cast_varchar_to_decimal(&r1, s.data(), len32(s), p, sc);
      const int32_t s2 = decimal_row(u8(s), len32(s), p, sc, &r2);
      if (s1 != s2 || (s1 == 0 && r1 != r2))
        t.fail("DECIMAL(" + std::to_string(p) + "," + std::to_string(sc) + ")('" + hex(s) + "'): ref " +
               std::to_string(s1) + " hw " + std::to_string(s2));
    }
  }
  int64_t r1 = 0, r2 = 0;
  if (tsf_cast_varchar_to_decimal(&r1, s.data(), len32(s), 15, 2) != decimal_row(u8(s), len32(s), 15, 2, &r2) ||
      r1 != r2)
    t.fail("DECIMAL(15,2)('" + hex(s) + "')");
  for (int32_t lang = 0; lang < fn::kLanguageCount; ++lang) {
    for (int32_t style : {23, 101, 103, 0, 111, 999}) {
      fn::SessionContext ctx = fn::SessionContext::for_language(lang);
      int32_t d1 = 0, d2 = 0;
      const int32_t s1 = tsf_convert_varchar_to_date(&d1, s.data(), len32(s), style, &ctx);
      const int32_t s2 = convert_date_row(u8(s), len32(s), fn::DateStyle::valid(style),
                                          fn::DateStyle::input_dateformat(style), lang, &d2);
      if (s1 != s2 || (s1 == 0 && d1 != d2))
        t.fail("CONVERT(date, '" + hex(s) + "', " + std::to_string(style) + ") language " + std::to_string(lang) +
               ": ref " + std::to_string(s1) + "/" + std::to_string(d1) + " hw " + std::to_string(s2) + "/" +
               std::to_string(d2));
    }
  }
}

void check_search(Tally& t, const std::string& f, const std::string& s, const std::string& r) {
  for (uint32_t coll : {0u, uint32_t(fn::kCaseInsensitive)}) {
    fn::SessionContext ctx{};
    ctx.collation = coll;
    const bool ci = coll != 0;
    int32_t ref = -1;
    tsf_charindex(&ref, f.data(), len32(f), s.data(), len32(s), &ctx);
    if (ref != charindex_row(u8(f), len32(f), u8(s), len32(s), ci))
      t.fail("CHARINDEX('" + hex(f) + "', '" + hex(s) + "') ci " + std::to_string(ci));
    const size_t cap = s.size() + (f.empty() ? 0 : s.size() / f.size() + 1) * (r.size() + 1) + 16;
    std::vector<char> a(cap), b(cap);
    int32_t la = -1;
    tsf_replace(a.data(), &la, s.data(), len32(s), f.data(), len32(f), r.data(), len32(r), &ctx);
    const int32_t lb = replace_row(u8(s), len32(s), u8(f), len32(f), u8(r), len32(r), ci, b.data());
    if (la != lb || std::memcmp(a.data(), b.data(), la) != 0)
      t.fail("REPLACE('" + hex(s) + "', '" + hex(f) + "', '" + hex(r) + "') ci " + std::to_string(ci));
  }
}
}  // namespace

int64_t hw_selftest_more(std::string& report, uint64_t seed) {
  Tally t{0, report};
  std::mt19937_64 rng(seed);
  // The month-name tables equal the library's.
  for (int32_t lang = 0; lang < fn::kLanguageCount; ++lang) {
    const fn::LanguageNames& ln = fn::language_names(lang);
    const MonthNames& mn = month_names(lang);
    for (int i = 0; i < 12; ++i)
      for (int k = 0; k < 2; ++k) {
        const fn::DateName& d = k ? ln.short_months[i] : ln.months[i];
        if (d.len != mn.len[12 * k + i] || std::memcmp(d.text, mn.text[12 * k + i], d.len) != 0)
          t.fail("month name table, language " + std::to_string(lang) + " entry " + std::to_string(12 * k + i));
      }
  }
  // DATENAME(month): every day of the DATE range, every language.
  for (int32_t d = fn::Calendar::kMinDay; d <= fn::Calendar::kMaxDay; d += 1) {
    const int32_t lang = d & 3;
    const fn::SessionContext ctx = fn::SessionContext::for_language(lang);
    char ref[16];
    int32_t ref_len = 0;
    tsf_datename(ref, &ref_len, int32_t(fn::DatePart::Month), d, &ctx);
    const MonthNames& mn = month_names(lang);
    const int32_t m = fn::Calendar::from_days(d).month - 1;
    if (ref_len != mn.len[m] || std::memcmp(ref, mn.text[m], ref_len) != 0)
      t.fail("DATENAME(month, " + std::to_string(d) + ")");
    // CONVERT(date, 'yyyy-mm-dd', 23) of every day (the fast path), sampled.
    if ((d & 15) == 0) {
      const fn::CivilDate c = fn::Calendar::from_days(d);
      char b[16];
      std::snprintf(b, sizeof b, "%04d-%02d-%02d", c.year, c.month, c.day);
      int32_t got = 0;
      if (convert_date_row(reinterpret_cast<const uint8_t*>(b), 10, true, fn::kYmd, 0, &got) != 0 || got != d)
        t.fail(std::string("CONVERT(date, '") + b + "', 23)");
    }
  }
  // ROUND(float, length): edges and random values over lengths.
  auto check_round = [&](double x, int32_t length) {
    double r1 = 0, r2 = 0;
    const int32_t s1 = tsf_round_float(&r1, x, length), s2 = round_row(x, round_plan(length), &r2);
    if (s1 != s2 || (s1 == 0 && std::memcmp(&r1, &r2, 8) != 0)) {
      char b[160];
      std::snprintf(b, sizeof b, "ROUND(%.17g, %d): ref %d/%.17g, hw %d/%.17g", x, length, s1, r1, s2, r2);
      t.fail(b);
    }
  };
  const double redge[] = {0.0, -0.0, 0.5, -0.5, 0.05, -0.05, 0.04, -0.04, 0.15, 1.25, 2.5, 0.49999999999999994,
                          4503599627370495.5, 4503599627370496.0, 9007199254740991.0, 9007199254740993.0, 1e300,
                          DBL_MAX, -DBL_MAX, DBL_MIN, 5e-324, 123456.789, 1234.5678, 9.95, 99.95, 0.45,
                          __builtin_inf(), -__builtin_inf(), __builtin_nan("")};
  const int32_t lengths[] = {0, 1, 2, 3, 4, 10, 15, 16, 17, 22, 23, 100, 307, 308, 309, 400, -1, -2, -5, -15, -307,
                             -308, -309, -400, INT32_MAX, INT32_MIN};
  for (double x : redge)
    for (int32_t l : lengths) {
      check_round(x, l);
      check_round(-x, l);
    }
  for (int i = 0; i < 300000; ++i) {
    uint64_t bits = rng();
    double x;
    std::memcpy(&x, &bits, 8);
    const int32_t l = static_cast<int32_t>(rng() % 41) - 20;
    check_round(x, l);
    check_round(std::ldexp(double(rng() >> 11), -int(rng() % 70)), l);
    check_round(double(int64_t(rng() % 2000000000) - 1000000000) / 1000.0 + 0.0005 * double(rng() % 3), 1 + int32_t(rng() % 3));
  }
  // Strings: fixed cases and random strings from a biased alphabet.
  const char* cases[] = {"", " ", "   ", "a", " a", "a ", "  a b  ", "\t a", "\xc3\xa9 ", " \xc3\xa9", "\xc3 ", "\xe2\x82",
                         "0", "-0", "+", "-", ".", "1.", ".5", "-.5", "1234.56", "-1234.56", " 12.345 ", "12.344",
                         "9999999999999.99", "9999999999999.995", "-9999999999999.995", "99999999999999",
                         "0000000000000000000001.5", "1e5", "1,5", "1.2.3", "12 3", "999999999999999999",
                         "1999-12-31", "2024-02-29", "2023-02-29", "0001-01-01", "9999-12-31", "0000-01-01",
                         "2024-13-01", "2024-1-5", "24-01-05", "01/02/2024", "1/2/24", "2024.01.02", "20240102",
                         "240102", "2024", "Apr 15 2024", "15 April 2024", "April 15, 2024", "2024 Apr 15",
                         "Apr 2024", "apr 15 24", "M\xc3\xa4rz 3 2024", "m\xc3\x84rz 3 2024", "3 f\xc3\xa9vr 2024",
                         "3 F\xc3\x89VR 2024", "2024-01-02T10:20:30", "2024-01-02T10:20:30.1234567Z",
                         "2024-01-02T10:20:30+05:30", "2024-01-02t10:20", "2024-01-02 10:20:30.12345678",
                         "2024-01-02 10:20:30:123", "2024-01-02 10:20:30:1234", "2024-01-02 10AM", "2024-01-02 10 pm",
                         "2024-01-02 13 PM", "10:20", "10:20:61", "1:2:3 am", " 2024-01-02 ", "\t2024-01-02\r\n",
                         "2024-01-02 ", "2024--01-02", "2024-01/02", "2024 01 02", "2024,01,02", "Jan", "Janx 1 2024",
                         "1 Jan Feb", "123456789", "12/31/99", "31/12/99", "2024-00-10", "2024-02-30", "1752-01-01",
                         "2024-01-02T10:20:30+15:00", "2024-01-02 10:20:30Z", "2024-01-02T", "2024-01-02 x",
                         "BRASS", "brass", "PROMO BURNISHED BRASS", "STANDARD BRUSHED brass", "BRASSBRASS", "BRAS"};
  for (const char* c : cases) check_one_string(t, c);
  const char* finds[] = {"BRASS", "brass", "", "S", "SS", "\xc3\xa9", "\xc3\x89", "\xc3", "a\xc3\xbf", "\xc5\xb8",
                         "  ", "BRASS ", "\xe2\x82\xac"};
  const char* repls[] = {"COPPER", "", "x", "\xc3\xa9\xc3\xa9"};
  const char* hay[] = {"", "BRASS", "PROMO BURNISHED BRASS", "LARGE PLATED brass", "bRaSsBRASSbrass", "BRAS",
                       "\xc3\xa9\xc3\x89\xc3\xa9", "\xc3\xbf\xc5\xb8 a\xc3\xbf", "\xc3\xc3\xa9", "S S SS SSS",
                       "\xe2\x82\xac\xe2\x82", "a  b   c"};
  for (const char* f : finds)
    for (const char* h : hay)
      for (const char* r : repls) check_search(t, f, h, r);
  const char alphabet[] = {'0', '1', '2', '9', '.', '-', '+', ' ', '/', ':', 'T', 'Z', 'a', 'A', 'm', 'p', 'J', 'n',
                           'B', 'R', 'S', 's', ',', '\t', char(0xC3), char(0xA4), char(0x84), char(0xA9), char(0x89),
                           char(0xBF), char(0xC5), char(0xB8), char(0xE2), char(0x82), char(0xAC), char(0xFF)};
  const char* words[] = {"2024", "-", "01", "1", "/", "Jan", "April", "M\xc3\xa4rz", " ", "10:20", ":30", ".5",
                         "AM", "T", "Z", "+05:30", "12", "99", "1999", ",", "BRASS", "15"};
  for (int i = 0; i < 200000; ++i) {
    std::string s;
    const int mode = static_cast<int>(rng() % 3);
    if (mode == 0) {
      s.resize(rng() % 20);
      for (char& c : s) c = alphabet[rng() % sizeof alphabet];
    } else if (mode == 1) {
      const int k = 1 + static_cast<int>(rng() % 7);
      for (int j = 0; j < k; ++j) s += words[rng() % (sizeof words / sizeof words[0])];
    } else {
      s.resize(rng() % 16);
      for (char& c : s) c = alphabet[rng() % 8];  // digits, '.', signs, space
    }
    check_one_string(t, s);
    std::string f(1 + rng() % 3, ' '), r(rng() % 3, 'x');
    for (char& c : f) c = alphabet[12 + rng() % (sizeof alphabet - 12)];
    check_search(t, f, s, r);
    check_search(t, s.substr(0, rng() % 4), s + s, "Q");
  }
  return t.bad;
}

}  // namespace tessera::bench::hw

// EDIT_DISTANCE, EDIT_DISTANCE_SIMILARITY, JARO_WINKLER_DISTANCE, JARO_WINKLER_SIMILARITY (SQL Server 2025's
// fuzzy string matching): on characters (code points), compared under the session collation (a
// case-insensitive one folds case, as the documentation says the collation decides).
//
// No heap: every argument has at most kFuzzyMaxChars characters (nvarchar(4000), SQL Server's own limit for
// these non-max arguments), Jaro-Winkler keeps a bit per character of each string, and EDIT_DISTANCE keeps three
// rows of its table along the shorter string, which may have at most kEditDistanceMaxChars characters. A longer
// string is Msg 8116 (kStringTooLong).
#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/string_match.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::CodePoint;
using tessera::fn::kEditDistanceMaxChars;
using tessera::fn::kFuzzyMaxChars;
using tessera::fn::kNull;
using tessera::fn::kOk;
using tessera::fn::kStringTooLong;
using tessera::fn::SessionContext;
using tessera::fn::StringMatcher;
using tessera::fn::Utf8;

namespace {

// The comparison key of the character at byte `pos` (its size in *size).
inline uint32_t key_at(const char* s, int32_t len, int32_t pos, bool ci, int32_t* size) {
  const CodePoint c = Utf8::decode(s, len, pos);
  *size = c.size;
  return Utf8::key(c.cp, ci);
}

// The optimal-string-alignment distance (Damerau-Levenshtein without editing a transposed pair again):
// insertions, deletions, substitutions and transpositions of two adjacent characters, each 1. With
// max_distance >= 0 a distance above it is max_distance + 1 (and the work stops once every path is above
// it); a negative one computes the whole distance.
int32_t edit_distance(int32_t* out, const char* a, int32_t a_len, const char* b, int32_t b_len, int64_t max_distance,
                      const SessionContext* ctx) {
  const bool ci = StringMatcher::for_session(ctx).case_insensitive();
  int32_t na = Utf8::count(a, a_len), nb = Utf8::count(b, b_len);
  // Rows run along the shorter string (`inner`), one row per character of the longer one (`outer`).
  const char* outer = a;
  int32_t outer_len = a_len, n = na;
  const char* inner = b;
  int32_t inner_len = b_len, m = nb;
  if (nb > na) {
    outer = b;
    outer_len = b_len;
    n = nb;
    inner = a;
    inner_len = a_len;
    m = na;
  }
  if (m > kEditDistanceMaxChars || n > kFuzzyMaxChars) return kStringTooLong;
  const bool bounded = max_distance >= 0;
  int64_t d = n;  // every character of the longer string inserted, when the shorter is empty
  if (m > 0) {
    // rows[i % 3]: the distances from outer's first i characters to inner's first j, j = 0..m.
    uint16_t rows[3][kEditDistanceMaxChars + 1];
    for (int32_t j = 0; j <= m; ++j) rows[0][j] = static_cast<uint16_t>(j);
    int32_t prev_min = 0;  // the smallest value of the previous row
    uint32_t ka_prev = 0;
    int32_t pos_a = 0;
    for (int32_t i = 1; i <= n; ++i) {
      int32_t size = 0;
      const uint32_t ka = key_at(outer, outer_len, pos_a, ci, &size);
      pos_a += size;
      uint16_t* cur = rows[i % 3];
      const uint16_t* prev = rows[(i + 2) % 3];
      const uint16_t* prev2 = rows[(i + 1) % 3];
      cur[0] = static_cast<uint16_t>(i);
      int32_t row_min = i;
      uint32_t kb_prev = 0;
      int32_t pos_b = 0;
      for (int32_t j = 1; j <= m; ++j) {
        const uint32_t kb = key_at(inner, inner_len, pos_b, ci, &size);
        pos_b += size;
        int32_t v = prev[j - 1] + (ka == kb ? 0 : 1);
        if (prev[j] + 1 < v) v = prev[j] + 1;
        if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
        if (i > 1 && j > 1 && ka == kb_prev && ka_prev == kb && prev2[j - 2] + 1 < v) v = prev2[j - 2] + 1;
        cur[j] = static_cast<uint16_t>(v);
        if (v < row_min) row_min = v;
        kb_prev = kb;
      }
      // A cell is at least the smallest of the row above or (through a transposition) the one above that plus 1,
      // so once two rows in a row exceed the bound every later one does.
      if (bounded && row_min > max_distance && prev_min > max_distance) {
        *out = static_cast<int32_t>(max_distance + 1);
        return kOk;
      }
      prev_min = row_min;
      ka_prev = ka;
    }
    d = rows[n % 3][m];
  }
  *out = static_cast<int32_t>(bounded && d > max_distance ? max_distance + 1 : d);
  return kOk;
}

// The Jaro-Winkler similarity in [0, 1]: Jaro's matches within half the longer length, transpositions among
// them, and Winkler's bonus of 0.1 per character of a common prefix of up to 4 characters (given at every
// Jaro value, as SQL Server's documented results show: 'Microsoft' / 'Msft' is 0.491666666666667 apart).
// Two empty strings are equal (1); an empty and a non-empty one share nothing (0).
int32_t jaro_winkler(double* out, const char* a, int32_t a_len, const char* b, int32_t b_len,
                     const SessionContext* ctx) {
  const bool ci = StringMatcher::for_session(ctx).case_insensitive();
  const int32_t na = Utf8::count(a, a_len), nb = Utf8::count(b, b_len);
  if (na > kFuzzyMaxChars || nb > kFuzzyMaxChars) return kStringTooLong;
  if (na == 0 && nb == 0) {
    *out = 1.0;
    return kOk;
  }
  if (na == 0 || nb == 0) {
    *out = 0.0;
    return kOk;
  }
  constexpr int32_t kWords = (kFuzzyMaxChars + 63) / 64;
  uint64_t matched_a[kWords];
  uint64_t matched_b[kWords];
  for (int32_t w = 0; w < kWords; ++w) {
    matched_a[w] = 0;
    matched_b[w] = 0;
  }
  const int32_t longer = na > nb ? na : nb;
  const int32_t window = longer / 2 - 1 > 0 ? longer / 2 - 1 : 0;
  int32_t matches = 0;
  int32_t lo = 0, lo_pos = 0;  // the window's first character of b and its byte position
  int32_t pos_a = 0, size = 0;
  for (int32_t i = 0; i < na; ++i) {
    const uint32_t ka = key_at(a, a_len, pos_a, ci, &size);
    pos_a += size;
    while (lo < i - window) {
      lo_pos += Utf8::char_size(b, b_len, lo_pos);
      ++lo;
    }
    const int32_t hi = i + window < nb - 1 ? i + window : nb - 1;
    int32_t pos_b = lo_pos;
    for (int32_t j = lo; j <= hi; ++j) {
      const uint32_t kb = key_at(b, b_len, pos_b, ci, &size);
      pos_b += size;
      const uint64_t bit = uint64_t(1) << (j & 63);
      if ((matched_b[j >> 6] & bit) == 0 && ka == kb) {
        matched_b[j >> 6] |= bit;
        matched_a[i >> 6] |= uint64_t(1) << (i & 63);
        ++matches;
        break;
      }
    }
  }
  if (matches == 0) {
    *out = 0.0;
    return kOk;
  }
  // Transpositions: half the matched characters of a and b, in order, that differ (in whole numbers, as
  // Winkler's strcmp95 counts them).
  int32_t out_of_order = 0;
  int32_t j = 0, pos_b = 0;
  pos_a = 0;
  for (int32_t i = 0; i < na; ++i) {
    const uint32_t ka = key_at(a, a_len, pos_a, ci, &size);
    pos_a += size;
    if ((matched_a[i >> 6] & (uint64_t(1) << (i & 63))) == 0) continue;
    uint32_t kb = 0;
    for (;;) {
      kb = key_at(b, b_len, pos_b, ci, &size);
      pos_b += size;
      const bool hit = (matched_b[j >> 6] & (uint64_t(1) << (j & 63))) != 0;
      ++j;
      if (hit) break;
    }
    if (ka != kb) ++out_of_order;
  }
  const double m = matches;
  const double jaro = (m / na + m / nb + (m - out_of_order / 2) / m) / 3.0;
  int32_t prefix = 0;
  for (int32_t p = 0, q = 0; prefix < 4 && p < a_len && q < b_len; ++prefix) {
    int32_t sa = 0, sb = 0;
    if (key_at(a, a_len, p, ci, &sa) != key_at(b, b_len, q, ci, &sb)) break;
    p += sa;
    q += sb;
  }
  *out = jaro + prefix * 0.1 * (1.0 - jaro);
  return kOk;
}

// A share in [0, 1] as a whole percentage, rounded half up.
inline int32_t percent(double share) {
  const double p = share * 100.0 + 0.5;
  const int32_t r = static_cast<int32_t>(p);
  return r > 100 ? 100 : r;
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_edit_distance(int32_t* out, const char* a, int32_t a_len, const char* b, int32_t b_len,
                                         const SessionContext* ctx) {
  return edit_distance(out, a, a_len, b, b_len, -1, ctx);
}

TESSERA_ROW_FN int32_t tsf_edit_distance_max(int32_t* out, const char* a, int32_t a_len, const char* b,
                                             int32_t b_len, int32_t max_distance, const SessionContext* ctx) {
  return edit_distance(out, a, a_len, b, b_len, max_distance, ctx);
}

// (1 - distance / the longer length in characters) * 100, rounded half up in integers (Organise / Organize:
// 87.5 -> 88); two empty strings are 100.
TESSERA_ROW_FN int32_t tsf_edit_distance_similarity(int32_t* out, const char* a, int32_t a_len, const char* b,
                                                    int32_t b_len, const SessionContext* ctx) {
  int32_t d = 0;
  const int32_t st = edit_distance(&d, a, a_len, b, b_len, -1, ctx);
  if (st != kOk) return st;
  const int32_t na = Utf8::count(a, a_len), nb = Utf8::count(b, b_len);
  const int64_t longer = na > nb ? na : nb;
  if (longer == 0) {
    *out = 100;
    return kOk;
  }
  *out = static_cast<int32_t>((200 * (longer - d) + longer) / (2 * longer));
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_jaro_winkler_distance(double* out, const char* a, int32_t a_len, const char* b,
                                                 int32_t b_len, const SessionContext* ctx) {
  double s = 0;
  const int32_t st = jaro_winkler(&s, a, a_len, b, b_len, ctx);
  if (st != kOk) return st;
  *out = 1.0 - s;
  return kOk;
}

// The similarity as a whole percentage, rounded half up ('Colour' / 'Color': 96.67 -> 97, the function's
// documentation page).
TESSERA_ROW_FN int32_t tsf_jaro_winkler_similarity(int32_t* out, const char* a, int32_t a_len, const char* b,
                                                   int32_t b_len, const SessionContext* ctx) {
  double s = 0;
  const int32_t st = jaro_winkler(&s, a, a_len, b, b_len, ctx);
  if (st != kOk) return st;
  *out = percent(s);
  return kOk;
}

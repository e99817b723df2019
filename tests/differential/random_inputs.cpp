#include "random_inputs.hpp"

#include <cmath>
#include <limits>

#include "tessera/functions/clock.hpp"

namespace tessera::test {

using fn::Calendar;
using fn::SqlType;

namespace {
// Pieces the string generator combines: ASCII, spaces, digits, pattern
// characters, Latin-1 and other multi-byte UTF-8, and invalid bytes.
const char* const kPieces[] = {"a", "B", "z", "Q", "e", "0", "7", "9", " ", "  ", "-", "+", ".", ",", "$", "%",
                               "_", "[", "]", "^", "/", ":", "#", "é", "É", "ü", "Ü", "ß", "ÿ", "ñ", "€", "中",
                               "😀", "\xff", "\xc3", "\x80", "\t", "'", "e5", "1", "2", "BRAND#", "PROMO"};
const char* const kAsciiPieces[] = {"a", "B", "z", "Q", "e", "0", "7", "9", " ", "  ", "-", "+", ".", ",", "$",
                                    "%", "_", "[", "]", "^", "/", ":", "#", "'", "e5", "BRAND#", "PROMO", "Tin"};
const char* const kSamples[] = {"",           " ",          "2024-02-29", "2023-02-29",  "12/31/1999", "31/12/1999",
                                "20240101",   "Jan 1 2024", "January 15, 2000", "9999-12-31", "0001-01-01",
                                "1999.12.31", " 2000-01-01 ", "-123",     "  42  ",      "2147483648", "-2147483648",
                                "9223372036854775807", "12.345", ".5", "-0.0005", "1e5", "1.5e-3", "$1,234.56",
                                "+", "-", "$", "1,2", "abc", "ÀÉÎÕÜ straße", "Brand#23", "1-URGENT",
                                "MEDIUM POLISHED TIN", "25-989-741-2988", "hello world", "%abc%", "a_c",
                                "[a-c]x", "ß", "€€€", "\xff\xfe",
                                // times of day, so that CAST(s AS time) has results other than midnight (which
                                // every date-only sample gives) and a fused predicate on it can hold and fail
                                "12:34:56", "23:59:59.9999999", "1:05 PM", "00:00:00.5", "2024-02-29 08:15:30.25"};
}  // namespace

int32_t RandomInputs::random_date() {
  switch (uniform(0, 3)) {
    case 0: return static_cast<int32_t>(uniform(Calendar::kMinDay, Calendar::kMaxDay));
    case 1: return Calendar::to_days(static_cast<int32_t>(uniform(1990, 2030)), 1, 1) + static_cast<int32_t>(uniform(0, 365));
    case 2: {  // a month end or a leap day
      const int32_t y = static_cast<int32_t>(uniform(1, 9999)), m = static_cast<int32_t>(uniform(1, 12));
      return Calendar::to_days(y, m, Calendar::days_in_month(y, m));
    }
    default: return Calendar::to_days(static_cast<int32_t>(uniform(1, 2499)) * 4, 2, 29 - (uniform(0, 3) == 0));
  }
}

// A date-time in 0001-01-01 .. 9999-12-31 23:59:59.9999999: on whole seconds, milliseconds or ticks,
// around midnight, or on DATETIME's and SMALLDATETIME's grids.
int64_t RandomInputs::random_datetime() {
  const int64_t day = random_date();
  return fn::Clock::at(static_cast<int32_t>(day), random_time());
}

int64_t RandomInputs::random_time() {
  switch (uniform(0, 4)) {
    case 0: return uniform(0, 86399) * fn::kTicksPerSecond;
    case 1: return uniform(0, 86399999) * fn::kTicksPerMillisecond;
    case 2: return uniform(0, fn::kTicksPerDay - 1);
    case 3: return chance(0.5) ? uniform(0, 99) : fn::kTicksPerDay - 1 - uniform(0, 99);
    default: return fn::Clock::round_time(uniform(0, fn::kTicksPerDay - 1), fn::kDateTimeKind) % fn::kTicksPerDay;
  }
}

int64_t RandomInputs::random_int(int bits) {
  const int64_t max = bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << (bits - 1)) - 1;
  switch (uniform(0, 3)) {
    case 0: return uniform(-100, 100);
    case 1: return uniform(-100000, 100000);
    case 2: return uniform(-max - 1, max);
    default: return uniform(0, 1) ? max - uniform(0, 3) : -max - 1 + uniform(0, 3);  // the boundaries
  }
}

double RandomInputs::random_double() {
  switch (uniform(0, 4)) {
    case 0: return static_cast<double>(uniform(-1000, 1000)) / 4.0;  // exact halves and quarters
    case 1: return std::uniform_real_distribution<double>(-1e6, 1e6)(rng_);
    case 2: return std::ldexp(std::uniform_real_distribution<double>(-1, 1)(rng_), static_cast<int>(uniform(-1070, 1023)));
    case 3: return std::uniform_real_distribution<double>(-1, 1)(rng_);
    default: return static_cast<double>(uniform(-100, 100)) * 0.01;  // TPC-H-like discounts
  }
}

std::string RandomInputs::random_string() {
  switch (profile_) {
    case TextProfile::Mixed: return mixed_string();
    case TextProfile::Ascii: return ascii_string(0, 12);
    case TextProfile::MostlyAscii: return chance(0.01) ? mixed_string() : ascii_string(0, 12);
    case TextProfile::LongRows:
      if (!chance(0.02)) return ascii_string(0, 12);
      std::string s = ascii_string(60, 400);
      s.resize(std::min<size_t>(s.size(), 600));
      if (chance(0.3)) s.insert(static_cast<size_t>(uniform(0, static_cast<int64_t>(s.size()))), "\xc3\xa9");  // é
      return s;
  }
  return mixed_string();
}

std::string RandomInputs::ascii_string(int64_t min_pieces, int64_t max_pieces) {
  std::string s;
  for (int64_t i = uniform(min_pieces, max_pieces); i > 0; --i) s += kAsciiPieces[uniform(0, std::size(kAsciiPieces) - 1)];
  return s;
}

std::string RandomInputs::mixed_string() {
  if (chance(0.3)) return kSamples[uniform(0, std::size(kSamples) - 1)];
  std::string s;
  const int64_t pieces = chance(0.02) ? uniform(50, 200) : uniform(0, 12);
  for (int64_t i = 0; i < pieces; ++i) s += kPieces[uniform(0, std::size(kPieces) - 1)];
  return s;
}

void RandomInputs::append_random(rt::Column& c) {
  const bool valid = !chance(0.03);
  switch (c.type) {
    case SqlType::Bool: c.append<uint8_t>(static_cast<uint8_t>(uniform(0, 1)), valid); break;
    case SqlType::Int32: c.append<int32_t>(static_cast<int32_t>(random_int(32)), valid); break;
    case SqlType::Date: c.append<int32_t>(random_date(), valid); break;
    case SqlType::Int64:
    case SqlType::Decimal:
    case SqlType::Money: c.append<int64_t>(random_int(64), valid); break;
    case SqlType::Float64: c.append<double>(random_double(), valid); break;
    case SqlType::String: c.append_string(random_string(), valid); break;
    case SqlType::DateTime: c.append<int64_t>(random_datetime(), valid); break;
    case SqlType::Time: c.append<int64_t>(random_time(), valid); break;
    case SqlType::Decimal128: break;  // engine storage only: no kernel takes it
  }
}

void RandomInputs::append_edges(rt::Column& c) {
  switch (c.type) {
    case SqlType::Bool:
      for (uint8_t v : {0, 1}) c.append<uint8_t>(v);
      break;
    case SqlType::Int32:
      for (int32_t v : {0, 1, -1, 2, 7, 12, 31, 366, 9999, 10000, INT32_MIN, INT32_MAX, INT32_MIN + 1})
        c.append<int32_t>(v);
      break;
    case SqlType::Date:
      for (int32_t v : {Calendar::kMinDay, Calendar::kMaxDay, Calendar::kMinDay + 1, Calendar::kMaxDay - 1, 0,
                        Calendar::to_days(2000, 2, 29), Calendar::to_days(1900, 2, 28), Calendar::to_days(2024, 12, 31),
                        Calendar::to_days(2023, 1, 1), Calendar::to_days(9999, 12, 1), Calendar::to_days(1, 12, 31)})
        c.append<int32_t>(v);
      break;
    case SqlType::Int64:
    case SqlType::Decimal:
    case SqlType::Money:
      for (int64_t v : {int64_t(0), int64_t(1), int64_t(-1), int64_t(5), int64_t(-5), int64_t(15), int64_t(-15),
                        int64_t(999999999999999999), int64_t(-999999999999999999), INT64_MAX, INT64_MIN,
                        INT64_MIN + 1, int64_t(922337203685477), int64_t(10000), int64_t(-10000)})
        c.append<int64_t>(v);
      break;
    case SqlType::Float64:
      for (double v : {0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1e308, -1e308, 1.7976931348623157e308, 5e-324, 1e-300,
                       0.1, 0.7, 123456789.125, 9.2233720368547758e18, -9.2233720368547758e18, 2147483647.5,
                       -2147483648.5, 3.141592653589793})
        c.append<double>(v);
      break;
    case SqlType::String:
      for (const char* s : kSamples) c.append_string(s);
      c.append_string(std::string(300, 'x'));
      c.append_string(std::string(100, ' ') + "y" + std::string(100, ' '));
      break;
    case SqlType::DateTime:
      for (int64_t v : {fn::Clock::kMinTicks, fn::Clock::kMaxTicks, int64_t(0), int64_t(-1),
                        fn::Clock::at(fn::Calendar::to_days(1753, 1, 1), 0) - 1,
                        fn::Clock::at(fn::Calendar::to_days(1900, 1, 1), 0),
                        fn::Clock::at(fn::Calendar::to_days(2079, 6, 6), fn::kTicksPerDay - 1),
                        fn::Clock::at(fn::Calendar::to_days(2000, 2, 29), 12 * fn::kTicksPerHour + 5'000'000),
                        fn::Clock::at(fn::Calendar::to_days(9999, 12, 31), fn::kTicksPerDay - 5'000'000)})
        c.append<int64_t>(v);
      break;
    case SqlType::Time:
      for (int64_t v : {int64_t(0), int64_t(1), fn::kTicksPerDay - 1, 12 * fn::kTicksPerHour, fn::kTicksPerDay - 5,
                        fn::kTicksPerDay - 5'000'000, int64_t(299'990'000)})
        c.append<int64_t>(v);
      break;
    case SqlType::Decimal128: break;  // engine storage only: no kernel takes it
  }
  // And one NULL.
  switch (c.type) {
    case SqlType::String: c.append_string("", false); break;
    case SqlType::Float64: c.append<double>(0, false); break;
    default:
      if (fn::type_width(c.type) == 8) c.append<int64_t>(0, false);
      else if (fn::type_width(c.type) == 4) c.append<int32_t>(0, false);
      else c.append<uint8_t>(0, false);
  }
}

rt::Column RandomInputs::column(SqlType type, int64_t rows) {
  rt::Column c;
  c.type = type;
  for (int64_t i = 0; i < rows; ++i) append_random(c);
  append_edges(c);
  return c;
}

// Keys and scalars the JSON generator combines: escapes, multi-byte text, a key that needs quotes in a path.
namespace {
const char* const kJsonKeys[] = {"a", "b", "name", "日本", "first name", "a\\\"b", "caf\\u00e9", "x1"};
const char* const kJsonScalars[] = {"1",         "-0.5e3",  "true",  "false",  "null",  "\"\"",  "\"Bristol\"",
                                    "\"a\\nb\\t\\\"c\\\\\"", "\"\\u00e9\\u65E5\"", "\"\\ud83d\\ude00\"",
                                    "\"\\ud83d\"", "\"日本語\"", "12345678901234567890", "0"};
const char* const kPathKeys[] = {"a", "b", "name", "日本", "\"first name\"", "\"a\\\"b\"", "café", "x1", "zz"};
const char* const kPathModes[] = {"", "", "", "lax ", "strict ", "append ", "append strict ", "LAX "};
}  // namespace

std::string RandomInputs::json_text(int depth) {
  const int64_t kind = depth >= 3 ? 2 : uniform(0, 2);
  std::string s;
  if (kind == 2) return kJsonScalars[uniform(0, std::size(kJsonScalars) - 1)];
  const bool object = kind == 0;
  s += object ? "{" : "[";
  const int64_t n = uniform(0, 3);
  for (int64_t i = 0; i < n; ++i) {
    if (i) s += chance(0.2) ? " , " : ",";
    if (object) s += std::string("\"") + kJsonKeys[uniform(0, std::size(kJsonKeys) - 1)] + (chance(0.2) ? "\" : " : "\":");
    s += json_text(depth + 1);
  }
  s += object ? "}" : "]";
  if (depth == 0 && chance(0.05) && !s.empty()) s.erase(static_cast<size_t>(uniform(0, s.size() - 1)), 1);  // broken
  return s;
}

std::string RandomInputs::json_path() {
  std::string p = kPathModes[uniform(0, std::size(kPathModes) - 1)];
  p += chance(0.02) ? "" : "$";
  const int64_t steps = uniform(0, 3);
  for (int64_t i = 0; i < steps; ++i) {
    if (chance(0.35)) p += chance(0.25) ? std::string("[*]") : "[" + std::to_string(uniform(0, 3)) + "]";  // [*]: JSON_CONTAINS
    else p += std::string(".") + kPathKeys[uniform(0, std::size(kPathKeys) - 1)];
  }
  return p;
}

// The regular-expression functions' arguments (string_regex.cpp): patterns that match the generated strings
// sometimes (and a few that are not valid), flags, replacements with references.
namespace {
const char* const kRegexPatterns[] = {"a",      "[a-z]+",  "\\d+",      "^a",         "e$",      "(a|e)",
                                      "([A-Z])(\\d)?", "a*", "",       ".",          "(?i)é",   "[^ ]+",
                                      "\\w+\\s", "x{2,3}", "(",     "é+",         "\\bB",    "(.)(.)",
                                      "[[:digit:]]", "PROMO|BRAND", ".*?", "a{0}", "[€ß]", "(?i)[a-e]{1,2}",
                                      "(\\d)(\\d)?(\\d)?", "^$", "\\W", "a**"};
const char* const kRegexFlags[] = {"", "i", "c", "m", "s", "ims", "ic", "ci", "x"};
const char* const kRegexReplacements[] = {"", "x", "\\1", "[&]", "\\2\\1", "\\\\", "<\\0>", "\\3-\\1"};
// FORMAT's format strings: .NET standard formats for numbers, dates and TimeSpans (with precisions), custom ones
// (sections, scaling, exponents, literals, per mille), and invalid ones (NULL results).
const char* const kFormatStrings[] = {
    "", "C", "c3", "D", "D8", "E", "e2", "E20", "F", "F0", "f4", "G", "G2", "G17", "g5", "N", "N0", "n3", "P", "P1",
    "R", "X", "x8", "K", "Q2", "N99", "#,##0.00", "0.###E+0", "0.0e-00", "#0.##%", "##;(##);zero", "0;;z",
    "#,##0,,", "[##-##-##]", "'#'0.0", "\\#0", "0\xE2\x80\xB0", "###-##-####", "00000", "#.##", "abc",
    "d", "D", "f", "F", "g", "M", "O", "R", "s", "t", "T", "u", "U", "Y", "dd/MM/yyyy", "yyyy-MM-dd HH:mm:ss.fffffff",
    "dddd, MMMM d, yyyy h:mm tt", "%d", "%h", "ss.FFF", "yy yyy yyyyy gg zzz K", "yyyy'", "fffffffff", "%%",
    "hh\\:mm\\:ss", "hh\\.mm", "hh:mm", "c", "dd\\.hh\\:mm\\:ss\\.FFFFFFF", "%m' min'", "hhh"};
}  // namespace

rt::Column RandomInputs::column(SqlType type, int64_t rows, std::string_view name) {
  // A string argument drawn by name: nine rows in ten from `value()` (3% of those NULL), the others random, then
  // the edge cases.
  auto named = [&](auto&& value) {
    rt::Column c;
    c.type = type;
    for (int64_t i = 0; i < rows; ++i) {
      if (!chance(0.9)) {
        append_random(c);
        continue;
      }
      const std::string v = value();
      c.append_string(v, !chance(0.03));
    }
    append_edges(c);
    return c;
  };
  if (type == SqlType::String && (name == "pattern_expression" || name == "flags" || name == "string_replacement"))
    return named([&]() -> std::string {
      return name == "pattern_expression" ? kRegexPatterns[uniform(0, std::size(kRegexPatterns) - 1)]
             : name == "flags"            ? kRegexFlags[uniform(0, std::size(kRegexFlags) - 1)]
                                          : kRegexReplacements[uniform(0, std::size(kRegexReplacements) - 1)];
    });
  if (type == SqlType::String && name == "format")
    return named([&]() -> std::string { return kFormatStrings[uniform(0, std::size(kFormatStrings) - 1)]; });
  if (type == SqlType::String && (name == "json_expression" || name == "json_path"))
    return named([&]() -> std::string { return name == "json_path" ? json_path() : json_text(); });
  if (name == "search_value" && (type == SqlType::Int64 || type == SqlType::Float64 || type == SqlType::Decimal ||
                                 type == SqlType::Money)) {
    // JSON_CONTAINS's numeric search value: half the rows a number kJsonScalars holds (0, 1, -500: a DECIMAL's 0 at
    // any scale, a MONEY's scaled by 10^4), so that some rows match and its predicate sees both answers.
    rt::Column c;
    c.type = type;
    for (int64_t i = 0; i < rows; ++i) {
      if (!chance(0.5)) {
        append_random(c);
        continue;
      }
      const int64_t pick[] = {0, 1, -500};
      const int64_t v = type == SqlType::Decimal ? 0 : pick[uniform(0, 2)];
      if (type == SqlType::Float64) c.append<double>(static_cast<double>(v), true);
      else c.append<int64_t>(type == SqlType::Money ? v * 10000 : v, true);
    }
    append_edges(c);
    return c;
  }
  int64_t lo = 0, hi = -1;
  if (name == "bit_offset") lo = -2, hi = 65;
  else if (name == "bit_value") lo = -1, hi = 2;
  else if (name == "shift_amount") lo = -70, hi = 70;
  else if (name == "start") lo = 0, hi = 12;          // REGEXP_*: 1-based, 0 an error
  else if (name == "occurrence") lo = -1, hi = 4;
  else if (name == "return_option") lo = -1, hi = 2;
  else if (name == "group") lo = -1, hi = 3;
  if (hi < lo || (type != SqlType::Int32 && type != SqlType::Int64)) return column(type, rows);
  rt::Column c;
  c.type = type;
  for (int64_t i = 0; i < rows; ++i) {
    if (!chance(0.75)) {
      append_random(c);
      continue;
    }
    const int64_t v = uniform(lo, hi);
    const bool valid = !chance(0.03);
    if (type == SqlType::Int32) c.append<int32_t>(static_cast<int32_t>(v), valid);
    else c.append<int64_t>(v, valid);
  }
  append_edges(c);
  return c;
}

int64_t RandomInputs::constant_int(std::string_view name, SqlType type) {
  if (name == "part") return uniform(-1, 15);
  if (name == "kind" || name == "to_kind" || name == "from_kind") return uniform(-1, 10);  // clock.hpp's kinds
  if (name == "digits") return uniform(-1, 8);
  if (name == "style") {
    static const int64_t kStyles[] = {0,  1,  2,  3,  4,  5,  6,  7,   10,  11,  12,  20,  21,  23,  100, 101,
                                      102, 103, 104, 105, 106, 107, 110, 111, 112, 120, 121, 126, 127, 9, 999,
                                      8, 13, 14, 22, 24, 25, 108, 109, 113, 114};
    return kStyles[uniform(0, std::size(kStyles) - 1)];
  }
  if (name == "precision" || name == "p" || name == "p1" || name == "p2") return uniform(1, 18);
  if (name.find("scale") != std::string_view::npos || name == "s" || name == "s1" || name == "s2")
    return uniform(0, 8);
  if (name == "function") return uniform(0, 1);
  if (name == "json_type_constraint") return uniform(-1, 5);
  if (name == "culture") return uniform(-1, 2);  // FORMAT: 0 invariant, 1 en-US, others refused
  if (name == "json_flags") return uniform(0, 127);  // JSON_OBJECT / JSON_ARRAY: ON NULL and three values' kinds
  if (type == SqlType::Bool) return uniform(0, 1);
  return chance(0.1) ? uniform(-5, 400) : uniform(-3, 30);
}

double RandomInputs::constant_float() { return random_double(); }
std::string RandomInputs::constant_string() { return random_string(); }

}  // namespace tessera::test

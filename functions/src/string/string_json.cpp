// SQL Server's JSON functions: ISJSON (with SQL Server 2022's json_type_constraint), JSON_VALUE, JSON_QUERY,
// JSON_PATH_EXISTS (SQL Server 2022) and JSON_MODIFY ("ISJSON (Transact-SQL)", "JSON_VALUE (Transact-SQL)",
// "JSON_QUERY (Transact-SQL)", "JSON_PATH_EXISTS (Transact-SQL)", "JSON_MODIFY (Transact-SQL)", "JSON path
// expressions"). The text is read in one pass with no heap: containers nest at most kJsonMaxDepth deep (a bit
// per level on the stack) and a path has at most kJsonMaxPathSteps steps (parsed per row into a fixed array).
// docs/FUNCTIONS.md ("JSON") lists the choices made where the documentation leaves one.
#include "tessera/functions/json_escape.hpp"
#include "tessera/functions/number_format.hpp"
#include "tessera/functions/number_parse.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/string_match.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::kJsonMaxDepth;
using tessera::fn::kJsonMaxPathSteps;
using tessera::fn::kJsonNotObjectOrArray;
using tessera::fn::kJsonNotScalar;
using tessera::fn::kJsonPathInvalid;
using tessera::fn::kJsonPropertyNotFound;
using tessera::fn::kJsonTextInvalid;
using tessera::fn::kJsonValueTooLong;
using tessera::fn::kNull;
using tessera::fn::kOk;
using tessera::fn::NumberFormat;
using tessera::fn::NumberParse;
using tessera::fn::SessionContext;
using tessera::fn::StringMatcher;
using tessera::fn::Utf8;

namespace {
constexpr int32_t kJsonValueMaxChars = 4000;  // JSON_VALUE returns nvarchar(4000)

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
int32_t skip_ws(const char* s, int32_t len, int32_t pos) {
  while (pos < len && is_ws(s[pos])) ++pos;
  return pos;
}

// The value of four hex digits at s[pos..], or -1.
int32_t hex4(const char* s, int32_t len, int32_t pos) {
  if (pos + 4 > len) return -1;
  int32_t v = 0;
  for (int32_t i = 0; i < 4; ++i) {
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

// ---- checking the text (RFC 8259) ----

// A string whose opening quote is s[pos]: the position after its closing quote, or -1 if it is not a valid JSON
// string (an unescaped control character, an unknown escape, a \u without four hex digits, no closing quote).
int32_t scan_string(const char* s, int32_t len, int32_t pos) {
  ++pos;
  while (pos < len) {
    const unsigned char c = static_cast<unsigned char>(s[pos]);
    if (c == '"') return pos + 1;
    if (c < 0x20) return -1;
    if (c != '\\') {
      ++pos;
      continue;
    }
    if (pos + 1 >= len) return -1;
    const char e = s[pos + 1];
    if (e == 'u') {
      if (hex4(s, len, pos + 2) < 0) return -1;
      pos += 6;
    } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
      pos += 2;
    } else {
      return -1;
    }
  }
  return -1;
}

// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? at s[pos]: the position after it, or -1.
int32_t scan_number(const char* s, int32_t len, int32_t pos) {
  if (pos < len && s[pos] == '-') ++pos;
  if (pos >= len) return -1;
  if (s[pos] == '0') {
    ++pos;
  } else if (s[pos] >= '1' && s[pos] <= '9') {
    while (pos < len && is_digit(s[pos])) ++pos;
  } else {
    return -1;
  }
  if (pos < len && s[pos] == '.') {
    const int32_t first = ++pos;
    while (pos < len && is_digit(s[pos])) ++pos;
    if (pos == first) return -1;
  }
  if (pos < len && (s[pos] == 'e' || s[pos] == 'E')) {
    ++pos;
    if (pos < len && (s[pos] == '+' || s[pos] == '-')) ++pos;
    const int32_t first = pos;
    while (pos < len && is_digit(s[pos])) ++pos;
    if (pos == first) return -1;
  }
  return pos;
}

int32_t scan_literal(const char* s, int32_t len, int32_t pos, const char* word, int32_t word_len) {
  if (pos + word_len > len) return -1;
  for (int32_t i = 0; i < word_len; ++i)
    if (s[pos + i] != word[i]) return -1;
  return pos + word_len;
}

// A string, number, true, false or null at s[pos]: the position after it, or -1.
int32_t scan_scalar(const char* s, int32_t len, int32_t pos) {
  if (pos >= len) return -1;
  switch (s[pos]) {
    case '"': return scan_string(s, len, pos);
    case 't': return scan_literal(s, len, pos, "true", 4);
    case 'f': return scan_literal(s, len, pos, "false", 5);
    case 'n': return scan_literal(s, len, pos, "null", 4);
    default: return scan_number(s, len, pos);
  }
}

// An object member's key at s[pos] and its colon: the position of the member's value, or -1.
int32_t scan_key(const char* s, int32_t len, int32_t pos) {
  if (pos >= len || s[pos] != '"') return -1;
  pos = scan_string(s, len, pos);
  if (pos < 0) return -1;
  pos = skip_ws(s, len, pos);
  if (pos >= len || s[pos] != ':') return -1;
  return skip_ws(s, len, pos + 1);
}

// The value at s[pos] (no white space before it) with everything nested in it, checked: the position after it,
// or -1 if it is not valid JSON. `depth` containers are open around it; more than kJsonMaxDepth in all are
// refused. One pass, no recursion: a bit per open container says whether it is an object.
int32_t skip_value(const char* s, int32_t len, int32_t pos, int32_t depth) {
  uint32_t is_object[kJsonMaxDepth / 32] = {};
  int32_t top = 0;  // containers opened here
  for (;;) {
    if (pos >= len) return -1;
    const char c = s[pos];
    if (c == '{' || c == '[') {
      if (depth + top >= kJsonMaxDepth) return -1;
      const uint32_t bit = 1u << (top % 32);
      if (c == '{') is_object[top / 32] |= bit;
      else is_object[top / 32] &= ~bit;
      ++top;
      pos = skip_ws(s, len, pos + 1);
      if (pos < len && s[pos] == (c == '{' ? '}' : ']')) {
        --top;
        ++pos;
      } else {
        if (c == '{') pos = scan_key(s, len, pos);
        if (pos < 0) return -1;
        continue;  // the container's first value
      }
    } else {
      pos = scan_scalar(s, len, pos);
      if (pos < 0) return -1;
    }
    // After a value: close containers until one goes on with a comma.
    for (;;) {
      if (top == 0) return pos;
      pos = skip_ws(s, len, pos);
      if (pos >= len) return -1;
      const bool object = (is_object[(top - 1) / 32] >> ((top - 1) % 32)) & 1u;
      if (s[pos] == ',') {
        pos = skip_ws(s, len, pos + 1);
        if (object) pos = scan_key(s, len, pos);
        if (pos < 0) return -1;
        break;
      }
      if (s[pos] != (object ? '}' : ']')) return -1;
      --top;
      ++pos;
    }
  }
}

// Whether the whole text is one JSON value with only white space around it; its first byte's position in *first.
bool valid_json(const char* s, int32_t len, int32_t* first) {
  const int32_t pos = skip_ws(s, len, 0);
  *first = pos;
  if (pos >= len) return false;
  const int32_t end = skip_value(s, len, pos, 0);
  return end >= 0 && skip_ws(s, len, end) == len;
}

// ---- strings: decoding escapes ----

// The escape sequence at s[*pos] (a backslash, checked by scan_string) as a code point; *pos moves past it.
// A high surrogate followed by an escaped low one is one character; a lone surrogate is U+FFFD (UTF-8 cannot
// hold it).
uint32_t decode_escape(const char* s, int32_t end, int32_t* pos) {
  const char e = s[*pos + 1];
  *pos += 2;
  switch (e) {
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'u': break;
    default: return static_cast<unsigned char>(e);  // " \ /
  }
  const uint32_t unit = static_cast<uint32_t>(hex4(s, end, *pos));
  *pos += 4;
  if (unit >= 0xDC00 && unit <= 0xDFFF) return Utf8::kReplacement;
  if (unit < 0xD800 || unit > 0xDBFF) return unit;
  if (*pos + 6 <= end && s[*pos] == '\\' && s[*pos + 1] == 'u') {
    const int32_t low = hex4(s, end, *pos + 2);
    if (low >= 0xDC00 && low <= 0xDFFF) {
      *pos += 6;
      return 0x10000 + ((unit - 0xD800) << 10) + (static_cast<uint32_t>(low) - 0xDC00);
    }
  }
  return Utf8::kReplacement;
}

// The UTF-8 bytes of a string's characters one at a time, escapes decoded (or not: a path's unquoted key).
struct Decoder {
  const char* s;
  int32_t pos;
  int32_t end;
  bool escapes;
  char buf[4] = {};
  int32_t buf_len = 0;
  int32_t buf_pos = 0;

  // The next byte, or -1 at the end.
  int32_t next() {
    if (buf_pos < buf_len) return static_cast<unsigned char>(buf[buf_pos++]);
    if (pos >= end) return -1;
    const char c = s[pos];
    if (!escapes || c != '\\') {
      ++pos;
      return static_cast<unsigned char>(c);
    }
    buf_len = Utf8::encode(decode_escape(s, end, &pos), buf);
    buf_pos = 1;
    return static_cast<unsigned char>(buf[0]);
  }
};

// ---- paths ----

constexpr int32_t kWildcard = -2;  // PathStep::index of `[*]` (JSON_CONTAINS only)

struct PathStep {
  int32_t index;    // an array index, kWildcard, or -1 for a key
  int32_t key_pos;  // the key in the path text: without its quotes, escapes not decoded
  int32_t key_len;
  bool quoted;
};

struct Path {
  bool strict = false;
  bool append = false;  // JSON_MODIFY's `append`
  int32_t steps = 0;
  PathStep step[kJsonMaxPathSteps];
};

bool starts_with_word(const char* p, int32_t len, int32_t pos, const char* word, int32_t word_len) {
  if (pos + word_len >= len) return false;  // a mode is followed by white space and the path
  for (int32_t i = 0; i < word_len; ++i)
    if (p[pos + i] != word[i]) return false;
  return is_ws(p[pos + word_len]);
}

bool is_key_char(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(static_cast<char>(c)) || c == '_' ||
         c == '$' || c >= 0x80;
}

// `[append] [lax | strict] $` followed by `.key`, `."key"` and `[n]` steps (and `[*]` where allow_wildcard). kOk, or kJsonPathInvalid (Msg 13607)
// for anything else, and past kJsonMaxPathSteps steps.
int32_t parse_path(const char* p, int32_t len, bool allow_append, Path* path, bool allow_wildcard = false) {
  int32_t pos = 0;
  if (allow_append && starts_with_word(p, len, pos, "append", 6)) {
    path->append = true;
    pos = skip_ws(p, len, pos + 6);
  }
  if (starts_with_word(p, len, pos, "lax", 3)) {
    pos = skip_ws(p, len, pos + 3);
  } else if (starts_with_word(p, len, pos, "strict", 6)) {
    path->strict = true;
    pos = skip_ws(p, len, pos + 6);
  }
  if (pos >= len || p[pos] != '$') return kJsonPathInvalid;
  ++pos;
  while (pos < len) {
    if (path->steps == kJsonMaxPathSteps) return kJsonPathInvalid;
    PathStep& st = path->step[path->steps++];
    if (p[pos] == '.') {
      ++pos;
      st.index = -1;
      if (pos < len && p[pos] == '"') {
        const int32_t end = scan_string(p, len, pos);
        if (end < 0) return kJsonPathInvalid;
        st.quoted = true;
        st.key_pos = pos + 1;
        st.key_len = end - 1 - st.key_pos;
        pos = end;
      } else {
        // An unquoted key: letters, digits, '_', '$' (not first) and non-ASCII characters.
        st.quoted = false;
        st.key_pos = pos;
        while (pos < len && is_key_char(static_cast<unsigned char>(p[pos]))) ++pos;
        st.key_len = pos - st.key_pos;
        if (st.key_len == 0 || p[st.key_pos] == '$' || is_digit(p[st.key_pos])) return kJsonPathInvalid;
      }
    } else if (p[pos] == '[') {
      pos = skip_ws(p, len, pos + 1);
      if (allow_wildcard && pos < len && p[pos] == '*') {  // JSON_CONTAINS's `[*]`: every element
        pos = skip_ws(p, len, pos + 1);
        if (pos >= len || p[pos] != ']') return kJsonPathInvalid;
        ++pos;
        st.index = kWildcard;
        st.key_pos = st.key_len = 0;
        st.quoted = false;
        continue;
      }
      const int32_t first = pos;
      int64_t index = 0;
      while (pos < len && is_digit(p[pos])) {
        index = index * 10 + (p[pos] - '0');
        if (index > 0x7FFFFFFF) return kJsonPathInvalid;
        ++pos;
      }
      pos = skip_ws(p, len, pos);
      if (pos == first || pos >= len || p[pos] != ']') return kJsonPathInvalid;
      ++pos;
      st.index = static_cast<int32_t>(index);
      st.key_pos = st.key_len = 0;
      st.quoted = false;
    } else {
      return kJsonPathInvalid;
    }
  }
  return kOk;
}

// Whether the document's key (the bytes between its quotes) is the step's key, both decoded.
bool key_matches(const char* s, int32_t key_pos, int32_t key_end, const char* p, const PathStep& st) {
  Decoder a{s, key_pos, key_end, true};
  Decoder b{p, st.key_pos, st.key_pos + st.key_len, st.quoted};
  for (;;) {
    const int32_t x = a.next();
    if (x != b.next()) return false;
    if (x < 0) return true;
  }
}

// ---- finding a path's value ----

enum class Outcome { Found, Missing, Invalid };

struct Hit {
  int32_t start = 0;         // the value found: [start, end)
  int32_t end = 0;
  int32_t member_start = 0;  // its key's opening quote in an object, else start
  bool in_object = false;    // a member of an object (not an array element, not the root)
  bool has_previous = false;  // not its container's first member or element
  int32_t previous_end = 0;  // the end of the previous member's value
  int32_t missing_close = -1;  // Missing, the last step a key: the '}' of the object that lacks it
};

// Follows the path from the text's value in one pass. Found: the value is complete and valid, and so is the
// text before it; the text after it is not read (SQL Server's "before it finds the value"). Missing: no such
// value, or a step of the wrong kind (a key on an array, an index on a scalar); the whole text has been checked.
Outcome locate(const char* s, int32_t len, const char* p, const Path& path, Hit* hit) {
  int32_t first = 0;
  int32_t pos = skip_ws(s, len, 0);
  if (pos >= len) return Outcome::Invalid;
  hit->member_start = pos;
  for (int32_t d = 0; d < path.steps; ++d) {
    const PathStep& st = path.step[d];
    const bool want_object = st.index < 0;
    if (s[pos] != (want_object ? '{' : '[')) return valid_json(s, len, &first) ? Outcome::Missing : Outcome::Invalid;
    const char close = want_object ? '}' : ']';
    pos = skip_ws(s, len, pos + 1);
    bool found = false;
    bool has_previous = false;
    int32_t previous_end = 0;
    int32_t count = 0;
    if (pos < len && s[pos] == close) {
      if (want_object) hit->missing_close = d + 1 == path.steps ? pos : -1;
    } else {
      for (;;) {
        const int32_t member_start = pos;
        bool match = false;
        if (want_object) {
          if (pos >= len || s[pos] != '"') return Outcome::Invalid;
          const int32_t key_end = scan_string(s, len, pos);
          if (key_end < 0) return Outcome::Invalid;
          match = key_matches(s, pos + 1, key_end - 1, p, st);
          pos = scan_key(s, len, pos);
          if (pos < 0) return Outcome::Invalid;
        } else {
          match = count == st.index;
        }
        if (match) {
          hit->member_start = member_start;
          hit->in_object = want_object;
          hit->has_previous = has_previous;
          hit->previous_end = previous_end;
          found = true;
          break;
        }
        const int32_t end = skip_value(s, len, pos, d + 1);
        if (end < 0) return Outcome::Invalid;
        has_previous = true;
        previous_end = end;
        ++count;
        pos = skip_ws(s, len, end);
        if (pos >= len) return Outcome::Invalid;
        if (s[pos] == ',') {
          pos = skip_ws(s, len, pos + 1);
          continue;
        }
        if (s[pos] != close) return Outcome::Invalid;
        if (want_object) hit->missing_close = d + 1 == path.steps ? pos : -1;
        break;
      }
    }
    if (!found) return valid_json(s, len, &first) ? Outcome::Missing : Outcome::Invalid;
  }
  hit->start = pos;
  hit->end = skip_value(s, len, pos, path.steps);
  return hit->end < 0 ? Outcome::Invalid : Outcome::Found;
}

// Whether a scalar found is followed by what may follow a value (`01` or `1x` are not numbers).
bool ends_cleanly(const char* s, int32_t len, int32_t end) {
  const int32_t pos = skip_ws(s, len, end);
  return pos >= len || s[pos] == ',' || s[pos] == '}' || s[pos] == ']';
}

bool is_container(char c) { return c == '{' || c == '['; }

// JSON_VALUE's and JSON_QUERY's common part: the value at the path, or a status.
int32_t find_value(const char* json, int32_t json_len, const char* path_text, int32_t path_len, Path* path,
                   Hit* hit) {
  const int32_t st = parse_path(path_text, path_len, false, path);
  if (st != kOk) return st;
  switch (locate(json, json_len, path_text, *path, hit)) {
    case Outcome::Invalid: return kJsonTextInvalid;
    case Outcome::Missing: return path->strict ? kJsonPropertyNotFound : kNull;
    case Outcome::Found: break;
  }
  if (!is_container(json[hit->start]) && !ends_cleanly(json, json_len, hit->end)) return kJsonTextInvalid;
  return kOk;
}

// ---- JSON_MODIFY's output ----

struct Writer {
  char* out;
  int32_t n = 0;
  void bytes(const char* s, int32_t len) {
    for (int32_t i = 0; i < len; ++i) out[n++] = s[i];
  }
  void byte(char c) { out[n++] = c; }
  // A SQL string as a JSON string: quoted, with STRING_ESCAPE(.., 'json')'s escapes (json_escape.hpp; '/' as is
  // unless solidus, then as FOR JSON writes it: \/).
  void quoted(const char* s, int32_t len, bool solidus = false) {
    byte('"');
    for (int32_t i = 0; i < len; ++i) n += tessera::fn::json_escape_byte(static_cast<unsigned char>(s[i]), solidus, out + n);
    byte('"');
  }
};

// How JSON_MODIFY writes the new value: a quoted string, a number's text, or JSON text as it is.
enum class ValueKind { String, Raw };

void write_value(Writer& w, ValueKind kind, const char* v, int32_t v_len, bool v_null) {
  if (v_null) w.bytes("null", 4);
  else if (kind == ValueKind::String) w.quoted(v, v_len);
  else w.bytes(v, v_len);
}

// The position after the last byte before `close` that is not white space (the last value, or the opening
// bracket of an empty container).
int32_t before_close(const char* s, int32_t close) {
  int32_t pos = close;
  while (pos > 0 && is_ws(s[pos - 1])) --pos;
  return pos;
}

// No change: the text as it is.
int32_t unchanged(Writer& w, const char* json, int32_t json_len, int32_t* out_len) {
  w.bytes(json, json_len);
  *out_len = w.n;
  return kOk;
}

int32_t json_modify(char* out, int32_t* out_len, const char* json, int32_t json_len, bool json_null,
                    const char* path_text, int32_t path_len, bool path_null, ValueKind kind, const char* v,
                    int32_t v_len, bool v_null) {
  if (json_null || path_null) return kNull;
  int32_t first = 0;
  if (!valid_json(json, json_len, &first)) return kJsonTextInvalid;
  Path path;
  const int32_t st = parse_path(path_text, path_len, true, &path);
  if (st != kOk) return st;
  if (path.steps == 0 && !path.append) return kJsonPathInvalid;  // the root itself is not a property
  Hit hit;
  const Outcome outcome = locate(json, json_len, path_text, path, &hit);
  if (outcome == Outcome::Invalid) return kJsonTextInvalid;
  Writer w{out};
  const bool lax_null = v_null && !path.strict;
  if (path.append) {
    if (outcome == Outcome::Found && json[hit.start] == '[') {
      if (lax_null) return unchanged(w, json, json_len, out_len);
      const int32_t at = before_close(json, hit.end - 1);
      w.bytes(json, at);
      if (json[at - 1] != '[') w.byte(',');
      write_value(w, kind, v, v_len, v_null);
      w.bytes(json + at, json_len - at);
      *out_len = w.n;
      return kOk;
    }
    if (outcome == Outcome::Missing && hit.missing_close >= 0 && !path.strict) {
      // lax: a missing key becomes an array of the value.
      if (v_null) return unchanged(w, json, json_len, out_len);
      const PathStep& key = path.step[path.steps - 1];
      const int32_t at = before_close(json, hit.missing_close);
      w.bytes(json, at);
      if (json[at - 1] != '{') w.byte(',');
      w.byte('"');
      w.bytes(path_text + key.key_pos, key.key_len);
      w.bytes("\":[", 3);
      write_value(w, kind, v, v_len, false);
      w.byte(']');
      w.bytes(json + at, json_len - at);
      *out_len = w.n;
      return kOk;
    }
    return path.strict ? kJsonPropertyNotFound : unchanged(w, json, json_len, out_len);
  }
  if (outcome == Outcome::Found) {
    if (lax_null && hit.in_object) {
      // Delete the member with the comma before it (or after it, for the first member).
      int32_t from = hit.member_start;
      int32_t to = hit.end;
      if (hit.has_previous) {
        from = hit.previous_end;
      } else {
        const int32_t next = skip_ws(json, json_len, hit.end);
        if (next < json_len && json[next] == ',') to = skip_ws(json, json_len, next + 1);
      }
      w.bytes(json, from);
      w.bytes(json + to, json_len - to);
      *out_len = w.n;
      return kOk;
    }
    // Replace the value (an array element set to NULL becomes null).
    w.bytes(json, hit.start);
    write_value(w, kind, v, v_len, v_null);
    w.bytes(json + hit.end, json_len - hit.end);
    *out_len = w.n;
    return kOk;
  }
  if (path.strict) return kJsonPropertyNotFound;
  if (v_null || hit.missing_close < 0) return unchanged(w, json, json_len, out_len);
  // lax: insert the key into the object that lacks it, after its last member.
  const PathStep& key = path.step[path.steps - 1];
  const int32_t at = before_close(json, hit.missing_close);
  w.bytes(json, at);
  if (json[at - 1] != '{') w.byte(',');
  w.byte('"');
  w.bytes(path_text + key.key_pos, key.key_len);
  w.bytes("\":", 2);
  write_value(w, kind, v, v_len, false);
  w.bytes(json + at, json_len - at);
  *out_len = w.n;
  return kOk;
}

}  // namespace

// ISJSON(expression): 1 for a valid JSON object or array (white space around it allowed), else 0.
// ISJSON(expression, type): type 1 VALUE (any JSON value), 2 ARRAY, 3 OBJECT, 4 SCALAR (a string or a number;
// true, false and null are not scalars here, as the page's table says).
TESSERA_ROW_FN int32_t tsf_isjson_type(int32_t* out, const char* s, int32_t s_len, int32_t type) {
  int32_t first = 0;
  if (!valid_json(s, s_len, &first)) {
    *out = 0;
    return kOk;
  }
  const char c = s[first];
  bool ok = false;
  switch (type) {
    case tessera::fn::kJsonTypeValue: ok = true; break;
    case tessera::fn::kJsonTypeArray: ok = c == '['; break;
    case tessera::fn::kJsonTypeObject: ok = c == '{'; break;
    case tessera::fn::kJsonTypeScalar: ok = c == '"' || c == '-' || is_digit(c); break;
    default: ok = c == '{' || c == '['; break;
  }
  *out = ok ? 1 : 0;
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_isjson(int32_t* out, const char* s, int32_t s_len) {
  return tsf_isjson_type(out, s, s_len, tessera::fn::kJsonTypeObjectOrArray);
}

// JSON_VALUE(expression, path): the scalar at the path as text (a string with its escapes decoded, a number as
// written, true or false); null, and in lax mode a missing value, an object, an array or a string of more than
// 4000 characters, give NULL; strict mode fails on those with Msg 13608, 13623, 13625.
TESSERA_ROW_FN int32_t tsf_json_value(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                      const char* path_text, int32_t path_len) {
  Path path;
  Hit hit;
  const int32_t st = find_value(json, json_len, path_text, path_len, &path, &hit);
  if (st != kOk) return st;
  const char c = json[hit.start];
  if (is_container(c)) return path.strict ? kJsonNotScalar : kNull;
  if (c == 'n') return kNull;
  if (c != '"') {
    for (int32_t i = hit.start; i < hit.end; ++i) out[i - hit.start] = json[i];
    *out_len = hit.end - hit.start;
    return kOk;
  }
  Decoder d{json, hit.start + 1, hit.end - 1, true};
  int32_t n = 0;
  int32_t chars = 0;
  for (int32_t b = d.next(); b >= 0; b = d.next()) {
    if (!Utf8::is_continuation(static_cast<uint8_t>(b)) && ++chars > kJsonValueMaxChars)
      return path.strict ? kJsonValueTooLong : kNull;
    out[n++] = static_cast<char>(b);
  }
  *out_len = n;
  return kOk;
}

// JSON_QUERY(expression, path): the object or array at the path, as written; a scalar, and in lax mode a
// missing value, give NULL; strict mode fails on those with Msg 13624, 13608.
TESSERA_ROW_FN int32_t tsf_json_query(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                      const char* path_text, int32_t path_len) {
  Path path;
  Hit hit;
  const int32_t st = find_value(json, json_len, path_text, path_len, &path, &hit);
  if (st != kOk) return st;
  if (!is_container(json[hit.start])) return path.strict ? kJsonNotObjectOrArray : kNull;
  for (int32_t i = hit.start; i < hit.end; ++i) out[i - hit.start] = json[i];
  *out_len = hit.end - hit.start;
  return kOk;
}

// JSON_QUERY(expression): the path '$'.
TESSERA_ROW_FN int32_t tsf_json_query_root(char* out, int32_t* out_len, const char* json, int32_t json_len) {
  return tsf_json_query(out, out_len, json, json_len, "$", 1);
}

// JSON_PATH_EXISTS(value, path): 1 if the path has a value (JSON null included), else 0; text that is not valid
// JSON before the value is 0 (the page: the function returns no errors). A path that is not valid is Msg 13607.
TESSERA_ROW_FN int32_t tsf_json_path_exists(int32_t* out, const char* json, int32_t json_len, const char* path_text,
                                            int32_t path_len) {
  Path path;
  Hit hit;
  const int32_t st = find_value(json, json_len, path_text, path_len, &path, &hit);
  if (st == kJsonPathInvalid) return st;
  *out = st == kOk ? 1 : 0;
  return kOk;
}

// JSON_MODIFY(expression, path, newValue) with a string newValue: written as a JSON string, escaped.
TESSERA_ROW_FN int32_t tsf_json_modify(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                       uint8_t json_null, const char* path_text, int32_t path_len, uint8_t path_null,
                                       const char* v, int32_t v_len, uint8_t v_null) {
  return json_modify(out, out_len, json, json_len, json_null != 0, path_text, path_len, path_null != 0,
                     ValueKind::String, v, v_len, v_null != 0);
}

// JSON_MODIFY with newValue JSON text (JSON_QUERY's or JSON_MODIFY's result): written as it is.
TESSERA_ROW_FN int32_t tsf_json_modify_json(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                            uint8_t json_null, const char* path_text, int32_t path_len,
                                            uint8_t path_null, const char* v, int32_t v_len, uint8_t v_null) {
  return json_modify(out, out_len, json, json_len, json_null != 0, path_text, path_len, path_null != 0,
                     ValueKind::Raw, v, v_len, v_null != 0);
}

// JSON_MODIFY with an integer newValue: written as a JSON number.
TESSERA_ROW_FN int32_t tsf_json_modify_bigint(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                              uint8_t json_null, const char* path_text, int32_t path_len,
                                              uint8_t path_null, int64_t v, uint8_t v_null) {
  char digits[24];
  const int32_t n = NumberFormat::write_int(digits, v);
  return json_modify(out, out_len, json, json_len, json_null != 0, path_text, path_len, path_null != 0,
                     ValueKind::Raw, digits, n, v_null != 0);
}

// JSON_MODIFY with a BIT newValue: true or false.
TESSERA_ROW_FN int32_t tsf_json_modify_bit(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                           uint8_t json_null, const char* path_text, int32_t path_len,
                                           uint8_t path_null, uint8_t v, uint8_t v_null) {
  return json_modify(out, out_len, json, json_len, json_null != 0, path_text, path_len, path_null != 0,
                     ValueKind::Raw, v ? "true" : "false", v ? 4 : 5, v_null != 0);
}

// JSON_MODIFY with a DECIMAL(p, s) newValue: a JSON number with s fraction digits (49.99).
TESSERA_ROW_FN int32_t tsf_json_modify_decimal(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                               uint8_t json_null, const char* path_text, int32_t path_len,
                                               uint8_t path_null, int64_t v, uint8_t v_null, int32_t p, int32_t s) {
  if (s < 0 || s > 18) return tessera::fn::kInvalidArgument;  // the binder gives a DECIMAL(p <= 18, s)'s scale
  char digits[NumberFormat::kMaxDecimalLen + 2];
  const int32_t n = NumberFormat::write_decimal(digits, v, s);
  return json_modify(out, out_len, json, json_len, json_null != 0, path_text, path_len, path_null != 0,
                     ValueKind::Raw, digits, n, v_null != 0);
}

// JSON_MODIFY with a FLOAT newValue: a JSON number as CONVERT(varchar, x, 2) writes it (16 significant digits,
// 4.999000000000000e+001).
TESSERA_ROW_FN int32_t tsf_json_modify_float(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                             uint8_t json_null, const char* path_text, int32_t path_len,
                                             uint8_t path_null, double v, uint8_t v_null) {
  char digits[NumberFormat::kMaxFloatLen + 2];
  int32_t n = 0;
  if (v_null == 0) {
    const int32_t st = NumberFormat::write_float(digits, &n, v, 2);
    if (st != kOk) return st;
  }
  return json_modify(out, out_len, json, json_len, json_null != 0, path_text, path_len, path_null != 0,
                     ValueKind::Raw, digits, n, v_null != 0);
}

// ---- JSON_CONTAINS (SQL Server 2025) ----
// JSON_CONTAINS(target, search_value [, path [, search_mode]]): 1 if a scalar at the path (each element of a `[*]`
// step) equals the search value, compared by the search value's SQL type: a string with a JSON string (the
// collation's equality, or LIKE with search_mode 1), a number with a JSON number (exactly), a BIT with true or
// false. An object or an array at the path contains no scalar (the page's limitation: a path to an array needs a
// wildcard). No value at the path: NULL (lax) or Msg 13608 (strict).

namespace {

// What the search compares each scalar found with.
struct SearchValue {
  enum class Kind { String, Exact, Float, Bit } kind;
  const char* s = nullptr;  // String
  int32_t s_len = 0;
  bool like = false;
  bool ci = false;
  bool negative = false;  // Exact: (negative ? -1 : 1) * magnitude * 10^-scale
  uint64_t magnitude = 0;
  int32_t scale = 0;
  double f = 0;  // Float
  bool bit = false;
};

// An exact number's search value: `value` * 10^-scale (BIGINT: scale 0, MONEY: 4, DECIMAL: its scale).
SearchValue exact_search_value(int64_t value, int32_t scale) {
  SearchValue v{SearchValue::Kind::Exact};
  v.negative = value < 0;
  v.magnitude = value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  v.scale = scale;
  return v;
}

// The next code point of a decoded JSON string (`d`), or -1 at its end.
int64_t next_code_point(Decoder& d) {
  const int32_t first = d.next();
  if (first < 0) return -1;
  char bytes[4] = {static_cast<char>(first)};
  const int32_t size = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1;
  int32_t n = 1;
  while (n < size) {
    const int32_t b = d.next();
    if (b < 0) break;
    bytes[n++] = static_cast<char>(b);
  }
  return Utf8::decode(bytes, n, 0).cp;
}

// The engine's string equality: code points (upper case under a case-insensitive collation), trailing spaces
// ignored. The JSON string is [start, end) without its quotes, escapes decoded as it is read.
bool string_equals(const char* s, int32_t start, int32_t end, const SearchValue& v) {
  Decoder d{s, start, end, true};
  int32_t i = 0;
  for (;;) {
    const int64_t a = next_code_point(d);
    if (a < 0 || i >= v.s_len) {
      // One side has ended: the rest of the other must be spaces.
      if (a >= 0 && a != ' ') return false;
      for (int64_t c = a >= 0 ? next_code_point(d) : -1; c >= 0; c = next_code_point(d))
        if (c != ' ') return false;
      for (; i < v.s_len; ++i)
        if (v.s[i] != ' ') return false;
      return true;
    }
    const tessera::fn::CodePoint b = Utf8::decode(v.s, v.s_len, i);
    i += b.size;
    const uint32_t x = static_cast<uint32_t>(a);
    if ((v.ci ? Utf8::to_upper(x) : x) != (v.ci ? Utf8::to_upper(b.cp) : b.cp)) return false;
  }
}

// A JSON string with escapes is decoded into a buffer of this many bytes for LIKE; longer is Msg 8116.
constexpr int32_t kJsonLikeMaxBytes = 1024;

// `json_string LIKE search_value`: kOk with *match, or kStringTooLong.
int32_t string_like(const char* s, int32_t start, int32_t end, const SearchValue& v, bool* match) {
  const tessera::fn::LikePattern pattern(v.s, v.s_len, tessera::fn::StringMatcher(v.ci));
  bool escaped = false;
  for (int32_t i = start; i < end; ++i) escaped = escaped || s[i] == '\\';
  if (!escaped) {
    *match = pattern.match(s + start, end - start, 0, 0, true);
    return kOk;
  }
  char buf[kJsonLikeMaxBytes];
  int32_t n = 0;
  Decoder d{s, start, end, true};
  for (int32_t b = d.next(); b >= 0; b = d.next()) {
    if (n == kJsonLikeMaxBytes) return tessera::fn::kStringTooLong;
    buf[n++] = static_cast<char>(b);
  }
  *match = pattern.match(buf, n, 0, 0, true);
  return kOk;
}

// Whether the JSON number [start, end) (checked by scan_number) is exactly the search value.
bool number_equals(const char* s, int32_t start, int32_t end, const SearchValue& v) {
  int32_t pos = start;
  const bool negative = s[pos] == '-';
  if (negative) ++pos;
  // The mantissa's digits, without the point: D of them, the last frac_len after the point.
  int32_t mantissa_end = pos;
  while (mantissa_end < end && (is_digit(s[mantissa_end]) || s[mantissa_end] == '.')) ++mantissa_end;
  int64_t exponent = 0;
  if (mantissa_end < end) {  // e or E
    int32_t e = mantissa_end + 1;
    bool e_negative = false;
    if (s[e] == '+' || s[e] == '-') e_negative = s[e++] == '-';
    for (; e < end; ++e)
      if (exponent < 1000000000) exponent = exponent * 10 + (s[e] - '0');
    if (e_negative) exponent = -exponent;
  }
  int32_t first_nonzero = -1, last_nonzero = -1;  // positions in the text
  int32_t frac_len = 0;
  int32_t digits_after_last = 0;  // digits after the last non-zero one
  bool after_point = false;
  for (int32_t i = pos; i < mantissa_end; ++i) {
    if (s[i] == '.') {
      after_point = true;
      continue;
    }
    if (after_point) ++frac_len;
    if (s[i] != '0') {
      if (first_nonzero < 0) first_nonzero = i;
      last_nonzero = i;
      digits_after_last = 0;
    } else {
      ++digits_after_last;
    }
  }
  if (first_nonzero < 0) return v.magnitude == 0;  // zero (-0 too)
  if (v.magnitude == 0 || negative != v.negative) return false;
  // The search value's digits, trailing zeros dropped into its exponent.
  char digits[20];
  int32_t nd = 0;
  int64_t v_exponent = -v.scale;
  uint64_t m = v.magnitude;
  while (m % 10 == 0) {
    m /= 10;
    ++v_exponent;
  }
  char reversed[20];
  while (m != 0) {
    reversed[nd++] = static_cast<char>('0' + m % 10);
    m /= 10;
  }
  for (int32_t i = 0; i < nd; ++i) digits[i] = reversed[nd - 1 - i];
  // The JSON number's last significant digit is worth 10^(exponent - frac_len + digits_after_last).
  if (exponent - frac_len + digits_after_last != v_exponent) return false;
  int32_t k = 0;
  for (int32_t i = first_nonzero; i <= last_nonzero; ++i) {
    if (s[i] == '.') continue;
    if (k == nd || s[i] != digits[k]) return false;
    ++k;
  }
  return k == nd;
}

// Whether the scalar at [start, end) is the search value; kOk, or a status (LIKE's buffer).
int32_t scalar_contains(const char* s, int32_t start, int32_t end, const SearchValue& v, bool* match) {
  *match = false;
  const char c = s[start];
  switch (v.kind) {
    case SearchValue::Kind::String:
      if (c != '"') return kOk;
      if (v.like) return string_like(s, start + 1, end - 1, v, match);
      *match = string_equals(s, start + 1, end - 1, v);
      return kOk;
    case SearchValue::Kind::Exact:
      *match = (c == '-' || is_digit(c)) && number_equals(s, start, end, v);
      return kOk;
    case SearchValue::Kind::Float: {
      if (c != '-' && !is_digit(c)) return kOk;
      double x = 0;
      *match = NumberParse::floating(s + start, end - start, &x) == kOk && x == v.f;
      return kOk;
    }
    case SearchValue::Kind::Bit:
      *match = (c == 't' && v.bit) || (c == 'f' && !v.bit);
      return kOk;
  }
  return kOk;
}

// The search: one pass over the text, descending only into the containers the path leads through (a stack of
// them, at most kJsonMaxPathSteps), checking everything else with skip_value. Stops at the first match (the text
// after it is not read, as JSON_VALUE does); otherwise the whole text is checked.
int32_t json_contains(int32_t* out, const char* s, int32_t len, const char* p, int32_t p_len, const SearchValue& v) {
  Path path;
  const int32_t st = parse_path(p, p_len, false, &path, true);
  if (st != kOk) return st;
  struct Frame {
    bool object;
    int32_t count;  // members or elements before the current one
  };
  Frame stack[kJsonMaxPathSteps];
  int32_t depth = 0;
  bool found = false;  // some value at the path
  int32_t pos = skip_ws(s, len, 0);
  if (pos >= len) return kJsonTextInvalid;
  enum class At { Value, Member, After } at = At::Value;
  for (;;) {
    if (at == At::Value) {  // a value at s[pos] whose path so far matches the path's first `depth` steps
      if (pos >= len) return kJsonTextInvalid;
      int32_t end = -1;
      if (depth == path.steps) {
        found = true;
        if (is_container(s[pos])) {
          end = skip_value(s, len, pos, depth);
        } else {
          end = scan_scalar(s, len, pos);
          if (end >= 0 && ends_cleanly(s, len, end)) {
            bool match = false;
            const int32_t r = scalar_contains(s, pos, end, v, &match);
            if (r != kOk) return r;
            if (match) {
              *out = 1;
              return kOk;
            }
          }
        }
      } else {
        const PathStep& step = path.step[depth];
        const bool want_object = step.index == -1;
        if (s[pos] == (want_object ? '{' : '[')) {
          stack[depth++] = Frame{want_object, 0};
          pos = skip_ws(s, len, pos + 1);
          if (pos < len && s[pos] == (want_object ? '}' : ']')) {
            --depth;
            ++pos;
            at = At::After;
          } else {
            at = At::Member;
          }
          continue;
        }
        end = skip_value(s, len, pos, depth);  // not what the step needs: nothing at the path here
      }
      if (end < 0) return kJsonTextInvalid;
      pos = end;
      at = At::After;
    } else if (at == At::Member) {  // the start of a member or element of the innermost container
      const Frame& f = stack[depth - 1];
      const PathStep& step = path.step[depth - 1];
      bool match = false;
      if (f.object) {
        if (pos >= len || s[pos] != '"') return kJsonTextInvalid;
        const int32_t key_end = scan_string(s, len, pos);
        if (key_end < 0) return kJsonTextInvalid;
        match = key_matches(s, pos + 1, key_end - 1, p, step);
        pos = scan_key(s, len, pos);
        if (pos < 0) return kJsonTextInvalid;
      } else {
        match = step.index == kWildcard || step.index == f.count;
      }
      if (match) {
        at = At::Value;
        continue;
      }
      const int32_t end = skip_value(s, len, pos, depth);
      if (end < 0) return kJsonTextInvalid;
      pos = end;
      at = At::After;
    } else {  // after a value
      pos = skip_ws(s, len, pos);
      if (depth == 0) {
        if (pos != len) return kJsonTextInvalid;
        break;
      }
      Frame& f = stack[depth - 1];
      if (pos >= len) return kJsonTextInvalid;
      if (s[pos] == ',') {
        ++f.count;
        pos = skip_ws(s, len, pos + 1);
        at = At::Member;
      } else if (s[pos] == (f.object ? '}' : ']')) {
        --depth;
        ++pos;
      } else {
        return kJsonTextInvalid;
      }
    }
  }
  if (!found) return path.strict ? kJsonPropertyNotFound : kNull;
  *out = 0;
  return kOk;
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_json_contains(int32_t* out, const char* json, int32_t json_len, const char* value,
                                         int32_t value_len, const char* path, int32_t path_len, int32_t search_mode,
                                         const SessionContext* ctx) {
  if (search_mode != 0 && search_mode != 1) return tessera::fn::kInvalidArgument;  // the binder checks it
  SearchValue v{SearchValue::Kind::String};
  v.s = value;
  v.s_len = value_len;
  v.like = search_mode == 1;
  v.ci = StringMatcher::for_session(ctx).case_insensitive();
  return json_contains(out, json, json_len, path, path_len, v);
}

TESSERA_ROW_FN int32_t tsf_json_contains_bigint(int32_t* out, const char* json, int32_t json_len, int64_t value,
                                                const char* path, int32_t path_len) {
  return json_contains(out, json, json_len, path, path_len, exact_search_value(value, 0));
}

TESSERA_ROW_FN int32_t tsf_json_contains_decimal(int32_t* out, const char* json, int32_t json_len, int64_t value,
                                                 int32_t p, int32_t s, const char* path, int32_t path_len) {
  (void)p;
  if (s < 0 || s > 18) return tessera::fn::kInvalidArgument;  // the binder gives a DECIMAL(p <= 18, s)'s scale
  return json_contains(out, json, json_len, path, path_len, exact_search_value(value, s));
}

TESSERA_ROW_FN int32_t tsf_json_contains_money(int32_t* out, const char* json, int32_t json_len, int64_t value,
                                               const char* path, int32_t path_len) {
  return json_contains(out, json, json_len, path, path_len, exact_search_value(value, 4));
}

TESSERA_ROW_FN int32_t tsf_json_contains_float(int32_t* out, const char* json, int32_t json_len, double value,
                                               const char* path, int32_t path_len) {
  SearchValue v{SearchValue::Kind::Float};
  v.f = value;
  return json_contains(out, json, json_len, path, path_len, v);
}

TESSERA_ROW_FN int32_t tsf_json_contains_bit(int32_t* out, const char* json, int32_t json_len, uint8_t value,
                                             const char* path, int32_t path_len) {
  SearchValue v{SearchValue::Kind::Bit};
  v.bit = value != 0;
  return json_contains(out, json, json_len, path, path_len, v);
}

// ---- JSON_OBJECT and JSON_ARRAY (SQL Server 2022) ----
// The binder builds JSON_OBJECT(k1 : v1, ..., kn : vn) as a chain json_object_3(...json_object_3('{}', k1, v1, k2,
// v2, k3, v3, flags)..., k4, v4, ...): each link copies the object so far without its closing bracket and adds its
// members (JSON_ARRAY likewise with '[]' and elements). The values arrive as text; the constant `flags` says how
// each is written: bit 0 ABSENT ON NULL (else NULL ON NULL), then two bits per value (kJsonValue*).

namespace {
constexpr int32_t kJsonValueString = 0;  // a string: quoted and escaped as FOR JSON does
constexpr int32_t kJsonValueRaw = 1;     // a number or JSON text (JSON_OBJECT, JSON_ARRAY, JSON_QUERY): as it is
constexpr int32_t kJsonValueBit = 2;     // a BIT as text ('1' or '0'): true, or false for '0' and ''

int32_t value_kind(int32_t flags, int32_t i) { return (flags >> (1 + 2 * i)) & 3; }

void write_constructed_value(Writer& w, int32_t kind, const char* v, int32_t v_len, bool v_null) {
  if (v_null) {
    w.bytes("null", 4);
  } else if (kind == kJsonValueRaw) {
    w.bytes(v, v_len);
  } else if (kind == kJsonValueBit) {
    const bool is_false = v_len == 0 || (v_len == 1 && v[0] == '0');
    if (is_false) w.bytes("false", 5);
    else w.bytes("true", 4);
  } else {
    w.quoted(v, v_len, true);
  }
}

// One link: the container so far (`acc`, as the previous link or the binder's '{}' / '[]' wrote it) without its
// last byte, then `count` members (keys null for an array), then `close`. A NULL key is Msg 8116 (the page
// documents no message); a NULL value is null, or left out under ABSENT ON NULL.
int32_t json_construct(char* out, int32_t* out_len, const char* acc, int32_t acc_len, bool acc_null, char open,
                       char close, const char* const* keys, const int32_t* key_lens, const uint8_t* key_nulls,
                       const char* const* values, const int32_t* value_lens, const uint8_t* value_nulls,
                       int32_t count, int32_t flags) {
  if (keys != nullptr)
    for (int32_t i = 0; i < count; ++i)
      if (key_nulls[i]) return tessera::fn::kInvalidArgument;
  Writer w{out};
  bool any = false;
  if (acc_null || acc_len == 0) {
    w.byte(open);
  } else {
    w.bytes(acc, acc_len - 1);
    any = acc_len > 2;
  }
  const bool absent = (flags & 1) != 0;
  for (int32_t i = 0; i < count; ++i) {
    if (value_nulls[i] && absent) continue;
    if (any) w.byte(',');
    any = true;
    if (keys != nullptr) {
      w.quoted(keys[i], key_lens[i], true);
      w.byte(':');
    }
    write_constructed_value(w, value_kind(flags, i), values[i], value_lens[i], value_nulls[i] != 0);
  }
  w.byte(close);
  *out_len = w.n;
  return kOk;
}
}  // namespace

// JSON_OBJECT's links: the object so far with one, two or three more members.
TESSERA_ROW_FN int32_t tsf_json_object_1(char* out, int32_t* out_len, const char* obj, int32_t obj_len,
                                         uint8_t obj_null, const char* k1, int32_t k1_len, uint8_t k1_null,
                                         const char* v1, int32_t v1_len, uint8_t v1_null, int32_t flags) {
  const char* keys[1] = {k1};
  const int32_t key_lens[1] = {k1_len};
  const uint8_t key_nulls[1] = {k1_null};
  const char* values[1] = {v1};
  const int32_t value_lens[1] = {v1_len};
  const uint8_t value_nulls[1] = {v1_null};
  return json_construct(out, out_len, obj, obj_len, obj_null != 0, '{', '}', keys, key_lens, key_nulls, values,
                        value_lens, value_nulls, 1, flags);
}

TESSERA_ROW_FN int32_t tsf_json_object_2(char* out, int32_t* out_len, const char* obj, int32_t obj_len,
                                         uint8_t obj_null, const char* k1, int32_t k1_len, uint8_t k1_null,
                                         const char* v1, int32_t v1_len, uint8_t v1_null, const char* k2,
                                         int32_t k2_len, uint8_t k2_null, const char* v2, int32_t v2_len,
                                         uint8_t v2_null, int32_t flags) {
  const char* keys[2] = {k1, k2};
  const int32_t key_lens[2] = {k1_len, k2_len};
  const uint8_t key_nulls[2] = {k1_null, k2_null};
  const char* values[2] = {v1, v2};
  const int32_t value_lens[2] = {v1_len, v2_len};
  const uint8_t value_nulls[2] = {v1_null, v2_null};
  return json_construct(out, out_len, obj, obj_len, obj_null != 0, '{', '}', keys, key_lens, key_nulls, values,
                        value_lens, value_nulls, 2, flags);
}

TESSERA_ROW_FN int32_t tsf_json_object_3(char* out, int32_t* out_len, const char* obj, int32_t obj_len,
                                         uint8_t obj_null, const char* k1, int32_t k1_len, uint8_t k1_null,
                                         const char* v1, int32_t v1_len, uint8_t v1_null, const char* k2,
                                         int32_t k2_len, uint8_t k2_null, const char* v2, int32_t v2_len,
                                         uint8_t v2_null, const char* k3, int32_t k3_len, uint8_t k3_null,
                                         const char* v3, int32_t v3_len, uint8_t v3_null, int32_t flags) {
  const char* keys[3] = {k1, k2, k3};
  const int32_t key_lens[3] = {k1_len, k2_len, k3_len};
  const uint8_t key_nulls[3] = {k1_null, k2_null, k3_null};
  const char* values[3] = {v1, v2, v3};
  const int32_t value_lens[3] = {v1_len, v2_len, v3_len};
  const uint8_t value_nulls[3] = {v1_null, v2_null, v3_null};
  return json_construct(out, out_len, obj, obj_len, obj_null != 0, '{', '}', keys, key_lens, key_nulls, values,
                        value_lens, value_nulls, 3, flags);
}

// JSON_ARRAY's links: the array so far with one, two or three more elements.
TESSERA_ROW_FN int32_t tsf_json_array_1(char* out, int32_t* out_len, const char* arr, int32_t arr_len,
                                        uint8_t arr_null, const char* v1, int32_t v1_len, uint8_t v1_null,
                                        int32_t flags) {
  const char* values[1] = {v1};
  const int32_t value_lens[1] = {v1_len};
  const uint8_t value_nulls[1] = {v1_null};
  return json_construct(out, out_len, arr, arr_len, arr_null != 0, '[', ']', nullptr, nullptr, nullptr, values,
                        value_lens, value_nulls, 1, flags);
}

TESSERA_ROW_FN int32_t tsf_json_array_2(char* out, int32_t* out_len, const char* arr, int32_t arr_len,
                                        uint8_t arr_null, const char* v1, int32_t v1_len, uint8_t v1_null,
                                        const char* v2, int32_t v2_len, uint8_t v2_null, int32_t flags) {
  const char* values[2] = {v1, v2};
  const int32_t value_lens[2] = {v1_len, v2_len};
  const uint8_t value_nulls[2] = {v1_null, v2_null};
  return json_construct(out, out_len, arr, arr_len, arr_null != 0, '[', ']', nullptr, nullptr, nullptr, values,
                        value_lens, value_nulls, 2, flags);
}

TESSERA_ROW_FN int32_t tsf_json_array_3(char* out, int32_t* out_len, const char* arr, int32_t arr_len,
                                        uint8_t arr_null, const char* v1, int32_t v1_len, uint8_t v1_null,
                                        const char* v2, int32_t v2_len, uint8_t v2_null, const char* v3,
                                        int32_t v3_len, uint8_t v3_null, int32_t flags) {
  const char* values[3] = {v1, v2, v3};
  const int32_t value_lens[3] = {v1_len, v2_len, v3_len};
  const uint8_t value_nulls[3] = {v1_null, v2_null, v3_null};
  return json_construct(out, out_len, arr, arr_len, arr_null != 0, '[', ']', nullptr, nullptr, nullptr, values,
                        value_lens, value_nulls, 3, flags);
}

// REGEXP_LIKE, REGEXP_REPLACE, REGEXP_SUBSTR, REGEXP_INSTR, REGEXP_COUNT (SQL Server 2025): RE2 syntax and
// leftmost-first semantics through the linear-time matcher of regex.hpp, compiled from the pattern in each
// row (a few hundred nanoseconds for the usual patterns; docs/FUNCTIONS.md says what a compile-once kernel
// would need). One kernel per number of SQL arguments: the optional arguments' defaults are filled here.
//
// Positions and `start` count characters (code points); the text before `start` is context for ^, \b and
// the like. Occurrences never overlap: the search for the next one starts where the previous one ended, and
// an empty match right where the previous one ended is skipped (RE2's global replace), so
// REGEXP_REPLACE('abc', 'x*', '-') is '-a-b-c-'.
#include "tessera/functions/regex.hpp"
#include "tessera/functions/string_regex.hpp"
#include "tessera/functions/utf8.hpp"

using tessera::fn::kInvalidArgument;
using tessera::fn::kInvalidRegex;
using tessera::fn::kInvalidRegexFlag;
using tessera::fn::kNull;
using tessera::fn::kOk;
using tessera::fn::Utf8;
namespace rx = tessera::fn::regex;

namespace {

constexpr char kNoFlags[] = "";

// The pattern compiled under the flags argument: kOk, kInvalidRegexFlag or kInvalidRegex.
int32_t prepare(const char* pat, int32_t pat_len, const char* flags, int32_t flags_len, rx::Program* prog) {
  uint8_t f = 0;
  if (!rx::parse_flags(flags, flags_len, &f)) return kInvalidRegexFlag;
  if (!rx::compile(pat, pat_len, f, prog)) return kInvalidRegex;
  return kOk;
}

// The byte offset of character `start` (1-based), or -1 when start is past the text's characters (a start
// of 1 never is: an empty text still has its empty match).
int32_t start_offset(const char* s, int32_t len, int64_t start) {
  int32_t pos = 0;
  for (int64_t k = 1; k < start; ++k) {
    if (pos >= len) return -1;
    pos += Utf8::char_size(s, len, pos);
  }
  if (pos >= len && start > 1) return -1;
  return pos;
}

// 1-based character position of byte offset `pos`.
int32_t char_position(const char* s, int32_t pos) { return Utf8::count(s, pos) + 1; }

// Successive non-overlapping matches from a byte offset.
class Matches {
 public:
  Matches(const rx::Program& p, const char* s, int32_t len, int32_t from) : vm_(p, s, len), s_(s), len_(len), pos_(from) {}

  // The next match (with the bounds of `group`), false when there is none.
  bool next(int32_t group, rx::Match* m) {
    while (pos_ <= len_) {
      if (!vm_.search(pos_, group, false, m)) return false;
      if (m->start == m->end && m->start == last_end_) {
        // An empty match where the previous match ended: skip a character.
        if (m->start >= len_) return false;
        pos_ = m->start + Utf8::char_size(s_, len_, m->start);
        continue;
      }
      pos_ = m->end;
      last_end_ = m->end;
      return true;
    }
    return false;
  }
  // The bounds of another group in match m (found again from its start: the same match).
  bool group_of(const rx::Match& m, int32_t group, rx::Match* g) { return vm_.search(m.start, group, false, g); }

 private:
  rx::Searcher vm_;
  const char* s_;
  int32_t len_;
  int32_t pos_;
  int32_t last_end_ = -1;
};

int32_t regexp_like(uint8_t* out, const char* s, int32_t s_len, const char* pat, int32_t pat_len, const char* flags,
                    int32_t flags_len) {
  rx::Program prog;
  const int32_t st = prepare(pat, pat_len, flags, flags_len, &prog);
  if (st != kOk) return st;
  rx::Searcher vm(prog, s, s_len);
  rx::Match m;
  *out = vm.search(0, 0, true, &m) ? 1 : 0;
  return kOk;
}

int32_t regexp_count(int32_t* out, const char* s, int32_t s_len, const char* pat, int32_t pat_len, int64_t start,
                     const char* flags, int32_t flags_len) {
  rx::Program prog;
  const int32_t st = prepare(pat, pat_len, flags, flags_len, &prog);
  if (st != kOk) return st;
  if (start < 1) return kInvalidArgument;
  const int32_t from = start_offset(s, s_len, start);
  int32_t n = 0;
  if (from >= 0) {
    Matches it(prog, s, s_len, from);
    rx::Match m;
    while (it.next(0, &m)) ++n;
  }
  *out = n;
  return kOk;
}

// The occurrence-th match from `start` with the bounds of `group`: kOk with *found, or an error.
int32_t find_occurrence(const rx::Program& prog, const char* s, int32_t s_len, int64_t start, int64_t occurrence,
                        int32_t group, bool* found, rx::Match* m) {
  *found = false;
  if (start < 1 || occurrence < 1 || group < 0) return kInvalidArgument;
  if (group > prog.ngroups) return kOk;
  const int32_t from = start_offset(s, s_len, start);
  if (from < 0) return kOk;
  Matches it(prog, s, s_len, from);
  for (int64_t k = 1; k <= occurrence; ++k)
    if (!it.next(group, m)) return kOk;
  *found = m->group_start >= 0;
  return kOk;
}

int32_t regexp_instr(int32_t* out, const char* s, int32_t s_len, const char* pat, int32_t pat_len, int64_t start,
                     int64_t occurrence, int32_t return_option, const char* flags, int32_t flags_len, int32_t group) {
  rx::Program prog;
  const int32_t st = prepare(pat, pat_len, flags, flags_len, &prog);
  if (st != kOk) return st;
  if (return_option != 0 && return_option != 1) return kInvalidArgument;
  bool found = false;
  rx::Match m;
  const int32_t fs = find_occurrence(prog, s, s_len, start, occurrence, group, &found, &m);
  if (fs != kOk) return fs;
  *out = !found ? 0 : char_position(s, return_option == 0 ? m.group_start : m.group_end);
  return kOk;
}

int32_t regexp_substr(char* out, int32_t* out_len, const char* s, int32_t s_len, const char* pat, int32_t pat_len,
                      int64_t start, int64_t occurrence, const char* flags, int32_t flags_len, int32_t group) {
  rx::Program prog;
  const int32_t st = prepare(pat, pat_len, flags, flags_len, &prog);
  if (st != kOk) return st;
  bool found = false;
  rx::Match m;
  const int32_t fs = find_occurrence(prog, s, s_len, start, occurrence, group, &found, &m);
  if (fs != kOk) return fs;
  if (!found) return kNull;
  const int32_t n = m.group_end - m.group_start;
  for (int32_t i = 0; i < n; ++i) out[i] = s[m.group_start + i];
  *out_len = n;
  return kOk;
}

// The replacement: \0..\9 a group (\0 and & the whole match), \\ a backslash, \& an ampersand; a backslash
// before anything else is kept with it.
struct Replacement {
  const char* r;
  int32_t len;
  // The first group above 0 that the replacement names (0 if none): the first search tracks it.
  int32_t first_group() const {
    for (int32_t i = 0; i < len; ++i) {
      if (r[i] != '\\' || i + 1 >= len) continue;
      const char c = r[i + 1];
      if (c >= '1' && c <= '9') return c - '0';
      ++i;
    }
    return 0;
  }
};

void append(char* out, int32_t& o, const char* src, int32_t n) {
  for (int32_t i = 0; i < n; ++i) out[o + i] = src[i];
  o += n;
}

int32_t regexp_replace(char* out, int32_t* out_len, const char* s, int32_t s_len, const char* pat, int32_t pat_len,
                       const char* repl, int32_t repl_len, int64_t start, int64_t occurrence, const char* flags,
                       int32_t flags_len) {
  rx::Program prog;
  const int32_t st = prepare(pat, pat_len, flags, flags_len, &prog);
  if (st != kOk) return st;
  if (start < 1 || occurrence < 0) return kInvalidArgument;
  int32_t o = 0;
  const int32_t from = start_offset(s, s_len, start);
  if (from < 0) {
    append(out, o, s, s_len);
    *out_len = o;
    return kOk;
  }
  const Replacement rep{repl, repl_len};
  int32_t tracked = rep.first_group();
  if (tracked > prog.ngroups) tracked = 0;
  Matches it(prog, s, s_len, from);
  int32_t copied = 0;
  rx::Match m;
  for (int64_t k = 1; it.next(tracked, &m); ++k) {
    if (occurrence != 0 && k < occurrence) continue;
    append(out, o, s + copied, m.start - copied);
    for (int32_t i = 0; i < repl_len; ++i) {
      const char c = repl[i];
      int32_t g = -1;
      if (c == '&') {
        g = 0;
      } else if (c == '\\' && i + 1 < repl_len) {
        const char d = repl[i + 1];
        if (d >= '0' && d <= '9') {
          g = d - '0';
          ++i;
        } else if (d == '\\' || d == '&') {
          out[o++] = d;
          ++i;
          continue;
        }
      }
      if (g < 0) {
        out[o++] = c;
        continue;
      }
      if (g > prog.ngroups) continue;  // a group the pattern does not have: nothing
      int32_t gs = m.start, ge = m.end;
      if (g > 0) {
        rx::Match gm;
        if (g == tracked) {
          gs = m.group_start;
          ge = m.group_end;
        } else if (it.group_of(m, g, &gm)) {
          gs = gm.group_start;
          ge = gm.group_end;
        } else {
          gs = ge = -1;
        }
      }
      if (gs >= 0) append(out, o, s + gs, ge - gs);
    }
    copied = m.end;
    if (occurrence != 0) break;
  }
  append(out, o, s + copied, s_len - copied);
  *out_len = o;
  return kOk;
}

}  // namespace

// ---- REGEXP_LIKE(string, pattern [, flags]) ----
TESSERA_ROW_FN int32_t tsf_regexp_like_2(uint8_t* out, const char* s, int32_t s_len, const char* pat,
                                         int32_t pat_len) {
  return regexp_like(out, s, s_len, pat, pat_len, kNoFlags, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_like_3(uint8_t* out, const char* s, int32_t s_len, const char* pat,
                                         int32_t pat_len, const char* flags, int32_t flags_len) {
  return regexp_like(out, s, s_len, pat, pat_len, flags, flags_len);
}

// ---- REGEXP_REPLACE(string, pattern [, replacement [, start [, occurrence [, flags]]]]) ----
TESSERA_ROW_FN int32_t tsf_regexp_replace_2(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                            const char* pat, int32_t pat_len) {
  return regexp_replace(out, out_len, s, s_len, pat, pat_len, kNoFlags, 0, 1, 0, kNoFlags, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_replace_3(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                            const char* pat, int32_t pat_len, const char* repl, int32_t repl_len) {
  return regexp_replace(out, out_len, s, s_len, pat, pat_len, repl, repl_len, 1, 0, kNoFlags, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_replace_4(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                            const char* pat, int32_t pat_len, const char* repl, int32_t repl_len,
                                            int64_t start) {
  return regexp_replace(out, out_len, s, s_len, pat, pat_len, repl, repl_len, start, 0, kNoFlags, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_replace_5(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                            const char* pat, int32_t pat_len, const char* repl, int32_t repl_len,
                                            int64_t start, int64_t occurrence) {
  return regexp_replace(out, out_len, s, s_len, pat, pat_len, repl, repl_len, start, occurrence, kNoFlags, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_replace_6(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                            const char* pat, int32_t pat_len, const char* repl, int32_t repl_len,
                                            int64_t start, int64_t occurrence, const char* flags,
                                            int32_t flags_len) {
  return regexp_replace(out, out_len, s, s_len, pat, pat_len, repl, repl_len, start, occurrence, flags, flags_len);
}

// ---- REGEXP_SUBSTR(string, pattern [, start [, occurrence [, flags [, group]]]]) ----
TESSERA_ROW_FN int32_t tsf_regexp_substr_2(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                           const char* pat, int32_t pat_len) {
  return regexp_substr(out, out_len, s, s_len, pat, pat_len, 1, 1, kNoFlags, 0, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_substr_3(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                           const char* pat, int32_t pat_len, int64_t start) {
  return regexp_substr(out, out_len, s, s_len, pat, pat_len, start, 1, kNoFlags, 0, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_substr_4(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                           const char* pat, int32_t pat_len, int64_t start, int64_t occurrence) {
  return regexp_substr(out, out_len, s, s_len, pat, pat_len, start, occurrence, kNoFlags, 0, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_substr_5(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                           const char* pat, int32_t pat_len, int64_t start, int64_t occurrence,
                                           const char* flags, int32_t flags_len) {
  return regexp_substr(out, out_len, s, s_len, pat, pat_len, start, occurrence, flags, flags_len, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_substr_6(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                           const char* pat, int32_t pat_len, int64_t start, int64_t occurrence,
                                           const char* flags, int32_t flags_len, int32_t group) {
  return regexp_substr(out, out_len, s, s_len, pat, pat_len, start, occurrence, flags, flags_len, group);
}

// ---- REGEXP_INSTR(string, pattern [, start [, occurrence [, return_option [, flags [, group]]]]]) ----
TESSERA_ROW_FN int32_t tsf_regexp_instr_2(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len) {
  return regexp_instr(out, s, s_len, pat, pat_len, 1, 1, 0, kNoFlags, 0, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_instr_3(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start) {
  return regexp_instr(out, s, s_len, pat, pat_len, start, 1, 0, kNoFlags, 0, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_instr_4(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start, int64_t occurrence) {
  return regexp_instr(out, s, s_len, pat, pat_len, start, occurrence, 0, kNoFlags, 0, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_instr_5(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start, int64_t occurrence,
                                          int32_t return_option) {
  return regexp_instr(out, s, s_len, pat, pat_len, start, occurrence, return_option, kNoFlags, 0, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_instr_6(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start, int64_t occurrence,
                                          int32_t return_option, const char* flags, int32_t flags_len) {
  return regexp_instr(out, s, s_len, pat, pat_len, start, occurrence, return_option, flags, flags_len, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_instr_7(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start, int64_t occurrence,
                                          int32_t return_option, const char* flags, int32_t flags_len,
                                          int32_t group) {
  return regexp_instr(out, s, s_len, pat, pat_len, start, occurrence, return_option, flags, flags_len, group);
}

// ---- REGEXP_COUNT(string, pattern [, start [, flags]]) ----
TESSERA_ROW_FN int32_t tsf_regexp_count_2(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len) {
  return regexp_count(out, s, s_len, pat, pat_len, 1, kNoFlags, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_count_3(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start) {
  return regexp_count(out, s, s_len, pat, pat_len, start, kNoFlags, 0);
}
TESSERA_ROW_FN int32_t tsf_regexp_count_4(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start, const char* flags, int32_t flags_len) {
  return regexp_count(out, s, s_len, pat, pat_len, start, flags, flags_len);
}

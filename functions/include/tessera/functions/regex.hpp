// The regular-expression matcher of the REGEXP_* functions (string_regex.cpp): RE2's syntax, as SQL Server
// 2025 documents it, compiled into a small program and run as a Pike VM (Thompson's simulation with one
// thread per program counter, in priority order), so matching is linear in the text for every pattern
// ((a*)*b on a long text included) and follows RE2's leftmost-first semantics (greedy and lazy
// quantifiers, the first alternative preferred).
//
// Row code: no heap, no recursion, no exceptions. The parser is a loop with an explicit stack of open
// groups; the program, its character-class ranges and the VM's two thread lists are fixed arrays
// (kMaxInsts instructions, kMaxRanges ranges: about 6 KiB of stack in all). A pattern that needs more, or
// that uses syntax outside the supported set, is refused with kInvalidRegex, never matched differently.
//
// Supported: literals (UTF-8, code points), escapes of punctuation, \n \t \r \f \v \a, \xHH, \x{H...},
// octal \0nn, the Perl classes \d \D \w \W \s \S, the POSIX classes [[:alpha:]] (and [[:^alpha:]]), `.`,
// bracket classes with ranges and negation, the anchors ^ $ \A \z \b \B, groups ( ) (?: ) (?P<name> )
// (?<name> ), flag groups (?i) (?m) (?s) (?U) (?flags:re) with `-` to clear, alternation |, and the
// quantifiers * + ? {n} {n,} {n,m} (counts up to 1000, as RE2), greedy or lazy (a trailing ?).
// Not supported (kInvalidRegex): Unicode classes \p \P, \C, \Q...\E, backreferences, lookaround (RE2 has
// neither), and case-insensitive matching of cased letters beyond Latin-1 (RE2 folds all of Unicode; this
// matcher folds ASCII, Latin-1 and the few characters outside it that fold into them, and refuses a
// case-insensitive pattern that names other cased letters rather than answer differently).
#pragma once

#include <cstdint>

#include "tessera/functions/utf8.hpp"

namespace tessera::fn::regex {

constexpr int32_t kMaxInsts = 128;   // program instructions
constexpr int32_t kMaxRanges = 128;  // character-class ranges of the whole program
constexpr int32_t kMaxDepth = 16;    // open groups, the whole pattern included: 15 nested groups
constexpr int32_t kMaxRepeat = 1000; // RE2's limit for {n,m}

// Flags of the flags argument and of (?flags) groups.
constexpr uint8_t kFoldCase = 1;   // i
constexpr uint8_t kMultiLine = 2;  // m: ^ and $ at line breaks too
constexpr uint8_t kDotNl = 4;      // s: . matches \n
constexpr uint8_t kUngreedy = 8;   // U (pattern only): quantifiers lazy unless followed by ?

// Parses SQL Server's flags argument ('i', 'c', 'm', 's'; empty is 'c'; of i and c the last one wins).
// False for any other character.
constexpr bool parse_flags(const char* f, int32_t len, uint8_t* out) {
  uint8_t flags = 0;
  for (int32_t i = 0; i < len; ++i) {
    switch (f[i]) {
      case 'i': flags |= kFoldCase; break;
      case 'c': flags &= static_cast<uint8_t>(~kFoldCase); break;
      case 'm': flags |= kMultiLine; break;
      case 's': flags |= kDotNl; break;
      default: return false;
    }
  }
  *out = flags;
  return true;
}

enum Op : uint8_t { kChar, kAny, kClass, kSplit, kJmp, kSave, kAssert, kMatch };
enum AssertKind : uint8_t { kBeginText, kEndText, kBeginLine, kEndLine, kWordBoundary, kNotWordBoundary };

struct Inst {
  Op op;
  uint8_t flags;  // kChar/kClass: kFoldCase; kAny: kDotNl; kClass: 0x80 negated
  int16_t x;      // the next instruction (kSplit: the preferred one)
  int16_t y;      // kSplit: the other one
  int16_t n;      // kClass: number of ranges; kSave: slot; kAssert: kind
  uint32_t arg;   // kChar: the code point (case-folded under kFoldCase); kClass: first range
};

struct Range {
  uint32_t lo, hi;
};

// ---- characters ----
constexpr bool is_word_byte(uint8_t c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

// The characters that are equal to c ignoring case, c included (ASCII, Latin-1, and the characters outside
// Latin-1 that fold into it: U+0178, U+017F, U+212A, U+212B, U+039C, U+03BC, U+1E9E). Returns the count.
constexpr int32_t case_orbit(uint32_t c, uint32_t* out) {
  uint32_t base = c;  // the lower-case representative
  if (c >= 'A' && c <= 'Z') base = c + 32;
  else if (c >= 0xC0 && c <= 0xDE && c != 0xD7) base = c + 32;
  else if (c == 0x178) base = 0xFF;
  else if (c == 0x17F) base = 's';
  else if (c == 0x212A) base = 'k';
  else if (c == 0x212B) base = 0xE5;
  else if (c == 0x39C || c == 0x3BC) base = 0xB5;
  else if (c == 0x1E9E) base = 0xDF;
  int32_t n = 0;
  out[n++] = base;
  if (base >= 'a' && base <= 'z') out[n++] = base - 32;
  else if (base >= 0xE0 && base <= 0xFE && base != 0xF7) out[n++] = base - 32;
  else if (base == 0xFF) out[n++] = 0x178;
  if (base == 's') out[n++] = 0x17F;
  if (base == 'k') out[n++] = 0x212A;
  if (base == 0xE5) out[n++] = 0x212B;
  if (base == 0xB5) {
    out[n++] = 0x39C;
    out[n++] = 0x3BC;
  }
  if (base == 0xDF) out[n++] = 0x1E9E;
  return n;
}

// The blocks of cased letters beyond Latin-1 (Latin Extended, IPA, Greek, Cyrillic, Armenian, Georgian,
// Cherokee, Latin Extended Additional, Greek Extended, letterlike symbols, circled letters, Glagolitic,
// Coptic, fullwidth Latin, Deseret, Osage, Old Hungarian, Warang Citi, Medefaidrin, Adlam).
constexpr Range kCasedBlocks[] = {
    {0x100, 0x2AF},     {0x370, 0x52F},     {0x531, 0x58F},     {0x10A0, 0x10FF},   {0x13A0, 0x13FF},
    {0x1C80, 0x1CBF},   {0x1E00, 0x1FFF},   {0x2100, 0x218F},   {0x24B6, 0x24E9},   {0x2C00, 0x2D2F},
    {0xA640, 0xA69F},   {0xA720, 0xA7FF},   {0xAB70, 0xABBF},   {0xFF21, 0xFF5A},   {0x10400, 0x104FF},
    {0x10C80, 0x10CFF}, {0x118A0, 0x118FF}, {0x16E40, 0x16E9F}, {0x1E900, 0x1E95F}};

// Whether case_orbit knows every case variant of c: false for the cased letters beyond Latin-1 other than
// the few that fold into it, which a case-insensitive pattern may not name.
constexpr bool fold_known(uint32_t c) {
  if (c < 0x100) return true;
  uint32_t tmp[4] = {};
  if (case_orbit(c, tmp) > 1) return true;
  for (const Range& r : kCasedBlocks)
    if (c >= r.lo && c <= r.hi) return false;
  return true;
}

// The same for every character of [lo, hi]: a range that reaches into a block of cased letters beyond
// Latin-1 is refused under case-insensitive matching.
constexpr bool range_fold_known(uint32_t lo, uint32_t hi) {
  if (lo == hi) return fold_known(lo);
  for (const Range& r : kCasedBlocks)
    if (lo <= r.hi && hi >= r.lo) return false;
  return true;
}

// ---- the program ----
struct Program {
  Inst inst[kMaxInsts];
  Range ranges[kMaxRanges];
  int32_t ninst = 0;
  int32_t nranges = 0;
  int32_t ngroups = 0;  // capture groups (group 0, the whole match, not counted)
  int32_t start = 0;    // first instruction
};

namespace detail {

// A fragment of program under construction: its entry, the first instruction it occupies (a fragment's
// instructions are contiguous, so a counted repetition can copy them), and its dangling exits, a list
// threaded through the exits' own fields (hole h is field x of instruction h / 2 when h is even, else y).
struct Frag {
  int16_t start;
  int16_t begin;
  int32_t holes;
};

class Compiler {
 public:
  Compiler(Program& p) : p_(p) {}

  bool ok() const { return ok_; }
  void fail() { ok_ = false; }

  int16_t emit(Op op, uint8_t flags, int16_t n, uint32_t arg) {
    if (p_.ninst >= kMaxInsts) {
      ok_ = false;
      return 0;
    }
    Inst& i = p_.inst[p_.ninst];
    i.op = op;
    i.flags = flags;
    i.x = -1;
    i.y = -1;
    i.n = n;
    i.arg = arg;
    return static_cast<int16_t>(p_.ninst++);
  }
  int16_t& field(int32_t hole) { return hole % 2 == 0 ? p_.inst[hole / 2].x : p_.inst[hole / 2].y; }
  void patch(int32_t holes, int16_t target) {
    while (holes >= 0) {
      int16_t& f = field(holes);
      const int32_t next = f;
      f = target;
      holes = next;
    }
  }
  int32_t append(int32_t a, int32_t b) {
    if (a < 0) return b;
    int32_t h = a;
    while (field(h) >= 0) h = field(h);
    field(h) = static_cast<int16_t>(b);
    return a;
  }
  // A one-instruction fragment whose exit is its x.
  Frag single(Op op, uint8_t flags, int16_t n, uint32_t arg) {
    const int16_t pc = emit(op, flags, n, arg);
    return {pc, pc, ok_ ? pc * 2 : -1};
  }
  Frag empty() { return single(kJmp, 0, 0, 0); }
  Frag concat(Frag a, Frag b) {
    patch(a.holes, b.start);
    return {a.start, a.begin, b.holes};
  }
  Frag alternate(Frag a, Frag b) {
    const int16_t pc = emit(kSplit, 0, 0, 0);
    if (!ok_) return a;
    p_.inst[pc].x = a.start;
    p_.inst[pc].y = b.start;
    return {pc, a.begin, append(a.holes, b.holes)};
  }
  // x* (or x*?): L: split(x, out); x -> L.
  Frag star(Frag f, bool lazy) {
    const int16_t pc = emit(kSplit, 0, 0, 0);
    if (!ok_) return f;
    patch(f.holes, pc);
    return split_exit(pc, f.start, f.begin, lazy, -1);
  }
  // x+: x; L: split(x, out).
  Frag plus(Frag f, bool lazy) {
    const int16_t pc = emit(kSplit, 0, 0, 0);
    if (!ok_) return f;
    patch(f.holes, pc);
    Frag r = split_exit(pc, f.start, f.begin, lazy, -1);
    r.start = f.start;
    return r;
  }
  // x?: L: split(x, out), x's exits out too.
  Frag quest(Frag f, bool lazy) {
    const int16_t pc = emit(kSplit, 0, 0, 0);
    if (!ok_) return f;
    return split_exit(pc, f.start, f.begin, lazy, f.holes);
  }
  // A copy of fragment f (which must be the last instructions emitted from f.begin up to `end`).
  Frag copy(Frag f, int32_t end) {
    const int32_t len = end - f.begin;
    const int32_t base = p_.ninst;
    if (base + len > kMaxInsts) {
      ok_ = false;
      return f;
    }
    // Mark f's holes so that they are relocated as holes, not as targets.
    uint32_t hole_bits[kMaxInsts * 2 / 32] = {};
    for (int32_t h = f.holes; h >= 0; h = field(h)) hole_bits[h / 32] |= 1u << (h % 32);
    const int32_t off = base - f.begin;
    for (int32_t i = 0; i < len; ++i) {
      const int32_t from = f.begin + i;
      Inst in = p_.inst[from];
      for (int32_t which = 0; which < 2; ++which) {
        const int32_t hole = from * 2 + which;
        int16_t& v = which == 0 ? in.x : in.y;
        if (hole_bits[hole / 32] & (1u << (hole % 32))) {
          if (v >= 0) v = static_cast<int16_t>(v + 2 * off);
        } else if (v >= 0) {
          v = static_cast<int16_t>(v + off);
        }
      }
      p_.inst[base + i] = in;
    }
    p_.ninst = base + len;
    return {static_cast<int16_t>(f.start + off), static_cast<int16_t>(base), f.holes < 0 ? -1 : f.holes + 2 * off};
  }
  // x{lo,hi} (hi < 0: no upper bound) from the fragment f, whose instructions are [f.begin, end). The
  // copies are made one from the previous one while that one is still unlinked (its holes intact):
  // x{2,5} is x x (x (x (x)?)?)?, x{2,} is x x+.
  Frag repeat(Frag f, int32_t end, int32_t lo, int32_t hi, bool lazy) {
    if (lo == 0 && hi == 0) return empty();
    if (lo == 0 && hi < 0) return star(f, lazy);
    if (lo == 1 && hi < 0) return plus(f, lazy);
    if (lo == 0 && hi == 1) return quest(f, lazy);
    const int32_t count = hi < 0 ? lo : hi;
    const int32_t len = end - f.begin;
    Frag out{f.start, f.begin, -1};
    bool have = false;
    int32_t exits = -1;  // the skips of the optional copies
    Frag prev = f;
    for (int32_t k = 1; k <= count && ok_; ++k) {
      Frag next{};
      if (k < count) next = copy(prev, prev.begin + len);
      if (!ok_) break;
      // Link copy k - 1 (prev), now that the next copy is made.
      const bool optional = hi >= 0 && k - 1 >= lo;
      if (!optional) {
        Frag c = (hi < 0 && k == count) ? plus(prev, lazy) : prev;
        out = have ? concat(out, c) : c;
        have = true;
      } else {
        const int16_t pc = emit(kSplit, 0, 0, 0);
        if (!ok_) break;
        Inst& s = p_.inst[pc];
        int32_t skip;
        if (lazy) {
          s.x = -1;
          s.y = prev.start;
          skip = pc * 2;
        } else {
          s.x = prev.start;
          s.y = -1;
          skip = pc * 2 + 1;
        }
        exits = append(exits, skip);
        if (have) {
          patch(out.holes, pc);
          out.holes = prev.holes;
        } else {
          out = {pc, f.begin, prev.holes};
          have = true;
        }
      }
      prev = next;
    }
    out.begin = f.begin;
    out.holes = append(out.holes, exits);
    return out;
  }

 private:
  Frag split_exit(int16_t pc, int16_t body, int16_t begin, bool lazy, int32_t more_holes) {
    Inst& s = p_.inst[pc];
    int32_t hole;
    if (lazy) {
      s.x = -1;
      s.y = body;
      hole = pc * 2;
    } else {
      s.x = body;
      s.y = -1;
      hole = pc * 2 + 1;
    }
    return {pc, begin, append(more_holes, hole)};
  }
  Program& p_;
  bool ok_ = true;
};

// Adds [lo, hi] to the class being built; false when the pool is full.
constexpr bool add_range(Program& p, uint32_t lo, uint32_t hi) {
  if (p.nranges >= kMaxRanges) return false;
  p.ranges[p.nranges++] = {lo, hi};
  return true;
}

// Adds the complement of the sorted ASCII ranges r. Under case folding the complement of a class is taken
// after its case closure, as RE2 does: the characters outside ASCII that fold into a letter of r (U+017F
// into s, U+212A into k) are left out too, so (?i)\W matches neither k nor U+212A.
constexpr bool add_complement(Program& p, const Range* r, int32_t n, bool fold) {
  uint32_t next = 0;
  for (int32_t i = 0; i < n; ++i) {
    if (r[i].lo > next && !add_range(p, next, r[i].lo - 1)) return false;
    next = r[i].hi + 1;
  }
  bool has_s = false, has_k = false;
  for (int32_t i = 0; i < n; ++i) {
    has_s = has_s || (r[i].lo <= 's' && r[i].hi >= 's') || (r[i].lo <= 'S' && r[i].hi >= 'S');
    has_k = has_k || (r[i].lo <= 'k' && r[i].hi >= 'k') || (r[i].lo <= 'K' && r[i].hi >= 'K');
  }
  if (fold && has_s) {
    if (!add_range(p, next, 0x17E)) return false;
    next = 0x180;
  }
  if (fold && has_k) {
    if (!add_range(p, next, 0x2129)) return false;
    next = 0x212B;
  }
  return add_range(p, next, Utf8::kMaxCodePoint);
}

// Adds the ranges of a Perl class (d, s, w; upper case: negated) to the class being built.
constexpr bool add_perl_class(Program& p, char c, bool fold) {
  constexpr Range kDigit[] = {{'0', '9'}};
  constexpr Range kSpace[] = {{'\t', '\n'}, {'\f', '\r'}, {' ', ' '}};
  constexpr Range kWord[] = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}};
  const Range* r = kDigit;
  int32_t n = 1;
  const char lower = c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
  if (lower == 's') {
    r = kSpace;
    n = 3;
  } else if (lower == 'w') {
    r = kWord;
    n = 4;
  }
  if (c == lower) {
    for (int32_t i = 0; i < n; ++i)
      if (!add_range(p, r[i].lo, r[i].hi)) return false;
    return true;
  }
  return add_complement(p, r, n, fold);
}

// The POSIX class named at pattern[pos] ("[:alpha:]" with pos after "[:"): adds its ranges and returns the
// position after ":]", or -1 when the name is unknown.
constexpr int32_t add_posix_class(Program& p, const char* pat, int32_t len, int32_t pos, bool fold) {
  bool negated = false;
  if (pos < len && pat[pos] == '^') {
    negated = true;
    ++pos;
  }
  int32_t end = pos;
  while (end + 1 < len && !(pat[end] == ':' && pat[end + 1] == ']')) ++end;
  if (end + 1 >= len) return -1;
  struct Named {
    const char* name;
    int32_t len;
    Range r[4];
    int32_t n;
  };
  constexpr Named kNames[] = {
      {"alnum", 5, {{'0', '9'}, {'A', 'Z'}, {'a', 'z'}}, 3},
      {"alpha", 5, {{'A', 'Z'}, {'a', 'z'}}, 2},
      {"ascii", 5, {{0, 0x7F}}, 1},
      {"blank", 5, {{'\t', '\t'}, {' ', ' '}}, 2},
      {"cntrl", 5, {{0, 0x1F}, {0x7F, 0x7F}}, 2},
      {"digit", 5, {{'0', '9'}}, 1},
      {"graph", 5, {{'!', '~'}}, 1},
      {"lower", 5, {{'a', 'z'}}, 1},
      {"print", 5, {{' ', '~'}}, 1},
      {"punct", 5, {{'!', '/'}, {':', '@'}, {'[', '`'}, {'{', '~'}}, 4},
      {"space", 5, {{'\t', '\r'}, {' ', ' '}}, 2},
      {"upper", 5, {{'A', 'Z'}}, 1},
      {"word", 4, {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}, 4},
      {"xdigit", 6, {{'0', '9'}, {'A', 'F'}, {'a', 'f'}}, 3},
  };
  const int32_t name_len = end - pos;
  for (const Named& nm : kNames) {
    if (nm.len != name_len) continue;
    bool same = true;
    for (int32_t i = 0; i < name_len; ++i)
      if (pat[pos + i] != nm.name[i]) same = false;
    if (!same) continue;
    if (!negated) {
      for (int32_t i = 0; i < nm.n; ++i)
        if (!add_range(p, nm.r[i].lo, nm.r[i].hi)) return -1;
    } else {
      if (!add_complement(p, nm.r, nm.n, fold)) return -1;
    }
    return end + 2;
  }
  return -1;
}

constexpr int32_t hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// An escape that stands for one character (after the backslash at pat[pos - 1]): its code point in *cp and
// the position after it, or -1 when it is not one (a class, an assertion, or an invalid escape).
constexpr int32_t escaped_char(const char* pat, int32_t len, int32_t pos, uint32_t* cp) {
  if (pos >= len) return -1;
  const char c = pat[pos];
  switch (c) {
    case 'n': *cp = '\n'; return pos + 1;
    case 't': *cp = '\t'; return pos + 1;
    case 'r': *cp = '\r'; return pos + 1;
    case 'f': *cp = '\f'; return pos + 1;
    case 'v': *cp = '\v'; return pos + 1;
    case 'a': *cp = 7; return pos + 1;
    default: break;
  }
  if (c == 'x') {
    ++pos;
    if (pos < len && pat[pos] == '{') {
      uint32_t v = 0;
      int32_t digits = 0;
      ++pos;
      while (pos < len && pat[pos] != '}') {
        const int32_t h = hex_value(pat[pos]);
        if (h < 0 || v > Utf8::kMaxCodePoint) return -1;
        v = v * 16 + static_cast<uint32_t>(h);
        ++digits;
        ++pos;
      }
      if (pos >= len || digits == 0 || v > Utf8::kMaxCodePoint) return -1;
      *cp = v;
      return pos + 1;
    }
    if (pos + 1 >= len) return -1;
    const int32_t h1 = hex_value(pat[pos]), h2 = hex_value(pat[pos + 1]);
    if (h1 < 0 || h2 < 0) return -1;
    *cp = static_cast<uint32_t>(h1 * 16 + h2);
    return pos + 2;
  }
  // Octal: \0, or \1-\7 followed by an octal digit (a lone \1-\9 would be a backreference: refused).
  if (c >= '0' && c <= '7') {
    if (c != '0' && !(pos + 1 < len && pat[pos + 1] >= '0' && pat[pos + 1] <= '7')) return -1;
    uint32_t v = 0;
    int32_t i = 0;
    while (i < 3 && pos < len && pat[pos] >= '0' && pat[pos] <= '7') {
      v = v * 8 + static_cast<uint32_t>(pat[pos] - '0');
      ++pos;
      ++i;
    }
    *cp = v;
    return pos;
  }
  // Punctuation stands for itself.
  const uint8_t b = static_cast<uint8_t>(c);
  if (b < 0x80 && !((b >= '0' && b <= '9') || (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z')) && b > 0x20) {
    *cp = b;
    return pos + 1;
  }
  return -1;
}

// A bracket class starting after the '[' at pat[pos]: emits its instruction; returns the position after
// ']' or -1.
inline int32_t parse_class(Compiler& cc, Program& p, const char* pat, int32_t len, int32_t pos, uint8_t flags,
                           Frag* out) {
  bool negated = false;
  if (pos < len && pat[pos] == '^') {
    negated = true;
    ++pos;
  }
  const int32_t first = p.nranges;
  bool first_item = true;
  const bool fold = (flags & kFoldCase) != 0;
  while (true) {
    if (pos >= len) return -1;  // missing ]
    const char c = pat[pos];
    if (c == ']' && !first_item) {
      ++pos;
      break;
    }
    first_item = false;
    if (c == '[' && pos + 1 < len && pat[pos + 1] == ':') {
      const int32_t next = add_posix_class(p, pat, len, pos + 2, fold);
      if (next < 0) return -1;
      pos = next;
      continue;
    }
    uint32_t lo = 0;
    if (c == '\\') {
      if (pos + 1 >= len) return -1;
      const char e = pat[pos + 1];
      if (e == 'd' || e == 'D' || e == 's' || e == 'S' || e == 'w' || e == 'W') {
        if (!add_perl_class(p, e, fold)) return -1;
        pos += 2;
        continue;
      }
      const int32_t next = escaped_char(pat, len, pos + 1, &lo);
      if (next < 0) return -1;
      pos = next;
    } else {
      const CodePoint cp = Utf8::decode(pat, len, pos);
      lo = cp.cp;
      pos += cp.size;
    }
    uint32_t hi = lo;
    if (pos + 1 < len && pat[pos] == '-' && pat[pos + 1] != ']') {
      ++pos;
      if (pat[pos] == '\\') {
        const int32_t next = escaped_char(pat, len, pos + 1, &hi);
        if (next < 0) return -1;
        pos = next;
      } else if (pat[pos] == '[') {
        return -1;  // a range ending in a class
      } else {
        const CodePoint cp = Utf8::decode(pat, len, pos);
        hi = cp.cp;
        pos += cp.size;
      }
      if (hi < lo) return -1;  // bad character class range
    }
    if (fold && !range_fold_known(lo, hi)) return -1;
    if (!add_range(p, lo, hi)) return -1;
  }
  const int32_t n = p.nranges - first;
  *out = cc.single(kClass, static_cast<uint8_t>((fold ? kFoldCase : 0) | (negated ? 0x80 : 0)),
                   static_cast<int16_t>(n), static_cast<uint32_t>(first));
  return pos;
}

// An open group while parsing.
struct Group {
  int32_t capture;   // its number, 0 for a non-capturing group, -1 for the whole pattern
  uint8_t flags;     // the flags outside it (restored at ')')
  int16_t begin;     // its first instruction
  int16_t open;      // capture: the Save instruction at '('
  bool has_alt;
  Frag alt;          // the alternatives so far
  bool has_concat;
  Frag concat;       // the current alternative so far (without `atom`)
  bool has_atom;
  Frag atom;         // the last atom, which a quantifier may still apply to
  int32_t atom_end;  // the instruction after the atom
  bool atom_repeated;
};

}  // namespace detail

// Compiles `pattern` under `flags` into *p. False for an invalid or unsupported pattern, or one too large
// for the program's arrays.
inline bool compile(const char* pat, int32_t len, uint8_t flags, Program* prog) {
  using detail::Frag;
  using detail::Group;
  Program& p = *prog;
  p.ninst = 0;
  p.nranges = 0;
  p.ngroups = 0;
  detail::Compiler cc(p);
  Group stack[kMaxDepth];
  int32_t depth = 0;
  auto open_group = [&](int32_t capture, uint8_t outer_flags) -> bool {
    if (depth >= kMaxDepth) return false;
    Group& g = stack[depth++];
    g.capture = capture;
    g.flags = outer_flags;
    g.begin = static_cast<int16_t>(p.ninst);
    g.open = -1;
    if (capture > 0) g.open = cc.emit(kSave, 0, static_cast<int16_t>(2 * capture), 0);
    g.has_alt = g.has_concat = g.has_atom = false;
    g.atom_repeated = false;
    g.atom_end = 0;
    return cc.ok();
  };
  auto flush_atom = [&](Group& g) {
    if (!g.has_atom) return;
    g.concat = g.has_concat ? cc.concat(g.concat, g.atom) : g.atom;
    g.has_concat = true;
    g.has_atom = false;
  };
  auto set_atom = [&](Group& g, Frag f) {
    flush_atom(g);
    g.atom = f;
    g.has_atom = true;
    g.atom_end = p.ninst;
    g.atom_repeated = false;
  };
  auto end_alternative = [&](Group& g) {
    flush_atom(g);
    Frag branch = g.has_concat ? g.concat : cc.empty();
    g.alt = g.has_alt ? cc.alternate(g.alt, branch) : branch;
    g.has_alt = true;
    g.has_concat = false;
  };
  // Closes the top group into a fragment.
  auto close_group = [&]() -> Frag {
    Group& g = stack[depth - 1];
    end_alternative(g);
    Frag f = g.alt;
    if (g.capture > 0) {
      const int16_t close = cc.emit(kSave, 0, static_cast<int16_t>(2 * g.capture + 1), 0);
      if (cc.ok()) {
        cc.patch(f.holes, close);
        p.inst[g.open].x = f.start;
        f = {g.open, g.begin, close * 2};
      }
    }
    f.begin = g.begin;
    --depth;
    return f;
  };

  open_group(-1, flags);
  int32_t pos = 0;
  while (pos < len && cc.ok()) {
    Group& g = stack[depth - 1];
    const char c = pat[pos];
    // Quantifiers.
    if (c == '*' || c == '+' || c == '?' || c == '{') {
      int32_t lo = 0, hi = -1;
      int32_t next = pos + 1;
      bool counted = false;
      if (c == '{') {
        // {n}, {n,}, {n,m}; anything else is a literal '{' (RE2).
        int32_t q = pos + 1, n1 = 0, d1 = 0;
        while (q < len && pat[q] >= '0' && pat[q] <= '9') {
          if (n1 <= kMaxRepeat) n1 = n1 * 10 + (pat[q] - '0');
          ++q;
          ++d1;
        }
        bool valid = d1 > 0 && q < len;
        int32_t n2 = n1;
        if (valid && pat[q] == ',') {
          ++q;
          int32_t d2 = 0;
          n2 = 0;
          while (q < len && pat[q] >= '0' && pat[q] <= '9') {
            if (n2 <= kMaxRepeat) n2 = n2 * 10 + (pat[q] - '0');
            ++q;
            ++d2;
          }
          if (d2 == 0) n2 = -1;
        }
        valid = valid && q < len && pat[q] == '}';
        if (valid) {
          counted = true;
          lo = n1;
          hi = n2;
          next = q + 1;
          if (lo > kMaxRepeat || hi > kMaxRepeat || (hi >= 0 && hi < lo)) return false;  // bad repetition
        }
      } else {
        lo = c == '+' ? 1 : 0;
        hi = c == '?' ? 1 : -1;
      }
      if (c != '{' || counted) {
        if (!g.has_atom) return false;     // missing argument to repetition operator
        if (g.atom_repeated) return false;  // bad repetition operator (a** is an error in RE2)
        bool lazy = false;
        if (next < len && pat[next] == '?') {
          lazy = true;
          ++next;
        }
        if (flags & kUngreedy) lazy = !lazy;
        g.atom = cc.repeat(g.atom, g.atom_end, lo, hi, lazy);
        g.atom_end = p.ninst;
        g.atom_repeated = true;
        pos = next;
        continue;
      }
    }
    switch (c) {
      case '|':
        end_alternative(g);
        ++pos;
        continue;
      case '(': {
        if (pos + 1 < len && pat[pos + 1] == '?') {
          int32_t q = pos + 2;
          if (q < len && (pat[q] == 'P' || pat[q] == '<')) {
            // (?P<name>re) or (?<name>re): a numbered capture; the name is not used.
            if (pat[q] == 'P') ++q;
            if (q >= len || pat[q] != '<') return false;
            ++q;
            const int32_t name_start = q;
            while (q < len && pat[q] != '>') {
              const char n = pat[q];
              if (!(detail::hex_value(n) >= 0 || (n >= 'A' && n <= 'Z') || (n >= 'a' && n <= 'z') || n == '_'))
                return false;
              ++q;
            }
            if (q >= len || q == name_start) return false;
            flush_atom(g);
            if (!open_group(++p.ngroups, flags)) return false;
            pos = q + 1;
            continue;
          }
          // Flags: (?i) (?i-s) (?i:re) ...
          uint8_t nf = flags;
          bool negate = false, any = false;
          while (q < len && pat[q] != ')' && pat[q] != ':') {
            uint8_t bit = 0;
            switch (pat[q]) {
              case 'i': bit = kFoldCase; break;
              case 'm': bit = kMultiLine; break;
              case 's': bit = kDotNl; break;
              case 'U': bit = kUngreedy; break;
              case '-':
                if (negate) return false;
                negate = true;
                any = false;
                ++q;
                continue;
              default: return false;  // lookaround, comments, unknown flags
            }
            nf = negate ? static_cast<uint8_t>(nf & ~bit) : static_cast<uint8_t>(nf | bit);
            any = true;
            ++q;
          }
          if (q >= len || (negate && !any)) return false;
          if (pat[q] == ')') {
            if (q == pos + 2) return false;  // (?)
            flush_atom(g);  // a quantifier may not follow (?i)
            flags = nf;  // to the end of the enclosing group
            pos = q + 1;
            continue;
          }
          flush_atom(g);
          if (!open_group(0, flags)) return false;
          flags = nf;
          pos = q + 1;
          continue;
        }
        flush_atom(g);
        if (!open_group(++p.ngroups, flags)) return false;
        ++pos;
        continue;
      }
      case ')': {
        if (depth <= 1) return false;  // unexpected )
        const uint8_t outer = stack[depth - 1].flags;
        const Frag f = close_group();
        flags = outer;
        if (!cc.ok()) return false;
        Group& parent = stack[depth - 1];
        set_atom(parent, f);
        parent.atom.begin = f.begin;
        ++pos;
        continue;
      }
      case '[': {
        Frag f{};
        const int32_t next = detail::parse_class(cc, p, pat, len, pos + 1, flags, &f);
        if (next < 0 || !cc.ok()) return false;
        set_atom(g, f);
        pos = next;
        continue;
      }
      case '.':
        set_atom(g, cc.single(kAny, static_cast<uint8_t>(flags & kDotNl), 0, 0));
        ++pos;
        continue;
      case '^':
        set_atom(g, cc.single(kAssert, 0, (flags & kMultiLine) ? kBeginLine : kBeginText, 0));
        ++pos;
        continue;
      case '$':
        set_atom(g, cc.single(kAssert, 0, (flags & kMultiLine) ? kEndLine : kEndText, 0));
        ++pos;
        continue;
      case '\\': {
        if (pos + 1 >= len) return false;  // trailing backslash
        const char e = pat[pos + 1];
        int16_t assert_kind = -1;
        if (e == 'A') assert_kind = kBeginText;
        else if (e == 'z') assert_kind = kEndText;
        else if (e == 'b') assert_kind = kWordBoundary;
        else if (e == 'B') assert_kind = kNotWordBoundary;
        if (assert_kind >= 0) {
          set_atom(g, cc.single(kAssert, 0, assert_kind, 0));
          pos += 2;
          continue;
        }
        if (e == 'd' || e == 'D' || e == 's' || e == 'S' || e == 'w' || e == 'W') {
          const int32_t first = p.nranges;
          const bool fold = (flags & kFoldCase) != 0;
          if (!detail::add_perl_class(p, e, fold)) return false;
          set_atom(g, cc.single(kClass, fold ? kFoldCase : 0, static_cast<int16_t>(p.nranges - first),
                                static_cast<uint32_t>(first)));
          pos += 2;
          continue;
        }
        uint32_t cp = 0;
        const int32_t next = detail::escaped_char(pat, len, pos + 1, &cp);
        if (next < 0) return false;  // \p, \Q, \C, a backreference, an unknown escape
        if ((flags & kFoldCase) && !fold_known(cp)) return false;
        uint32_t orbit[4] = {};
        const bool fold = (flags & kFoldCase) && case_orbit(cp, orbit) > 1;
        set_atom(g, cc.single(kChar, fold ? kFoldCase : 0, 0, fold ? orbit[0] : cp));
        pos = next;
        continue;
      }
      default: {
        const CodePoint cp = Utf8::decode(pat, len, pos);
        if ((flags & kFoldCase) && !fold_known(cp.cp)) return false;
        uint32_t orbit[4] = {};
        const bool fold = (flags & kFoldCase) && case_orbit(cp.cp, orbit) > 1;
        set_atom(g, cc.single(kChar, fold ? kFoldCase : 0, 0, fold ? orbit[0] : cp.cp));
        pos += cp.size;
        continue;
      }
    }
  }
  if (!cc.ok() || depth != 1) return false;  // too large, or missing )
  const Frag body = close_group();
  const int16_t match = cc.emit(kMatch, 0, 0, 0);
  if (!cc.ok()) return false;
  cc.patch(body.holes, match);
  p.start = body.start;
  return true;
}

// A match: byte offsets of the whole match [start, end) and of one capture group (-1 when the group did not
// take part).
struct Match {
  int32_t start = -1, end = -1;
  int32_t group_start = -1, group_end = -1;
};

// The slot of a search's match record that Save instruction `save` (2g: group g's start, 2g + 1: its end)
// writes when the search tracks `group`: 1 (start) or 2 (end), or -1 when it tracks another group or only
// the whole match (group 0, whose start is the thread's own).
constexpr int32_t tracked_slot(int16_t save, int32_t group) {
  if (group <= 0) return -1;
  return save == 2 * group ? 1 : save == 2 * group + 1 ? 2 : -1;
}

// Whether instruction `in` (kChar, kAny or kClass) consumes code point c.
inline bool in_class(const Program& p, const Inst& in, uint32_t c) {
  for (int32_t i = 0; i < in.n; ++i) {
    const Range& r = p.ranges[in.arg + static_cast<uint32_t>(i)];
    if (c >= r.lo && c <= r.hi) return true;
  }
  return false;
}
inline bool consumes(const Program& p, const Inst& in, uint32_t c) {
  switch (in.op) {
    case kChar: {
      if (c == in.arg) return true;
      if (!(in.flags & kFoldCase)) return false;
      uint32_t orbit[4] = {};
      case_orbit(c, orbit);
      return orbit[0] == in.arg;
    }
    case kAny: return c != '\n' || (in.flags & kDotNl);
    case kClass: {
      bool hit = in_class(p, in, c);
      if (!hit && (in.flags & kFoldCase)) {
        uint32_t orbit[4] = {};
        const int32_t n = case_orbit(c, orbit);
        for (int32_t i = 0; i < n && !hit; ++i) hit = orbit[i] != c && in_class(p, in, orbit[i]);
      }
      return (in.flags & 0x80) ? !hit : hit;
    }
    default: return false;
  }
}

// Whether assertion `kind` holds at byte pos of the text s[0, len).
inline bool holds(int16_t kind, const char* s, int32_t len, int32_t pos) {
  switch (kind) {
    case kBeginText: return pos == 0;
    case kEndText: return pos == len;
    case kBeginLine: return pos == 0 || s[pos - 1] == '\n';
    case kEndLine: return pos == len || s[pos] == '\n';
    case kWordBoundary:
    case kNotWordBoundary: {
      const bool before = pos > 0 && is_word_byte(static_cast<uint8_t>(s[pos - 1]));
      const bool after = pos < len && is_word_byte(static_cast<uint8_t>(s[pos]));
      return (before != after) == (kind == kWordBoundary);
    }
    default: return false;
  }
}

// The Pike VM. `group` names the capture group whose bounds a search reports (0: the whole match).
class Vm {
 public:
  Vm(const Program& p, const char* text, int32_t len) : p_(p), s_(text), len_(len) {}

  // The leftmost-first match that starts at or after byte `from` (the text before it is context for ^, \b
  // and the like). With `any`, stops at the first match found (its bounds are then not the preferred ones).
  bool search(int32_t from, int32_t group, bool any, Match* m) {
    group_ = group;
    for (int32_t i = 0; i < p_.ninst; ++i) mark_[i] = -1;
    int32_t gen = 0;
    List* cur = &lists_[0];
    List* nxt = &lists_[1];
    cur->n = 0;
    bool matched = false;
    for (int32_t pos = from;;) {
      if (!matched) {
        const int32_t slots[3] = {pos, -1, -1};
        add(*cur, gen, p_.start, pos, slots);
      }
      if (cur->n == 0 && matched) break;
      uint32_t c = 0;
      int32_t size = 0;
      if (pos < len_) {
        const CodePoint cp = Utf8::decode(s_, len_, pos);
        c = cp.cp;
        size = cp.size;
      }
      nxt->n = 0;
      const int32_t next_gen = gen + 1;
      for (int32_t t = 0; t < cur->n; ++t) {
        const Inst& in = p_.inst[cur->pc[t]];
        const int32_t* sl = cur->slots[t];
        if (in.op == kMatch) {
          matched = true;
          m->start = sl[0];
          m->end = pos;
          m->group_start = group_ == 0 ? sl[0] : sl[1];
          m->group_end = group_ == 0 ? pos : sl[2];
          if (any) return true;
          break;  // the lower-priority threads are cut
        }
        if (pos < len_ && consumes(p_, in, c)) add(*nxt, next_gen, in.x, pos + size, sl);
      }
      if (pos >= len_) break;
      List* tmp = cur;
      cur = nxt;
      nxt = tmp;
      gen = next_gen;
      pos += size;
    }
    return matched;
  }

 private:
  struct List {
    int32_t n;
    int16_t pc[kMaxInsts];
    int32_t slots[kMaxInsts][3];  // match start, group start, group end
  };
  struct Entry {
    int16_t pc;
    int16_t restore;  // >= 0: restore slot `restore` to `value` (not a pc)
    int32_t value;
  };

  // Adds pc's closure to list l (generation gen) in priority order, with the thread's slots.
  void add(List& l, int32_t gen, int16_t pc0, int32_t pos, const int32_t* slots0) {
    int32_t cur[3] = {slots0[0], slots0[1], slots0[2]};
    int32_t top = 0;
    stack_[top++] = {pc0, -1, 0};
    while (top > 0) {
      const Entry e = stack_[--top];
      if (e.restore >= 0) {
        cur[e.restore] = e.value;
        continue;
      }
      int16_t pc = e.pc;
      while (pc >= 0 && mark_[pc] != gen) {
        mark_[pc] = gen;
        const Inst& in = p_.inst[pc];
        if (in.op == kJmp) {
          pc = in.x;
        } else if (in.op == kSplit) {
          stack_[top++] = {in.y, -1, 0};
          pc = in.x;
        } else if (in.op == kSave) {
          const int32_t slot = tracked_slot(in.n, group_);
          if (slot > 0) {
            stack_[top++] = {0, static_cast<int16_t>(slot), cur[slot]};
            cur[slot] = pos;
          }
          pc = in.x;
        } else if (in.op == kAssert) {
          if (!holds(in.n, s_, len_, pos)) break;
          pc = in.x;
        } else {
          l.pc[l.n] = pc;
          l.slots[l.n][0] = cur[0];
          l.slots[l.n][1] = cur[1];
          l.slots[l.n][2] = cur[2];
          ++l.n;
          break;
        }
      }
    }
  }

  const Program& p_;
  const char* s_;
  int32_t len_;
  int32_t group_ = 0;
  int32_t mark_[kMaxInsts];
  List lists_[2];
  Entry stack_[kMaxInsts + 1];
};

// Bounded backtracking (RE2's "BitState"): a depth-first search in priority order from each start position,
// remembering every (instruction, position) state it has visited so that none is explored twice. The first
// match it reaches is the Vm's leftmost-first match (the Vm keeps, for each state, the highest-priority thread
// reaching it; the depth-first search reaches each state first by that thread), and a state that failed from
// one start fails from every later one (its outcome depends on the position, not on how it was reached).
// The work is at most the states' number, like the Vm's, but each step is a few instructions on a few hundred
// bytes, where the Vm copies threads through two lists of kMaxInsts entries: several times faster on the short
// texts it takes (ninst x text positions within kVisitBits), and small enough for a GPU thread's registers and
// cache. A search it cannot finish within its stack says so and the caller runs the Vm.
class Backtracker {
 public:
  static constexpr int32_t kVisitBits = 4096;  // 512 bytes: 8 marked instructions over 511 bytes of text
  static constexpr int32_t kStack = 256;       // pending alternatives and restores, 4 bytes each
  enum Result { kNoMatch, kFound, kTooBig };

  // Only states that two paths can reach need marking: those of an instruction with two or more predecessors
  // (a loop's head, the end of an alternation or an optional part) or of the first instruction (reached from
  // every start). Any other state is reached only through its one predecessor's, which is explored once, and
  // every cycle of the program passes through a join, so the search still ends and explores each state a
  // bounded number of times; marking fewer states changes nothing but the work, since a marked state is only
  // ever skipped after it failed. Each marked instruction gets a row of the visited table.
  Backtracker(const Program& p, const char* text, int32_t len) : p_(p), s_(text), len_(len) {
    int8_t preds[kMaxInsts];
    for (int32_t i = 0; i < p.ninst; ++i) preds[i] = 0;
    preds[p.start] = 1;
    // An instruction that nothing reaches may hold no successor, or a link of the compiler's list of unpatched
    // exits (a{0} leaves its operand so): only successors inside the program count. Counting an edge that the
    // search never takes only marks more states, which changes no answer.
    const auto count = [&](int16_t to) {
      if (to >= 0 && to < p.ninst && preds[to] < 2) ++preds[to];
    };
    for (int32_t i = 0; i < p.ninst; ++i) {
      const Inst& in = p.inst[i];
      if (in.op == kMatch) continue;
      count(in.x);
      if (in.op == kSplit) count(in.y);
    }
    for (int32_t i = 0; i < p.ninst; ++i) row_[i] = preds[i] >= 2 ? static_cast<int16_t>(rows_++) : int16_t{-1};
    // A program that begins with \A (or ^ without the m flag) can match only from the text's start.
    int32_t pc = p.start;
    while (pc >= 0 && (p.inst[pc].op == kSave || p.inst[pc].op == kJmp)) pc = p.inst[pc].x;
    anchored_ = pc >= 0 && p.inst[pc].op == kAssert && p.inst[pc].n == kBeginText;
  }

  // The Vm's search (same arguments and answer), or kTooBig when the text is too long for the visited table
  // or the search outgrows its stack (nothing is answered then).
  Result search(int32_t from, int32_t group, Match* m) {
    from_ = from;
    const int32_t positions = len_ - from + 1;
    if (positions <= 0 || rows_ * positions > kVisitBits) return kTooBig;
    const int32_t words = (rows_ * positions + 31) / 32;
    for (int32_t i = 0; i < words; ++i) visited_[i] = 0;
    for (int32_t start = from;;) {
      const Result r = try_from(start, group, m);
      if (r != kNoMatch) return r;
      if (start >= len_ || anchored_) return kNoMatch;
      start += Utf8::char_size(s_, len_, start);
    }
  }

 private:
  // A pending job in 4 bytes: explore state (pc, from_ + at), or (pc < 0) restore slot -pc - 1 to the
  // position from_ + at - 1 (at 0: -1, unset). Positions past from_ fit 16 bits: there are at most kVisitBits.
  struct Job {
    int16_t pc;
    uint16_t at;
  };

  // False when state (pc, pos) is marked visited; marks it (true) otherwise.
  bool visit(int16_t pc, int32_t pos) {
    if (row_[pc] < 0) return true;
    const int32_t bit = row_[pc] * (len_ - from_ + 1) + (pos - from_);
    const uint32_t mask = 1u << (bit & 31);
    if (visited_[bit >> 5] & mask) return false;
    visited_[bit >> 5] |= mask;
    return true;
  }

  Result try_from(int32_t start, int32_t group, Match* m) {
    int32_t slot[3] = {start, -1, -1};  // match start, group start, group end
    int32_t top = 0;
    jobs_[top++] = {static_cast<int16_t>(p_.start), static_cast<uint16_t>(start - from_)};
    while (top > 0) {
      const Job job = jobs_[--top];
      if (job.pc < 0) {
        slot[-job.pc - 1] = job.at == 0 ? -1 : from_ + job.at - 1;
        continue;
      }
      int16_t pc = job.pc;
      int32_t pos = from_ + job.at;
      while (visit(pc, pos)) {
        const Inst& in = p_.inst[pc];
        if (in.op == kMatch) {
          m->start = slot[0];
          m->end = pos;
          m->group_start = group == 0 ? slot[0] : slot[1];
          m->group_end = group == 0 ? pos : slot[2];
          return kFound;
        }
        if (in.op == kJmp) {
          pc = in.x;
        } else if (in.op == kSplit) {
          if (top == kStack) return kTooBig;
          jobs_[top++] = {in.y, static_cast<uint16_t>(pos - from_)};
          pc = in.x;
        } else if (in.op == kSave) {
          const int32_t k = tracked_slot(in.n, group);
          if (k > 0) {
            if (top == kStack) return kTooBig;
            const int32_t old = slot[k];
            jobs_[top++] = {static_cast<int16_t>(-k - 1), static_cast<uint16_t>(old < 0 ? 0 : old - from_ + 1)};
            slot[k] = pos;
          }
          pc = in.x;
        } else if (in.op == kAssert) {
          if (!holds(in.n, s_, len_, pos)) break;
          pc = in.x;
        } else {
          if (pos >= len_) break;
          const CodePoint cp = Utf8::decode(s_, len_, pos);
          if (!consumes(p_, in, cp.cp)) break;
          pc = in.x;
          pos += cp.size;
        }
      }
    }
    return kNoMatch;
  }

  const Program& p_;
  const char* s_;
  int32_t len_;
  int32_t from_ = 0;
  bool anchored_ = false;    // only the first start position can match
  int32_t rows_ = 0;         // marked instructions
  int16_t row_[kMaxInsts];   // an instruction's row of the visited table, -1 when it is not marked
  uint32_t visited_[kVisitBits / 32];
  Job jobs_[kStack];
};

// Searches a text with the Backtracker when it can answer, else with the Vm: the Vm's answers, faster on
// short texts.
class Searcher {
 public:
  Searcher(const Program& p, const char* text, int32_t len) : bt_(p, text, len), vm_(p, text, len) {}

  // Vm::search's contract. With `any` the Vm may stop at any match; the Backtracker's first is as good.
  bool search(int32_t from, int32_t group, bool any, Match* m) {
    const Backtracker::Result r = bt_.search(from, group, m);
    if (r != Backtracker::kTooBig) return r == Backtracker::kFound;
    return vm_.search(from, group, any, m);
  }

 private:
  Backtracker bt_;
  Vm vm_;
};

}  // namespace tessera::fn::regex

// Collation-aware character matching for the string family: substring search
// (CHARINDEX, REPLACE), character sets (TRIM ... FROM, TRANSLATE) and the LIKE
// pattern matcher (LIKE, PATINDEX).
//
// A comparison is binary unless the session collation has kCaseInsensitive;
// then characters compare by Utf8::key (ASCII + Latin-1 case folding). Case
// folding keeps the encoded length, so a match in the searched string always
// has the same byte length as the string searched for.
#pragma once

#include <cstdint>

#include "tessera/functions/session_context.hpp"
#include "tessera/functions/utf8.hpp"

namespace tessera::fn {

class StringMatcher {
 public:
  explicit constexpr StringMatcher(bool case_insensitive) : ci_(case_insensitive) {}
  static constexpr StringMatcher for_session(const SessionContext* ctx) {
    return StringMatcher(ctx != nullptr && (ctx->collation & kCaseInsensitive) != 0);
  }

  constexpr bool case_insensitive() const { return ci_; }
  constexpr bool same(uint32_t a, uint32_t b) const { return Utf8::key(a, ci_) == Utf8::key(b, ci_); }

  // Whether `find` (non-empty) occurs in s at byte `pos`.
  constexpr bool matches_at(const char* s, int32_t s_len, int32_t pos, const char* find, int32_t find_len) const {
    int32_t i = pos;
    int32_t j = 0;
    while (j < find_len) {
      if (i >= s_len) return false;
      const CodePoint a = Utf8::decode(s, s_len, i);
      const CodePoint b = Utf8::decode(find, find_len, j);
      if (!same(a.cp, b.cp)) return false;
      i += a.size;
      j += b.size;
    }
    return true;
  }

  // Byte position of the first occurrence of `find` (non-empty) in s at or
  // after byte `from` (a character boundary), or -1. `*char_index` receives
  // the 0-based character index of the match, counted from `from_char`.
  constexpr int32_t find(const char* s, int32_t s_len, int32_t from, const char* f, int32_t f_len,
                         int64_t* char_index = nullptr, int64_t from_char = 0) const {
    int64_t idx = from_char;
    for (int32_t pos = from; pos < s_len; pos += Utf8::char_size(s, s_len, pos), ++idx) {
      if (s_len - pos < f_len) break;  // matches have f_len bytes
      if (matches_at(s, s_len, pos, f, f_len)) {
        if (char_index) *char_index = idx;
        return pos;
      }
    }
    return -1;
  }

  // 0-based character index of `cp` in the character list `set`, or -1.
  constexpr int32_t index_in(uint32_t cp, const char* set, int32_t set_len) const {
    int32_t idx = 0;
    for (int32_t pos = 0; pos < set_len; ++idx) {
      const CodePoint c = Utf8::decode(set, set_len, pos);
      if (same(c.cp, cp)) return idx;
      pos += c.size;
    }
    return -1;
  }

 private:
  bool ci_;
};

// LIKE patterns: % (any string), _ (any character), [set], [^set] with ranges
// a-z; an ESCAPE character makes the one after it literal. A '[' without a closing ']' is a literal character.
class LikePattern {
 public:
  constexpr LikePattern(const char* p, int32_t p_len, StringMatcher m) : p_(p), len_(p_len), m_(m) {}
  // LIKE ... ESCAPE: `escape` (a code point; 0 for none) makes the character after it a literal.
  constexpr LikePattern(const char* p, int32_t p_len, StringMatcher m, uint32_t escape)
      : p_(p), len_(p_len), m_(m), escape_(escape) {}

  enum class Kind : uint8_t { Percent, Any, Set, Literal };
  struct Token {
    Kind kind;
    uint32_t cp;        // Literal
    int32_t set_begin;  // Set: bytes of the set body (after '[' and '^')
    int32_t set_end;
    bool negated;
    int32_t next;       // byte position of the next token
  };

  constexpr int32_t length() const { return len_; }

  constexpr Token token_at(int32_t pos) const {
    const uint8_t b = static_cast<uint8_t>(p_[pos]);
    if (escape_ != 0) {
      const CodePoint e = Utf8::decode(p_, len_, pos);
      if (e.cp == escape_ && pos + e.size < len_) {  // escape + any character: that character, literally
        const CodePoint c = Utf8::decode(p_, len_, pos + e.size);
        return {Kind::Literal, c.cp, 0, 0, false, pos + e.size + c.size};
      }
    }
    if (b == '%') return {Kind::Percent, 0, 0, 0, false, pos + 1};
    if (b == '_') return {Kind::Any, 0, 0, 0, false, pos + 1};
    if (b == '[') {
      int32_t body = pos + 1;
      bool negated = false;
      if (body < len_ && p_[body] == '^' && body + 1 < len_ && p_[body + 1] != ']') {
        negated = true;
        ++body;
      }
      // The first body character may be ']' itself ("[]]" matches ']').
      int32_t close = body < len_ ? body + Utf8::char_size(p_, len_, body) : body;
      while (close < len_ && p_[close] != ']') close += Utf8::char_size(p_, len_, close);
      if (close < len_ && body < close) return {Kind::Set, 0, body, close, negated, close + 1};
    }
    const CodePoint c = Utf8::decode(p_, len_, pos);
    return {Kind::Literal, c.cp, 0, 0, false, pos + c.size};
  }

  constexpr bool token_matches(const Token& t, uint32_t cp) const {
    switch (t.kind) {
      case Kind::Any: return true;
      case Kind::Literal: return m_.same(t.cp, cp);
      case Kind::Set: return in_set(t, cp) != t.negated;
      case Kind::Percent: return false;
    }
    return false;
  }

  // Whether s[from, s_len) matches the pattern from byte `p_from` to the end.
  // With `ignore_trailing_spaces`, spaces left over in s after the pattern is
  // used up do not prevent a match (LIKE's rule for the match expression).
  constexpr bool match(const char* s, int32_t s_len, int32_t from, int32_t p_from, bool ignore_trailing_spaces) const {
    int32_t si = from, pi = p_from;
    int32_t star_pi = -1, star_si = 0;
    for (;;) {
      if (pi < len_) {
        const Token t = token_at(pi);
        if (t.kind == Kind::Percent) {
          pi = t.next;
          star_pi = pi;
          star_si = si;
          continue;
        }
        if (si < s_len) {
          const CodePoint c = Utf8::decode(s, s_len, si);
          if (token_matches(t, c.cp)) {
            si += c.size;
            pi = t.next;
            continue;
          }
        }
      } else {
        if (si == s_len) return true;
        if (star_pi == len_) return true;  // the pattern ends with %
        if (ignore_trailing_spaces && only_spaces(s, si, s_len)) return true;
      }
      // Mismatch: let the last % take one more character.
      if (star_pi < 0 || star_si >= s_len) return false;
      star_si += Utf8::char_size(s, s_len, star_si);
      si = star_si;
      pi = star_pi;
    }
  }

  // Byte position after the leading % tokens.
  constexpr int32_t skip_leading_percents() const {
    int32_t pos = 0;
    while (pos < len_ && p_[pos] == '%') ++pos;
    return pos;
  }

 private:
  static constexpr bool only_spaces(const char* s, int32_t from, int32_t len) {
    for (int32_t i = from; i < len; ++i)
      if (s[i] != ' ') return false;
    return true;
  }

  constexpr bool in_set(const Token& t, uint32_t cp) const {
    const uint32_t k = Utf8::key(cp, m_.case_insensitive());
    int32_t pos = t.set_begin;
    while (pos < t.set_end) {
      const CodePoint lo = Utf8::decode(p_, t.set_end, pos);
      pos += lo.size;
      if (pos + 1 < t.set_end && p_[pos] == '-') {
        const CodePoint hi = Utf8::decode(p_, t.set_end, pos + 1);
        pos += 1 + hi.size;
        const uint32_t a = Utf8::key(lo.cp, m_.case_insensitive());
        const uint32_t b = Utf8::key(hi.cp, m_.case_insensitive());
        if ((a <= k && k <= b) || (cp >= lo.cp && cp <= hi.cp)) return true;
        continue;
      }
      if (m_.same(lo.cp, cp)) return true;
    }
    return false;
  }

  const char* p_;
  int32_t len_;
  StringMatcher m_;
  uint32_t escape_ = 0;
};

}  // namespace tessera::fn

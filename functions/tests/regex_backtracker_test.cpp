// The Backtracker against the Pike VM (regex.hpp): on random patterns and texts, wherever the Backtracker
// answers it must give the Vm's match, bounds and group bounds included; the Searcher must always give the
// Vm's answer. The Vm is the reference: its semantics are tested against RE2's in string_regex_test.cpp and
// against DuckDB's RE2 in engine/tests/functions/regex_functions_sql_test.cpp.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "tessera/functions/regex.hpp"

using namespace tessera::fn;

namespace {

int32_t len(const std::string& s) { return static_cast<int32_t>(s.size()); }

// Random patterns over a small alphabet (a, b, a two-byte é, a newline), nested to a small depth, with every
// construct whose order of exploration matters: alternation, greedy and lazy quantifiers, counted repetition,
// groups that can match empty, anchors, word boundaries and flag groups.
class PatternMaker {
 public:
  explicit PatternMaker(uint32_t seed) : rng_(seed) {}

  std::string pattern() { return alternation(3); }

  std::string text() {
    static const char* const kPieces[] = {"a", "b", "\xc3\xa9", "\n", "A", " "};
    std::string t;
    const int n = pick(12);
    for (int i = 0; i < n; ++i) t += kPieces[pick(6)];
    return t;
  }

  int pick(int n) { return static_cast<int>(rng_() % static_cast<uint32_t>(n)); }

 private:
  std::string alternation(int depth) {
    std::string r = sequence(depth);
    while (pick(4) == 0) r += "|" + sequence(depth);
    return r;
  }
  std::string sequence(int depth) {
    std::string r;
    const int n = 1 + pick(3);
    for (int i = 0; i < n; ++i) r += quantified(depth);
    return r;
  }
  std::string quantified(int depth) {
    std::string a = atom(depth);
    static const char* const kQuant[] = {"", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "*?", "+?", "??", "{0}", "{0,2}?"};
    return a + kQuant[pick(14)];
  }
  std::string atom(int depth) {
    static const char* const kLeaves[] = {"a", "b", "\xc3\xa9", ".", "[ab]", "[^a]", "\\w", "\\s", "\\n", "A"};
    static const char* const kAnchors[] = {"^", "$", "\\b", "\\B", "\\A", "\\z"};
    const int k = pick(depth > 0 ? 14 : 11);
    if (k < 9) return kLeaves[pick(10)];
    if (k == 9) return std::string("(?:") + kAnchors[pick(6)] + ")";
    if (k == 10) return "()";
    if (k == 11) return "(" + alternation(depth - 1) + ")";
    if (k == 12) return "(?:" + alternation(depth - 1) + ")";
    static const char* const kFlags[] = {"(?i:", "(?s:", "(?m:", "(?U:"};
    return kFlags[pick(4)] + alternation(depth - 1) + ")";
  }

  std::mt19937 rng_;
};

std::string describe(const std::string& p, const std::string& t, int32_t from, int32_t group) {
  return "pattern /" + p + "/ text \"" + t + "\" from " + std::to_string(from) + " group " + std::to_string(group);
}

}  // namespace

TEST(RegexBacktracker, GivesThePikeVmsMatchOnRandomPatterns) {
  PatternMaker make(20261207);
  int compared = 0, matched = 0;
  for (int i = 0; i < 20000; ++i) {
    const std::string p = make.pattern();
    const uint8_t flags = static_cast<uint8_t>(make.pick(8) == 0 ? regex::kFoldCase : 0);
    regex::Program prog;
    if (!regex::compile(p.data(), len(p), flags, &prog)) continue;
    for (int k = 0; k < 4; ++k) {
      const std::string t = make.text();
      const int32_t from = make.pick(3) == 0 ? make.pick(len(t) + 1) : 0;
      if (from < len(t) && (static_cast<uint8_t>(t[from]) & 0xC0) == 0x80) continue;  // inside a character
      const int32_t group = make.pick(prog.ngroups + 1);
      regex::Vm vm(prog, t.data(), len(t));
      regex::Match want;
      const bool want_found = vm.search(from, group, false, &want);
      regex::Backtracker bt(prog, t.data(), len(t));
      regex::Match got;
      const regex::Backtracker::Result r = bt.search(from, group, &got);
      ASSERT_NE(r, regex::Backtracker::kTooBig) << describe(p, t, from, group);  // these texts are short
      ASSERT_EQ(r == regex::Backtracker::kFound, want_found) << describe(p, t, from, group);
      ++compared;
      if (!want_found) continue;
      ++matched;
      EXPECT_EQ(got.start, want.start) << describe(p, t, from, group);
      EXPECT_EQ(got.end, want.end) << describe(p, t, from, group);
      EXPECT_EQ(got.group_start, want.group_start) << describe(p, t, from, group);
      EXPECT_EQ(got.group_end, want.group_end) << describe(p, t, from, group);
    }
  }
  // The generator must reach both outcomes often, or the comparison says little.
  EXPECT_GT(compared, 40000);
  EXPECT_GT(matched, compared / 5);
  EXPECT_LT(matched, compared - compared / 10);
}

TEST(RegexBacktracker, LeavesLongTextsAndDeepSearchesToTheVm) {
  // Past the visited table: not answered.
  const std::string p = "^https?://(?:www\\.)?([^/]+)/.*$";
  regex::Program prog;
  ASSERT_TRUE(regex::compile(p.data(), len(p), 0, &prog));
  const std::string long_text = "http://www.example.com/" + std::string(400, 'x');
  regex::Match m;
  EXPECT_EQ(regex::Backtracker(prog, long_text.data(), len(long_text)).search(0, 1, &m),
            regex::Backtracker::kTooBig);
  // The Searcher answers it through the Vm.
  regex::Searcher searcher(prog, long_text.data(), len(long_text));
  ASSERT_TRUE(searcher.search(0, 1, false, &m));
  EXPECT_EQ(m.group_start, 11);
  EXPECT_EQ(m.group_end, 22);
  // Within the table but deeper than the stack: a* leaves an alternative per character it takes.
  const std::string star = "(a*)c";
  ASSERT_TRUE(regex::compile(star.data(), len(star), 0, &prog));
  const std::string as = std::string(300, 'a') + "c";
  ASSERT_LE(prog.ninst * (len(as) + 1), regex::Backtracker::kVisitBits);
  EXPECT_EQ(regex::Backtracker(prog, as.data(), len(as)).search(0, 1, &m), regex::Backtracker::kTooBig);
  regex::Searcher deep(prog, as.data(), len(as));
  ASSERT_TRUE(deep.search(0, 1, false, &m));
  EXPECT_EQ(m.start, 0);
  EXPECT_EQ(m.end, 301);
  EXPECT_EQ(m.group_end, 300);
}

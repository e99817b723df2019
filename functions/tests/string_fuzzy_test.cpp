// EDIT_DISTANCE, EDIT_DISTANCE_SIMILARITY, JARO_WINKLER_DISTANCE, JARO_WINKLER_SIMILARITY.
// Examples: "EDIT_DISTANCE (Transact-SQL)", "EDIT_DISTANCE_SIMILARITY (Transact-SQL)", "JARO_WINKLER_DISTANCE
// (Transact-SQL)", "JARO_WINKLER_SIMILARITY (Transact-SQL)" and "What is fuzzy string matching?" (the WordPairs
// table and the query with all four functions), learn.microsoft.com, 2025-11.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/functions/status.hpp"
#include "tessera/functions/string_functions.hpp"

using namespace tessera::fn;

namespace {
const SessionContext kCi{};  // the default collation: case-insensitive
SessionContext binary() {
  SessionContext c;
  c.collation = 0;
  return c;
}
const SessionContext kBin = binary();

int32_t ed(std::string_view a, std::string_view b, const SessionContext& ctx = kCi) {
  int32_t out = -1;
  EXPECT_EQ(tsf_edit_distance(&out, a.data(), int32_t(a.size()), b.data(), int32_t(b.size()), &ctx), kOk);
  return out;
}
int32_t ed_max(std::string_view a, std::string_view b, int32_t max) {
  int32_t out = -1;
  EXPECT_EQ(tsf_edit_distance_max(&out, a.data(), int32_t(a.size()), b.data(), int32_t(b.size()), max, &kCi), kOk);
  return out;
}
int32_t ed_sim(std::string_view a, std::string_view b) {
  int32_t out = -1;
  EXPECT_EQ(tsf_edit_distance_similarity(&out, a.data(), int32_t(a.size()), b.data(), int32_t(b.size()), &kCi), kOk);
  return out;
}
double jw_dist(std::string_view a, std::string_view b, const SessionContext& ctx = kCi) {
  double out = -1;
  EXPECT_EQ(tsf_jaro_winkler_distance(&out, a.data(), int32_t(a.size()), b.data(), int32_t(b.size()), &ctx), kOk);
  return out;
}
int32_t jw_sim(std::string_view a, std::string_view b) {
  int32_t out = -1;
  EXPECT_EQ(tsf_jaro_winkler_similarity(&out, a.data(), int32_t(a.size()), b.data(), int32_t(b.size()), &kCi), kOk);
  return out;
}

// The textbook optimal-string-alignment table over code points, whole (the reference for random strings).
std::u32string code_points(std::string_view s) {
  std::u32string r;
  for (size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    const int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t c = n == 1 ? b : b & (0x7F >> n);
    for (int k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    r += c;
    i += n;
  }
  return r;
}
int32_t reference_osa(std::string_view sa, std::string_view sb) {
  const std::u32string a = code_points(sa), b = code_points(sb);
  std::vector<std::vector<int>> d(a.size() + 1, std::vector<int>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = int(i);
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = int(j);
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

struct Pair {
  const char* uk;
  const char* us;
};
// The WordPairs table of "What is fuzzy string matching?".
constexpr Pair kWordPairs[] = {
    {"Colour", "Color"},       {"Flavour", "Flavor"},     {"Centre", "Center"},       {"Theatre", "Theater"},
    {"Organise", "Organize"},  {"Analyse", "Analyze"},    {"Catalogue", "Catalog"},   {"Programme", "Program"},
    {"Metre", "Meter"},        {"Honour", "Honor"},       {"Neighbour", "Neighbor"},  {"Travelling", "Traveling"},
    {"Grey", "Gray"},          {"Defence", "Defense"},    {"Practise", "Practice"},   {"Practice", "Practice"},
    {"Aluminium", "Aluminum"}, {"Cheque", "Check"}};
}  // namespace

TEST(StringEditDistance, Examples) {
  // EDIT_DISTANCE page.
  EXPECT_EQ(ed("Colour", "Color"), 1);
  // The overview's WordPairs query (WHERE EDIT_DISTANCE(...) <= 2): the distances it lists for pairs without
  // two adjacent characters swapped.
  EXPECT_EQ(ed("Practice", "Practice"), 0);
  for (const Pair p : {Pair{"Aluminium", "Aluminum"}, Pair{"Honour", "Honor"}, Pair{"Neighbour", "Neighbor"},
                       Pair{"Travelling", "Traveling"}, Pair{"Grey", "Gray"}, Pair{"Defence", "Defense"},
                       Pair{"Practise", "Practice"}, Pair{"Flavour", "Flavor"}, Pair{"Organise", "Organize"},
                       Pair{"Analyse", "Analyze"}})
    EXPECT_EQ(ed(p.uk, p.us), 1) << p.uk;
  EXPECT_EQ(ed("Catalogue", "Catalog"), 2);
  EXPECT_EQ(ed("Programme", "Program"), 2);
  EXPECT_EQ(ed("Cheque", "Check"), 3);  // left out by the query's <= 2
  // The query with all four functions.
  EXPECT_EQ(ed("Black", "Red"), 5);
  EXPECT_EQ(ed("Colour", "Yellow"), 5);
  EXPECT_EQ(ed("Microsoft", "Msft"), 5);
  EXPECT_EQ(ed("Regex", "Regex"), 0);
  // The current page: the Damerau-Levenshtein (optimal string alignment) distance, so a swap of two adjacent
  // characters is one edit. (The preview's table, from before transpositions, lists 2 for these three.)
  EXPECT_EQ(ed("Metre", "Meter"), 1);
  EXPECT_EQ(ed("Centre", "Center"), 1);
  EXPECT_EQ(ed("Theatre", "Theater"), 1);
  EXPECT_EQ(ed("ab", "ba"), 1);
  EXPECT_EQ(ed("CA", "ABC"), 3);  // OSA edits no substring twice (unrestricted Damerau-Levenshtein: 2)
}

TEST(StringEditDistance, EdgeCases) {
  EXPECT_EQ(ed("", ""), 0);
  EXPECT_EQ(ed("", "abc"), 3);
  EXPECT_EQ(ed("abc", ""), 3);
  EXPECT_EQ(ed("kitten", "sitting"), 3);
  EXPECT_EQ(ed("sitting", "kitten"), 3);
  // Characters, not bytes.
  EXPECT_EQ(ed("café", "cafe"), 1);
  EXPECT_EQ(ed("日本", "日本語"), 1);
  EXPECT_EQ(ed("😀x", "x😀"), 1);
  EXPECT_EQ(ed("\xff", "\xfe"), 1);  // invalid bytes are one character each
  // The collation decides case: the default is case-insensitive, a binary one is not.
  EXPECT_EQ(ed("ABC", "abc"), 0);
  EXPECT_EQ(ed("ÉCOLE", "école"), 0);
  EXPECT_EQ(ed("ABC", "abc", kBin), 3);
  // Trailing spaces count.
  EXPECT_EQ(ed("a  ", "a"), 2);
}

TEST(StringEditDistance, MaximumDistance) {
  // EDIT_DISTANCE page: the actual distance up to maximum_distance, maximum_distance + 1 past it; a negative
  // maximum_distance is no limit (NULL, like a NULL string, is the kernel's NULL rule).
  EXPECT_EQ(ed_max("Colour", "Color", 1), 1);
  EXPECT_EQ(ed_max("Colour", "Color", 0), 1);
  EXPECT_EQ(ed_max("Microsoft", "Msft", 2), 3);
  EXPECT_EQ(ed_max("Microsoft", "Msft", 5), 5);
  EXPECT_EQ(ed_max("Microsoft", "Msft", 100), 5);
  EXPECT_EQ(ed_max("Microsoft", "Msft", -1), 5);
  EXPECT_EQ(ed_max("", "abc", 1), 2);
  EXPECT_EQ(ed_max("", "", 0), 0);
  // The textbook table's distance (binary collation), and the early stop never changes the answer:
  // min(distance, max + 1), for random strings and bounds.
  std::mt19937 rng(33);
  const char* pieces[] = {"a", "b", "c", "é", "日", "A"};
  auto random_string = [&] {
    std::string s;
    for (int n = int(rng() % 12); n > 0; --n) s += pieces[rng() % 6];
    return s;
  };
  for (int k = 0; k < 2000; ++k) {
    const std::string a = random_string(), b = random_string();
    const int32_t max = int32_t(rng() % 8) - 1;
    const int32_t full = ed(a, b);
    EXPECT_EQ(ed(a, b, kBin), reference_osa(a, b)) << a << " / " << b;
    EXPECT_EQ(ed_max(a, b, max), max < 0 || full <= max ? full : max + 1) << a << " / " << b << " / " << max;
    EXPECT_EQ(full, ed(b, a));
  }
}

TEST(StringEditDistance, LengthLimits) {
  // The shorter string may have 256 characters, any string 4000: Msg 8116 past them.
  const std::string c256(256, 'x'), c257(257, 'x');
  EXPECT_EQ(ed(c256, c256), 0);
  EXPECT_EQ(ed(c256 + "yy", c256), 2);
  EXPECT_EQ(ed("", std::string(4000, 'z')), 4000);
  int32_t out = 0;
  EXPECT_EQ(tsf_edit_distance(&out, c257.data(), 257, c257.data(), 257, &kCi), kStringTooLong);
  const std::string long_one(4001, 'q');
  EXPECT_EQ(tsf_edit_distance(&out, "a", 1, long_one.data(), 4001, &kCi), kStringTooLong);
  EXPECT_EQ(tsf_edit_distance_max(&out, c257.data(), 257, c257.data(), 257, 3, &kCi), kStringTooLong);
  EXPECT_EQ(tsf_edit_distance_similarity(&out, c257.data(), 257, c257.data(), 257, &kCi), kStringTooLong);
  // 256 characters of three bytes each are still 256 characters.
  std::string wide;
  for (int i = 0; i < 256; ++i) wide += "日";
  EXPECT_EQ(ed(wide, wide + "本"), 1);
}

TEST(StringEditDistanceSimilarity, Examples) {
  // EDIT_DISTANCE_SIMILARITY page.
  EXPECT_EQ(ed_sim("Colour", "Color"), 83);
  // The overview's query (WHERE EDIT_DISTANCE_SIMILARITY(...) >= 75): rounded half up (Organise: 87.5 -> 88).
  EXPECT_EQ(ed_sim("Practice", "Practice"), 100);
  EXPECT_EQ(ed_sim("Travelling", "Traveling"), 90);
  EXPECT_EQ(ed_sim("Aluminium", "Aluminum"), 89);
  EXPECT_EQ(ed_sim("Neighbour", "Neighbor"), 89);
  EXPECT_EQ(ed_sim("Organise", "Organize"), 88);
  EXPECT_EQ(ed_sim("Practise", "Practice"), 88);
  EXPECT_EQ(ed_sim("Defence", "Defense"), 86);
  EXPECT_EQ(ed_sim("Analyse", "Analyze"), 86);
  EXPECT_EQ(ed_sim("Flavour", "Flavor"), 86);
  EXPECT_EQ(ed_sim("Honour", "Honor"), 83);
  EXPECT_EQ(ed_sim("Catalogue", "Catalog"), 78);
  EXPECT_EQ(ed_sim("Programme", "Program"), 78);
  EXPECT_EQ(ed_sim("Grey", "Gray"), 75);
  EXPECT_LT(ed_sim("Cheque", "Check"), 75);
  // The query with all four functions.
  EXPECT_EQ(ed_sim("Black", "Red"), 0);
  EXPECT_EQ(ed_sim("Colour", "Yellow"), 17);
  EXPECT_EQ(ed_sim("Microsoft", "Msft"), 44);
  EXPECT_EQ(ed_sim("Regex", "Regex"), 100);
  // Edge cases: two empty strings are equal; lengths in characters.
  EXPECT_EQ(ed_sim("", ""), 100);
  EXPECT_EQ(ed_sim("", "abc"), 0);
  EXPECT_EQ(ed_sim("日本", "日本語"), 67);
}

TEST(StringJaroWinkler, DistanceExamples) {
  // JARO_WINKLER_DISTANCE page, and the overview's query (WHERE JARO_WINKLER_DISTANCE(...) <= .05), whose
  // values are printed to 15 significant digits.
  EXPECT_NEAR(jw_dist("Colour", "Color"), 0.0333333333333333, 1e-15);
  EXPECT_EQ(jw_dist("Practice", "Practice"), 0.0);
  EXPECT_NEAR(jw_dist("Travelling", "Traveling"), 0.02, 1e-15);
  EXPECT_NEAR(jw_dist("Neighbour", "Neighbor"), 0.0222222222222223, 1e-15);
  EXPECT_NEAR(jw_dist("Aluminium", "Aluminum"), 0.0222222222222223, 1e-15);
  EXPECT_NEAR(jw_dist("Theatre", "Theater"), 0.0285714285714286, 1e-15);
  EXPECT_NEAR(jw_dist("Flavour", "Flavor"), 0.0285714285714286, 1e-15);
  EXPECT_NEAR(jw_dist("Centre", "Center"), 0.0333333333333333, 1e-15);
  EXPECT_NEAR(jw_dist("Honour", "Honor"), 0.0333333333333333, 1e-15);
  EXPECT_NEAR(jw_dist("Catalogue", "Catalog"), 0.0444444444444444, 1e-15);
  EXPECT_NEAR(jw_dist("Programme", "Program"), 0.0444444444444444, 1e-15);
  EXPECT_NEAR(jw_dist("Metre", "Meter"), 0.0466666666666667, 1e-15);
  // Exactly those twelve pairs pass the query's filter (Organise and Practise are 0.05 plus a rounding error).
  int passing = 0;
  for (const Pair p : kWordPairs) passing += jw_dist(p.uk, p.us) <= .05;
  EXPECT_EQ(passing, 12);
  EXPECT_GT(jw_dist("Organise", "Organize"), .05);
  EXPECT_GT(jw_dist("Practise", "Practice"), .05);
  // The query with all four functions.
  EXPECT_EQ(jw_dist("Black", "Red"), 1.0);
  EXPECT_NEAR(jw_dist("Colour", "Yellow"), 0.444444444444445, 1e-15);
  EXPECT_NEAR(jw_dist("Microsoft", "Msft"), 0.491666666666667, 1e-15);
  EXPECT_EQ(jw_dist("Regex", "Regex"), 0.0);
}

TEST(StringJaroWinkler, SimilarityExamples) {
  // JARO_WINKLER_SIMILARITY page (97 for Colour / Color: rounded, not cut) and the overview's query (WHERE
  // JARO_WINKLER_SIMILARITY(...) > 90). (The overview's query with all four functions shows 96, 55 and 50 for
  // Colour / Color, Colour / Yellow and Microsoft / Msft: cut, not rounded, against both other examples.)
  EXPECT_EQ(jw_sim("Colour", "Color"), 97);
  const std::pair<Pair, int> expected[] = {
      {{"Practice", "Practice"}, 100}, {{"Aluminium", "Aluminum"}, 98}, {{"Neighbour", "Neighbor"}, 98},
      {{"Travelling", "Traveling"}, 98}, {{"Colour", "Color"}, 97},      {{"Flavour", "Flavor"}, 97},
      {{"Centre", "Center"}, 97},       {{"Theatre", "Theater"}, 97},    {{"Honour", "Honor"}, 97},
      {{"Catalogue", "Catalog"}, 96},   {{"Programme", "Program"}, 96},  {{"Metre", "Meter"}, 95},
      {{"Organise", "Organize"}, 95},   {{"Practise", "Practice"}, 95},  {{"Analyse", "Analyze"}, 94},
      {{"Defence", "Defense"}, 94}};
  for (const auto& [p, v] : expected) EXPECT_EQ(jw_sim(p.uk, p.us), v) << p.uk;
  EXPECT_LE(jw_sim("Grey", "Gray"), 90);
  EXPECT_LE(jw_sim("Cheque", "Check"), 90);
  EXPECT_EQ(jw_sim("Black", "Red"), 0);
  EXPECT_EQ(jw_sim("Regex", "Regex"), 100);
}

TEST(StringJaroWinkler, EdgeCases) {
  EXPECT_EQ(jw_dist("", ""), 0.0);
  EXPECT_EQ(jw_dist("", "a"), 1.0);
  EXPECT_EQ(jw_dist("a", ""), 1.0);
  EXPECT_EQ(jw_sim("", ""), 100);
  // Case under the collation; characters, not bytes.
  EXPECT_EQ(jw_dist("MARTHA", "martha"), 0.0);
  EXPECT_GT(jw_dist("MARTHA", "martha", kBin), 0.0);
  EXPECT_EQ(jw_dist("日本語", "日本語"), 0.0);
  // Winkler's classic example: MARTHA / MARHTA, Jaro 0.944, with the 3-character prefix 0.961.
  EXPECT_NEAR(1.0 - jw_dist("MARTHA", "MARHTA"), 0.961111111111111, 1e-12);
  EXPECT_NEAR(1.0 - jw_dist("DWAYNE", "DUANE"), 0.84, 1e-12);
  EXPECT_NEAR(1.0 - jw_dist("DIXON", "DICKSONX"), 0.8133333333333332, 1e-12);
  // Same distance with multi-byte characters in the same places.
  EXPECT_EQ(jw_dist("MÄRTHA", "MÄRHTA"), jw_dist("MARTHA", "MARHTA"));
  // Up to 4000 characters each, Msg 8116 past them.
  const std::string c4000(4000, 'x'), c4001(4001, 'x');
  EXPECT_EQ(jw_dist(c4000, c4000), 0.0);
  double d = 0;
  EXPECT_EQ(tsf_jaro_winkler_distance(&d, c4001.data(), 4001, "x", 1, &kCi), kStringTooLong);
  int32_t s = 0;
  EXPECT_EQ(tsf_jaro_winkler_similarity(&s, "x", 1, c4001.data(), 4001, &kCi), kStringTooLong);
}

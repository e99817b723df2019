// LIKE and PATINDEX.
// Examples: "LIKE (Transact-SQL)", "PATINDEX (Transact-SQL)".
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "tessera/functions/string_functions.hpp"

using namespace tessera::fn;

namespace {
const SessionContext kCi{};
const SessionContext kBinary{.collation = 0};
bool like(std::string_view s, std::string_view p, const SessionContext& ctx = kCi) {
  uint8_t out = 2;
  EXPECT_EQ(tsf_like(&out, s.data(), int32_t(s.size()), p.data(), int32_t(p.size()), &ctx), kOk);
  return out == 1;
}
int32_t patindex(std::string_view p, std::string_view s, const SessionContext& ctx = kCi) {
  int32_t out = -1;
  EXPECT_EQ(tsf_patindex(&out, p.data(), int32_t(p.size()), s.data(), int32_t(s.size()), &ctx), kOk);
  return out;
}
}  // namespace

TEST(StringLike, DocumentedExamples) {
  // LIKE page, wildcard table.
  EXPECT_TRUE(like("The computer book", "%computer%"));
  EXPECT_FALSE(like("The cookbook", "%computer%"));
  EXPECT_TRUE(like("Dean", "_ean"));
  EXPECT_TRUE(like("Sean", "_ean"));
  EXPECT_FALSE(like("Jean-Luc", "_ean"));
  EXPECT_TRUE(like("Carsen", "[C-P]arsen"));
  EXPECT_TRUE(like("Larsen", "[C-P]arsen"));
  EXPECT_FALSE(like("Tarsen", "[C-P]arsen"));
  EXPECT_TRUE(like("Desmond", "de[^l]%"));
  EXPECT_FALSE(like("Delaney", "de[^l]%"));
  // LIKE page: trailing blanks of the match expression are ignored, the pattern's are not.
  EXPECT_TRUE(like("abc   ", "abc"));
  EXPECT_FALSE(like("abc", "abc "));
  // LIKE page: wildcards as literals via brackets.
  EXPECT_TRUE(like("5%", "5[%]"));
  EXPECT_FALSE(like("50", "5[%]"));
  EXPECT_TRUE(like("a_b", "a[_]b"));
  EXPECT_FALSE(like("axb", "a[_]b"));
  EXPECT_TRUE(like("[", "[[]"));
  EXPECT_TRUE(like("d-", "[a-cdf][-]"));
  // Case follows the collation.
  EXPECT_TRUE(like("GARCIA", "garcia"));
  EXPECT_FALSE(like("GARCIA", "garcia", kBinary));
  EXPECT_TRUE(like("b", "[A-C]"));
  EXPECT_FALSE(like("b", "[A-C]", kBinary));
}

TEST(StringLike, EdgeCases) {
  EXPECT_TRUE(like("", ""));
  EXPECT_TRUE(like("", "%"));
  EXPECT_TRUE(like("", "%%"));
  EXPECT_FALSE(like("", "_"));
  EXPECT_FALSE(like("a", ""));
  EXPECT_TRUE(like("   ", ""));  // only trailing blanks left
  EXPECT_TRUE(like("abc", "%"));
  EXPECT_TRUE(like("abc", "a%c"));
  EXPECT_TRUE(like("abcbc", "%bc"));
  EXPECT_TRUE(like("abcbcx", "%bc%x"));
  EXPECT_FALSE(like("abcbcx", "%bc%y"));
  EXPECT_TRUE(like("aaaaaaaaaaaaaaaaaaaab", "%a%a%a%a%b"));
  EXPECT_FALSE(like("aaaaaaaaaaaaaaaaaaaaa", "%a%a%a%a%b"));
  EXPECT_TRUE(like("ab  ", "%b"));
  EXPECT_TRUE(like("ab  ", "a_"));
  EXPECT_FALSE(like("ab x", "a_"));
  // Multi-byte characters are single characters for _ and sets.
  EXPECT_TRUE(like("日本語", "___"));
  EXPECT_FALSE(like("日本語", "____"));
  EXPECT_TRUE(like("日本語", "日%"));
  EXPECT_TRUE(like("😀", "[😀x]"));
  EXPECT_TRUE(like("é", "[à-ÿ]"));
  EXPECT_TRUE(like("É", "[à-ÿ]"));
  EXPECT_TRUE(like("Ü", "ü"));
  EXPECT_TRUE(like(std::string("\xff", 1), "_"));
  EXPECT_TRUE(like(std::string("a\xff", 2), "a\xff"));
  // Negated sets and sets with ] and ^.
  EXPECT_TRUE(like("x", "[^abc]"));
  EXPECT_FALSE(like("b", "[^abc]"));
  EXPECT_TRUE(like("]", "[]]"));
  EXPECT_TRUE(like("^", "[^]"));
  // An unclosed [ is a literal.
  EXPECT_TRUE(like("a[b", "a[b"));
  EXPECT_FALSE(like("ab", "a[b"));
}

TEST(StringPatindex, DocumentedExamples) {
  // PATINDEX page: 'ter' in 'interesting data'.
  EXPECT_EQ(patindex("%ter%", "interesting data"), 3);
  // PATINDEX page: 'en', any one character, 'ure'.
  EXPECT_EQ(patindex("%en_ure%", "Please ensure the door is locked!"), 8);
  // PATINDEX page: the first character that is not a letter or space.
  EXPECT_EQ(patindex("%[^ 0-9A-Za-z]%", "Please ensure the door is locked!"), 33);
}

TEST(StringPatindex, EdgeCases) {
  EXPECT_EQ(patindex("", "abc"), 0);
  EXPECT_EQ(patindex("%", "abc"), 1);
  EXPECT_EQ(patindex("%", ""), 0);
  EXPECT_EQ(patindex("%x%", ""), 0);
  EXPECT_EQ(patindex("abc", "abc"), 1);
  EXPECT_EQ(patindex("ab", "abc"), 0);
  EXPECT_EQ(patindex("a%", "abc"), 1);
  EXPECT_EQ(patindex("%bc", "abc"), 2);
  EXPECT_EQ(patindex("%c", "abcd"), 0);
  EXPECT_EQ(patindex("%語%", "日本語"), 3);
  EXPECT_EQ(patindex("%[0-9]%", "日本語7"), 4);
  EXPECT_EQ(patindex("%B%", "abc"), 2);
  EXPECT_EQ(patindex("%B%", "abc", kBinary), 0);
  EXPECT_EQ(patindex("%b%", std::string("\xff\xfe" "b", 3)), 3);
}

namespace {
int32_t like_escape(std::string_view s, std::string_view p, std::string_view e, uint8_t& out) {
  out = 2;
  return tsf_like_escape(&out, s.data(), int32_t(s.size()), p.data(), int32_t(p.size()), e.data(), int32_t(e.size()), &kCi);
}
bool like_esc(std::string_view s, std::string_view p, std::string_view e) {
  uint8_t out = 2;
  EXPECT_EQ(like_escape(s, p, e, out), kOk);
  return out == 1;
}
}  // namespace

TEST(StringLike, Escape) {
  // LIKE page, "Use the ESCAPE clause": WHERE c1 LIKE '%10-15!% off%' ESCAPE '!'.
  EXPECT_TRUE(like_esc("save 10-15% off today", "%10-15!% off%", "!"));
  EXPECT_FALSE(like_esc("save 10-15 percent off", "%10-15!% off%", "!"));
  // The escape makes _ and [ literal too, and itself when doubled.
  EXPECT_TRUE(like_esc("a_b", "a!_b", "!"));
  EXPECT_FALSE(like_esc("axb", "a!_b", "!"));
  EXPECT_TRUE(like_esc("[x]", "![x]", "!"));
  EXPECT_FALSE(like_esc("x", "![x]", "!"));
  EXPECT_TRUE(like_esc("a!b", "a!!b", "!"));
  // Unescaped wildcards still work; a multi-byte escape character.
  EXPECT_TRUE(like_esc("50% of 80", "50§% of %", "§"));
  // A trailing escape is literal; without the escape in the pattern it is plain LIKE.
  EXPECT_TRUE(like_esc("ab!", "ab!", "!"));
  EXPECT_TRUE(like_esc("abc", "a%", "!"));
  // The escape must be one character: SQL Server's Msg 506.
  uint8_t out = 0;
  EXPECT_EQ(like_escape("a", "a", "", out), kInvalidEscape);
  EXPECT_EQ(like_escape("a", "a", "!!", out), kInvalidEscape);
}

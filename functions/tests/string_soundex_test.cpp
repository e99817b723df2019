// SOUNDEX and DIFFERENCE.
// Examples: "SOUNDEX (Transact-SQL)", "DIFFERENCE (Transact-SQL)".
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "test_support.hpp"
#include "tessera/functions/string_functions.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::StrResult;

namespace {
std::string soundex(std::string_view s) {
  const StrResult r = call_str(tsf_soundex, s.data(), int32_t(s.size()));
  EXPECT_EQ(r.status, kOk);
  return r.value;
}
int32_t difference(std::string_view a, std::string_view b) {
  int32_t out = -1;
  EXPECT_EQ(tsf_difference(&out, a.data(), int32_t(a.size()), b.data(), int32_t(b.size())), kOk);
  return out;
}
}  // namespace

TEST(StringSoundex, DocumentedExamples) {
  // SOUNDEX page: Smith and Smythe have the same code.
  EXPECT_EQ(soundex("Smith"), "S530");
  EXPECT_EQ(soundex("Smythe"), "S530");
  // DIFFERENCE page.
  EXPECT_EQ(soundex("Green"), "G650");
  EXPECT_EQ(soundex("Greene"), "G650");
  EXPECT_EQ(soundex("Blotchet-Halls"), "B432");
}

TEST(StringSoundex, Rules) {
  EXPECT_EQ(soundex("Robert"), "R163");
  EXPECT_EQ(soundex("Rupert"), "R163");
  EXPECT_EQ(soundex("Rubin"), "R150");
  EXPECT_EQ(soundex("Ashcraft"), "A261");  // H does not separate S and C
  EXPECT_EQ(soundex("Tymczak"), "T522");   // vowels separate equal codes
  EXPECT_EQ(soundex("Pfister"), "P236");   // F has the first letter's code
  EXPECT_EQ(soundex("Honeyman"), "H555");
  EXPECT_EQ(soundex("lee"), "L000");
  EXPECT_EQ(soundex("a"), "A000");
  EXPECT_EQ(soundex(""), "0000");
  EXPECT_EQ(soundex("123"), "0000");
  EXPECT_EQ(soundex("  smith"), "S530");
  EXPECT_EQ(soundex("日本"), "0000");
  EXPECT_EQ(soundex(std::string("\xff" "abc", 4)), "A120");
}

TEST(StringDifference, DocumentedExamples) {
  // DIFFERENCE page: strings that differ only in vowels, and very different strings.
  EXPECT_EQ(difference("Green", "Greene"), 4);
  EXPECT_EQ(difference("Smithers", "Smythers"), 4);
  EXPECT_EQ(difference("Blotchet-Halls", "Greene"), 0);
  EXPECT_EQ(difference("", ""), 4);
  EXPECT_EQ(difference("Robert", "Rupert"), 4);
  EXPECT_EQ(difference("Robert", "Rubin"), 2);
}

// STRING_ESCAPE(text, 'json'). Expected values: "STRING_ESCAPE (Transact-SQL)" (its table of special and control
// characters, and example A) and "How FOR JSON escapes special characters and control characters" (CHAR(0),
// CHAR(1), CHAR(31)).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "test_support.hpp"
#include "tessera/functions/string_functions.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::StrResult;

namespace {
StrResult escape(std::string_view s) { return call_str(tsf_string_escape_json, s.data(), int32_t(s.size())); }
StrResult ok(std::string_view v) { return {kOk, std::string(v)}; }
}  // namespace

TEST(StringEscape, DocumentedExample) {
  // Example A: '\<tab>/<new line>\\<tab>"<tab>' is \\\t\/\n\\\\\t\"\t.
  EXPECT_EQ(escape("\\\t/\n\\\\\t\"\t"), ok(R"(\\\t\/\n\\\\\t\"\t)"));
}

TEST(StringEscape, SpecialCharacters) {
  EXPECT_EQ(escape("\""), ok(R"(\")"));
  EXPECT_EQ(escape("\\"), ok(R"(\\)"));
  EXPECT_EQ(escape("/"), ok(R"(\/)"));
  EXPECT_EQ(escape("\b\f\n\r\t"), ok(R"(\b\f\n\r\t)"));
  EXPECT_EQ(escape(R"({"a":"b/c"})"), ok(R"({\"a\":\"b\/c\"})"));
}

TEST(StringEscape, ControlCharactersAsHex) {
  EXPECT_EQ(escape(std::string_view("\0", 1)), ok(R"(\u0000)"));
  EXPECT_EQ(escape("\x01"), ok(R"(\u0001)"));
  EXPECT_EQ(escape("\x1f"), ok(R"(\u001f)"));
  EXPECT_EQ(escape("a\x0b" "b\x1b"), ok(R"(a\u000bb\u001b)"));
  // Not control characters: space, DEL, and multi-byte UTF-8 are copied.
  EXPECT_EQ(escape(" \x7f"), ok(" \x7f"));
  EXPECT_EQ(escape("Grüße 日本 😀"), ok("Grüße 日本 😀"));
}

TEST(StringEscape, EmptyAndLongest) {
  EXPECT_EQ(escape(""), ok(""));
  // Every byte a control character other than the short forms: six bytes each, the registry's bound.
  const std::string in(1000, '\x01');
  const StrResult r = escape(in);
  ASSERT_EQ(r.status, kOk);
  EXPECT_EQ(r.value.size(), 6000u);
  EXPECT_EQ(r.value.substr(5994), R"(\u0001)");
}

// UNISTR. Examples: "UNISTR (Transact-SQL)": 'Hello! \D83D\DE00' is 'Hello! ' and U+1F600 (the surrogate pair of
// NCHAR(0xd83d) + NCHAR(0xde00)), 'Hello! \+01F603' 'Hello! ' and U+1F603, and 'ABC#00C0#0181#0187' with '#' 'ABCÀƁƇ'.
namespace {
StrResult unistr(std::string_view s, int32_t escape = '\\') {
  return call_str(tsf_unistr, s.data(), int32_t(s.size()), escape);
}
}  // namespace

TEST(Unistr, DocumentedExamples) {
  EXPECT_EQ(unistr(R"(Hello! \D83D\DE00)"), ok("Hello! \xF0\x9F\x98\x80"));
  EXPECT_EQ(unistr(R"(Hello! \+01F603)"), ok("Hello! \xF0\x9F\x98\x83"));
  EXPECT_EQ(unistr("ABC#00C0#0181#0187", '#'), ok("ABC\u00C0\u0181\u0187"));
}

TEST(Unistr, SequencesAndTheEscapeItself) {
  EXPECT_EQ(unistr(R"(\0041\0062c)"), ok("Abc"));
  EXPECT_EQ(unistr(R"(\00e9\00E9)"), ok("éé"));  // either case of hex digits
  EXPECT_EQ(unistr(R"(\+000041\+10FFFF)"), ok("A\xF4\x8F\xBF\xBF"));
  EXPECT_EQ(unistr(R"(a\\b)"), ok(R"(a\b)"));  // the escape character twice is itself
  EXPECT_EQ(unistr("a##b#0041", '#'), ok("a#bA"));
  EXPECT_EQ(unistr(R"(no escapes: 日本 😀)"), ok("no escapes: 日本 😀"));
  EXPECT_EQ(unistr(""), ok(""));
  // A multi-byte escape character (é, U+00E9) and a backslash that is then plain text.
  EXPECT_EQ(unistr("x\\é0041éé", 0xE9), ok("x\\Aé"));
  // The result is never longer than the text.
  const std::string in = R"(\0041\00e9\20AC\D83D\DE00\+01F603\\)";
  const StrResult r = unistr(in);
  ASSERT_EQ(r.status, kOk);
  EXPECT_EQ(r.value, "Aé€\xF0\x9F\x98\x80\xF0\x9F\x98\x83\\");
  EXPECT_LE(r.value.size(), in.size());
}

TEST(Unistr, InvalidSequencesFailTheRow) {
  EXPECT_EQ(unistr(R"(\)").status, kInvalidArgument);          // the escape character last
  EXPECT_EQ(unistr(R"(\12)").status, kInvalidArgument);        // too few digits
  EXPECT_EQ(unistr(R"(\12G4)").status, kInvalidArgument);      // not hex
  EXPECT_EQ(unistr(R"(\+1234)").status, kInvalidArgument);     // too few digits for \+
  EXPECT_EQ(unistr(R"(\+110000)").status, kInvalidArgument);   // past U+10FFFF
  EXPECT_EQ(unistr(R"(\+00D800)").status, kInvalidArgument);   // a surrogate as a code point
  EXPECT_EQ(unistr(R"(\D83D)").status, kInvalidArgument);      // a lone high surrogate
  EXPECT_EQ(unistr(R"(\D83Dx)").status, kInvalidArgument);
  EXPECT_EQ(unistr(R"(\D83D\0041)").status, kInvalidArgument); // not followed by a low one
  EXPECT_EQ(unistr(R"(\DE00)").status, kInvalidArgument);      // a low surrogate first
  EXPECT_EQ(unistr(R"(\x)").status, kInvalidArgument);
}

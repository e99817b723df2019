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

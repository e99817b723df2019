// REPLICATE, SPACE, STUFF, CONCAT, CONCAT_WS, QUOTENAME.
// Examples: "REPLICATE (Transact-SQL)", "SPACE (Transact-SQL)", "STUFF (Transact-SQL)",
// "CONCAT (Transact-SQL)", "CONCAT_WS (Transact-SQL)", "QUOTENAME (Transact-SQL)".
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "test_support.hpp"
#include "tessera/functions/string_functions.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::StrResult;

namespace {
StrResult replicate(std::string_view s, int64_t n) { return call_str(tsf_replicate, s.data(), int32_t(s.size()), n); }
StrResult space(int32_t n) { return call_str(tsf_space, n); }
StrResult stuff(std::string_view s, int64_t start, int64_t len, std::string_view r) {
  return call_str(tsf_stuff, s.data(), int32_t(s.size()), start, len, r.data(), int32_t(r.size()));
}
StrResult quotename(std::string_view s) { return call_str(tsf_quotename, s.data(), int32_t(s.size())); }
StrResult quotename(std::string_view s, std::string_view q) {
  return call_str(tsf_quotename_quote, s.data(), int32_t(s.size()), q.data(), int32_t(q.size()));
}
// A nullable string argument.
struct Arg {
  const char* data;
  int32_t len;
  uint8_t null;
};
Arg A(std::string_view s) { return {s.data(), int32_t(s.size()), 0}; }
const Arg kNullArg{nullptr, 0, 1};
StrResult concat(Arg a, Arg b) { return call_str(tsf_concat_2, a.data, a.len, a.null, b.data, b.len, b.null); }
StrResult concat(Arg a, Arg b, Arg c) {
  return call_str(tsf_concat_3, a.data, a.len, a.null, b.data, b.len, b.null, c.data, c.len, c.null);
}
StrResult concat_ws(Arg s, Arg a, Arg b) {
  return call_str(tsf_concat_ws_2, s.data, s.len, s.null, a.data, a.len, a.null, b.data, b.len, b.null);
}
StrResult concat_ws(Arg s, Arg a, Arg b, Arg c) {
  return call_str(tsf_concat_ws_3, s.data, s.len, s.null, a.data, a.len, a.null, b.data, b.len, b.null, c.data,
                  c.len, c.null);
}
StrResult ok(std::string v) { return {kOk, std::move(v)}; }
const StrResult kNullResult{kNull, ""};
}  // namespace

TEST(StringReplicate, Examples) {
  // REPLICATE page: a value repeated to pad a code.
  EXPECT_EQ(replicate("0", 4), ok("0000"));
  EXPECT_EQ(replicate("ab", 3), ok("ababab"));
  EXPECT_EQ(replicate("ab", 0), ok(""));
  EXPECT_EQ(replicate("ab", -1), kNullResult);
  EXPECT_EQ(replicate("", 5), ok(""));
  EXPECT_EQ(replicate("日", 2), ok("日日"));
  // Truncated at 8000 bytes, never inside a character.
  EXPECT_EQ(replicate("x", 10000).value.size(), 8000u);
  EXPECT_EQ(replicate("x", std::numeric_limits<int64_t>::max()).value.size(), 8000u);
  EXPECT_EQ(replicate("日", 3000).value.size(), 7998u);
  EXPECT_EQ(replicate("abcd日", 2000).value.size(), 7998u);  // 7 * 1142 + "abcd"; 日 would not fit
}

TEST(StringSpace, Examples) {
  // SPACE page: a space between last and first names.
  EXPECT_EQ(space(1), ok(" "));
  EXPECT_EQ(space(2), ok("  "));
  EXPECT_EQ(space(0), ok(""));
  EXPECT_EQ(space(-1), kNullResult);
  EXPECT_EQ(space(std::numeric_limits<int32_t>::max()).value.size(), 8000u);
}

TEST(StringStuff, Examples) {
  // STUFF page: delete 3 characters of 'abcdef' at 2 and insert 'ijklmn'.
  EXPECT_EQ(stuff("abcdef", 2, 3, "ijklmn"), ok("aijklmnef"));
  EXPECT_EQ(stuff("abcdef", 0, 3, "x"), kNullResult);
  EXPECT_EQ(stuff("abcdef", 7, 1, "x"), kNullResult);
  EXPECT_EQ(stuff("abcdef", 2, -1, "x"), kNullResult);
  EXPECT_EQ(stuff("abcdef", 6, 1, "x"), ok("abcdex"));
  EXPECT_EQ(stuff("abcdef", 2, 100, "x"), ok("ax"));
  EXPECT_EQ(stuff("abcdef", 2, 0, "x"), ok("axbcdef"));
  EXPECT_EQ(stuff("abcdef", 1, 6, ""), ok(""));
  EXPECT_EQ(stuff("", 1, 0, "x"), kNullResult);
  EXPECT_EQ(stuff("日本語", 2, 1, "😀"), ok("日😀語"));
  EXPECT_EQ(stuff("abc", std::numeric_limits<int64_t>::max(), 1, "x"), kNullResult);
  EXPECT_EQ(stuff("abc", 1, std::numeric_limits<int64_t>::max(), "x"), ok("x"));
}

TEST(StringConcat, Examples) {
  // CONCAT page: NULLs become empty strings.
  EXPECT_EQ(concat(A("Happy "), A("Birthday "), A("11/25")), ok("Happy Birthday 11/25"));
  EXPECT_EQ(concat(A("Name"), kNullArg, A("Last")), ok("NameLast"));
  EXPECT_EQ(concat(kNullArg, kNullArg), ok(""));
  EXPECT_EQ(concat(A(""), A("")), ok(""));
  EXPECT_EQ(concat(A("日本"), A("語")), ok("日本語"));
  EXPECT_EQ(concat(A("a"), kNullArg), ok("a"));
}

TEST(StringConcatWs, Examples) {
  // CONCAT_WS page: NULLs are skipped, empty strings are not.
  EXPECT_EQ(concat_ws(A(","), A("1 Microsoft Way"), kNullArg, A("Redmond")), ok("1 Microsoft Way,Redmond"));
  EXPECT_EQ(concat_ws(A(" - "), A("Name"), A("Id")), ok("Name - Id"));
  EXPECT_EQ(concat_ws(A(","), A("a"), A(""), A("b")), ok("a,,b"));
  EXPECT_EQ(concat_ws(A(","), kNullArg, kNullArg), ok(""));
  EXPECT_EQ(concat_ws(A(","), kNullArg, A("b")), ok("b"));
  EXPECT_EQ(concat_ws(kNullArg, A("a"), A("b")), ok("ab"));
  EXPECT_EQ(concat_ws(A("・"), A("日本"), A("語")), ok("日本・語"));
}

TEST(StringConcatWs, ChainLink) {
  // The link the binder chains for 4..254 arguments: NULL only when every part is NULL, else concat_ws_3.
  auto link = [](Arg s, Arg a, Arg b, Arg c) {
    return call_str(tsf_concat_ws_3_or_null, s.data, s.len, s.null, a.data, a.len, a.null, b.data, b.len, b.null,
                    c.data, c.len, c.null);
  };
  EXPECT_EQ(link(A(","), kNullArg, kNullArg, kNullArg), kNullResult);
  EXPECT_EQ(link(kNullArg, kNullArg, kNullArg, kNullArg), kNullResult);
  EXPECT_EQ(link(A(","), kNullArg, A(""), kNullArg), ok(""));
  EXPECT_EQ(link(A(","), A("a"), kNullArg, A("c")), ok("a,c"));
  // CONCAT_WS(',', NULL, NULL, NULL, 'd', 'e'): link(',', NULL, NULL, NULL) is NULL, then
  // concat_ws_3(',', NULL, 'd', 'e') is 'd,e' (an empty link would have given ',d,e').
  const StrResult first = link(A(","), kNullArg, kNullArg, kNullArg);
  EXPECT_EQ(concat_ws(A(","), first.status == kNull ? kNullArg : A(first.value), A("d"), A("e")), ok("d,e"));
}

TEST(StringQuotename, Examples) {
  // QUOTENAME page: the right bracket is doubled.
  EXPECT_EQ(quotename("abc[]def"), ok("[abc[]]def]"));
  EXPECT_EQ(quotename("abc def"), ok("[abc def]"));
  EXPECT_EQ(quotename(""), ok("[]"));
  EXPECT_EQ(quotename("日本"), ok("[日本]"));
  EXPECT_EQ(quotename(std::string(128, 'x')).value.size(), 130u);
  EXPECT_EQ(quotename(std::string(129, 'x')), kNullResult);
  EXPECT_EQ(quotename(std::string(128, ']')).value.size(), 258u);
  // QUOTENAME page: other quote characters.
  EXPECT_EQ(quotename("user's \"custom\" name", "'"), ok("'user''s \"custom\" name'"));
  EXPECT_EQ(quotename("a\"b", "\""), ok("\"a\"\"b\""));
  EXPECT_EQ(quotename("a]b", "]"), ok("[a]]b]"));
  EXPECT_EQ(quotename("a)b", "("), ok("(a))b)"));
  EXPECT_EQ(quotename("a>b", "<"), ok("<a>>b>"));
  EXPECT_EQ(quotename("a}b", "{"), ok("{a}}b}"));
  EXPECT_EQ(quotename("a`b", "`"), ok("`a``b`"));
  EXPECT_EQ(quotename("ab", "x"), kNullResult);
  EXPECT_EQ(quotename("ab", ""), kNullResult);
  EXPECT_EQ(quotename("ab", "[]"), kNullResult);
}

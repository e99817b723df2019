// JSON_CONTAINS (SQL Server 2025). Expected values: "JSON_CONTAINS (Transact-SQL)"'s examples (an integer, a
// string, a BIT in an array with $[*], a nested array with $[*][*], objects in an array with $[*].a) and its
// remarks (the search value's SQL type decides the comparison; NULL when the path has no value; a path that is
// not valid is an error), with RFC 8259 for what is valid JSON. Statuses carry SQL Server's Msg numbers.
#include <gtest/gtest.h>

#include <string_view>

#include "tessera/functions/session_context.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/functions/string_functions.hpp"

using namespace tessera::fn;

namespace {
// 1, 0, or the status as a negative number (kNull: -1).
int32_t result(int32_t st, int32_t out) { return st == kOk ? out : -st; }
constexpr int32_t kNullResult = -kNull;

int32_t contains_str(std::string_view j, std::string_view v, std::string_view path = "$", int32_t mode = 0,
                     bool ci = false) {
  SessionContext ctx{};
  ctx.collation = ci ? kCaseInsensitive : 0u;
  int32_t out = -9;
  const int32_t st = tsf_json_contains(&out, j.data(), int32_t(j.size()), v.data(), int32_t(v.size()), path.data(),
                                       int32_t(path.size()), mode, &ctx);
  return result(st, out);
}
int32_t contains_int(std::string_view j, int64_t v, std::string_view path = "$") {
  int32_t out = -9;
  const int32_t st = tsf_json_contains_bigint(&out, j.data(), int32_t(j.size()), v, path.data(), int32_t(path.size()));
  return result(st, out);
}
int32_t contains_dec(std::string_view j, int64_t v, int32_t s, std::string_view path = "$") {
  int32_t out = -9;
  const int32_t st =
      tsf_json_contains_decimal(&out, j.data(), int32_t(j.size()), v, 18, s, path.data(), int32_t(path.size()));
  return result(st, out);
}
int32_t contains_money(std::string_view j, int64_t v, std::string_view path = "$") {
  int32_t out = -9;
  const int32_t st = tsf_json_contains_money(&out, j.data(), int32_t(j.size()), v, path.data(), int32_t(path.size()));
  return result(st, out);
}
int32_t contains_float(std::string_view j, double v, std::string_view path = "$") {
  int32_t out = -9;
  const int32_t st = tsf_json_contains_float(&out, j.data(), int32_t(j.size()), v, path.data(), int32_t(path.size()));
  return result(st, out);
}
int32_t contains_bit(std::string_view j, bool v, std::string_view path = "$") {
  int32_t out = -9;
  const int32_t st =
      tsf_json_contains_bit(&out, j.data(), int32_t(j.size()), v ? 1 : 0, path.data(), int32_t(path.size()));
  return result(st, out);
}
}  // namespace

TEST(JsonContains, DocumentedExamples) {
  // A: an integer at a path.
  EXPECT_EQ(contains_int(R"({"a": 1, "b": 2, "c": {"d": 4}})", 1, "$.a"), 1);
  // B: a string at a path.
  EXPECT_EQ(contains_str(R"({"a": "1", "b": 2, "c": {"d": 4}})", "1", "$.a"), 1);
  // C: a BIT in an array.
  EXPECT_EQ(contains_bit("[0, 1, true, false]", true, "$[*]"), 1);
  // D: an integer in a nested array.
  EXPECT_EQ(contains_int("[1, [2, 3], 4]", 2, "$[*][*]"), 1);
  // E: an integer in the objects of an array.
  EXPECT_EQ(contains_int(R"([{"a": 1}, {"b": 2}, {"c": 3}, {"a": 56}])", 56, "$[*].a"), 1);
}

TEST(JsonContains, TheSqlTypeDecides) {
  // A string is not a number and a number is not a string.
  EXPECT_EQ(contains_int(R"({"a": "1"})", 1, "$.a"), 0);
  EXPECT_EQ(contains_str(R"({"a": 1})", "1", "$.a"), 0);
  EXPECT_EQ(contains_int(R"({"a": 1, "b": 2})", 2, "$.a"), 0);
  // BIT matches true and false only.
  EXPECT_EQ(contains_bit("[0, 1]", true, "$[*]"), 0);
  EXPECT_EQ(contains_bit("[true]", false, "$[*]"), 0);
  EXPECT_EQ(contains_bit(R"({"x": false})", false, "$.x"), 1);
  EXPECT_EQ(contains_str(R"({"x": true})", "true", "$.x"), 0);
  EXPECT_EQ(contains_int(R"({"x": null})", 0, "$.x"), 0);
}

TEST(JsonContains, NumbersCompareExactly) {
  EXPECT_EQ(contains_int("[1.0]", 1, "$[*]"), 1);
  EXPECT_EQ(contains_int("[1e2]", 100, "$[*]"), 1);
  EXPECT_EQ(contains_int("[100E-2]", 1, "$[*]"), 1);
  EXPECT_EQ(contains_int("[0.1e1]", 1, "$[*]"), 1);
  EXPECT_EQ(contains_int("[-0]", 0, "$[*]"), 1);
  EXPECT_EQ(contains_int("[0.0]", 0, "$[*]"), 1);
  EXPECT_EQ(contains_int("[-5]", -5, "$[*]"), 1);
  EXPECT_EQ(contains_int("[5]", -5, "$[*]"), 0);
  EXPECT_EQ(contains_int("[1.5]", 1, "$[*]"), 0);
  EXPECT_EQ(contains_int("[10]", 1, "$[*]"), 0);
  EXPECT_EQ(contains_int("[9223372036854775807]", INT64_MAX, "$[*]"), 1);
  EXPECT_EQ(contains_int("[-9223372036854775808]", INT64_MIN, "$[*]"), 1);
  EXPECT_EQ(contains_int("[9223372036854775808]", INT64_MAX, "$[*]"), 0);
  EXPECT_EQ(contains_int("[1e999999999999]", 1, "$[*]"), 0);
  // DECIMAL(p, s) and MONEY: the value, whatever the scale.
  EXPECT_EQ(contains_dec("[49.99]", 4999, 2, "$[*]"), 1);
  EXPECT_EQ(contains_dec("[49.990]", 49990, 3, "$[*]"), 1);
  EXPECT_EQ(contains_dec("[4.999e1]", 4999, 2, "$[*]"), 1);
  EXPECT_EQ(contains_dec("[49.9]", 4999, 2, "$[*]"), 0);
  EXPECT_EQ(contains_dec("[0.001]", 1, 3, "$[*]"), 1);
  EXPECT_EQ(contains_dec("[1]", 100, 2, "$[*]"), 1);
  EXPECT_EQ(contains_money("[12.5]", 125000, "$[*]"), 1);
  EXPECT_EQ(contains_money("[12.50001]", 125000, "$[*]"), 0);
  // FLOAT: the JSON number as a double.
  EXPECT_EQ(contains_float("[0.5]", 0.5, "$[*]"), 1);
  EXPECT_EQ(contains_float("[5e-1]", 0.5, "$[*]"), 1);
  EXPECT_EQ(contains_float("[0.1]", 0.1, "$[*]"), 1);
  EXPECT_EQ(contains_float("[0.3]", 0.1 + 0.2, "$[*]"), 0);
}

TEST(JsonContains, Strings) {
  // Escapes decoded, multi-byte UTF-8, trailing spaces ignored as the engine's = does.
  EXPECT_EQ(contains_str(R"(["a\"b"])", "a\"b", "$[*]"), 1);
  EXPECT_EQ(contains_str(R"(["\u00e9t\u00E9"])", "été", "$[*]"), 1);
  EXPECT_EQ(contains_str(R"(["日本"])", "日本", "$[*]"), 1);
  EXPECT_EQ(contains_str(R"(["abc  "])", "abc", "$[*]"), 1);
  EXPECT_EQ(contains_str(R"(["abc"])", "abc ", "$[*]"), 1);
  EXPECT_EQ(contains_str(R"(["abc"])", "ab", "$[*]"), 0);
  EXPECT_EQ(contains_str(R"([""])", "", "$[*]"), 1);
  // The collation: binary by default, case-insensitive when the session's is.
  EXPECT_EQ(contains_str(R"(["ABC"])", "abc", "$[*]"), 0);
  EXPECT_EQ(contains_str(R"(["ABC"])", "abc", "$[*]", 0, true), 1);
  // search_mode 1: LIKE.
  EXPECT_EQ(contains_str(R"(["apple", "banana"])", "ban%", "$[*]", 1), 1);
  EXPECT_EQ(contains_str(R"(["apple", "banana"])", "ban%", "$[*]", 0), 0);
  EXPECT_EQ(contains_str(R"(["apple"])", "_pple", "$[*]", 1), 1);
  EXPECT_EQ(contains_str(R"(["a\tb"])", "a_b", "$[*]", 1), 1);
  EXPECT_EQ(contains_str(R"(["APPLE"])", "a%", "$[*]", 1, true), 1);
  EXPECT_EQ(contains_str(R"(["x"])", "x", "$[*]", 2), -kInvalidArgument);
}

TEST(JsonContains, PathsAndNulls) {
  // The default path $: the document itself.
  EXPECT_EQ(contains_int("5", 5), 1);
  EXPECT_EQ(contains_str(R"("x")", "x"), 1);
  // An object or an array at the path contains no scalar (a path to an array needs [*]).
  EXPECT_EQ(contains_int("[1, 2]", 1), 0);
  EXPECT_EQ(contains_int(R"({"a": [1]})", 1, "$.a"), 0);
  EXPECT_EQ(contains_int(R"({"a": [1]})", 1, "$.a[*]"), 1);
  EXPECT_EQ(contains_int(R"({"a": [1, 2]})", 2, "$.a[1]"), 1);
  EXPECT_EQ(contains_int(R"({"a": [1, 2]})", 2, "$.a[0]"), 0);
  // No value at the path: NULL in lax mode, Msg 13608 in strict mode.
  EXPECT_EQ(contains_int(R"({"a": 1})", 1, "$.b"), kNullResult);
  EXPECT_EQ(contains_int(R"({"a": 1})", 1, "lax $.b"), kNullResult);
  EXPECT_EQ(contains_int(R"({"a": 1})", 1, "strict $.b"), -kJsonPropertyNotFound);
  EXPECT_EQ(contains_int("[]", 1, "$[*]"), kNullResult);
  EXPECT_EQ(contains_int(R"({"a": 1})", 1, "$[*]"), kNullResult);
  EXPECT_EQ(contains_int(R"({"a": 2})", 1, "strict $.a"), 0);
  // Quoted keys and keys with escapes.
  EXPECT_EQ(contains_int(R"({"a b": 7})", 7, R"($."a b")"), 1);
  EXPECT_EQ(contains_int(R"({"\u0061": 7})", 7, "$.a"), 1);
  // Paths that are not valid: Msg 13607.
  EXPECT_EQ(contains_int("[1]", 1, "$["), -kJsonPathInvalid);
  EXPECT_EQ(contains_int("[1]", 1, "$[*"), -kJsonPathInvalid);
  EXPECT_EQ(contains_int("[1]", 1, "a"), -kJsonPathInvalid);
  EXPECT_EQ(contains_int("[1]", 1, ""), -kJsonPathInvalid);
}

TEST(JsonContains, TextThatIsNotJson) {
  EXPECT_EQ(contains_int("", 1), -kJsonTextInvalid);
  EXPECT_EQ(contains_int("[1, 2", 3, "$[*]"), -kJsonTextInvalid);
  EXPECT_EQ(contains_int("[01]", 1, "$[*]"), -kJsonTextInvalid);
  EXPECT_EQ(contains_int("[1] x", 2, "$[*]"), -kJsonTextInvalid);
  EXPECT_EQ(contains_int(R"({"a": 1,})", 2, "$.a"), -kJsonTextInvalid);
  EXPECT_EQ(contains_int(R"({"a": [1, {"b": }]})", 2, "$.c"), -kJsonTextInvalid);
  // Found before the text goes wrong: the rest is not read (as JSON_VALUE).
  EXPECT_EQ(contains_int("[1, 2", 1, "$[*]"), 1);
  // Deep nesting elsewhere in the document is checked too.
  EXPECT_EQ(contains_int(R"({"x": [[[{"y": [1, 2, {"z": "w"}]}]]], "a": 3})", 3, "$.a"), 1);
  EXPECT_EQ(contains_int(R"({"x": [[[{"y": [1, 2, {"z": "w"}]}]]], "a": 3})", 4, "$.a"), 0);
}

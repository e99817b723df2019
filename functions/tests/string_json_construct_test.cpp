// JSON_OBJECT and JSON_ARRAY's links (SQL Server 2022). Expected values: the examples of "JSON_OBJECT
// (Transact-SQL)" and "JSON_ARRAY (Transact-SQL)" as the binder's chains would build them, and "How FOR JSON
// escapes special characters and control characters" for the escapes; edge cases of the chain (the container so
// far, flags, NULL keys and values).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "test_support.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/functions/string_functions.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::StrResult;

namespace {
// A text argument: the bytes and whether it is NULL.
struct Arg {
  std::string_view s;
  bool null = false;
};
constexpr Arg kNullArg{"", true};
constexpr int32_t kAbsent = 1;
// The kind of value i (0 a string, 1 a number or JSON text, 2 a BIT's text) in the flags.
constexpr int32_t raw(int i) { return 1 << (1 + 2 * i); }
constexpr int32_t bit(int i) { return 2 << (1 + 2 * i); }

int32_t len(Arg a) { return int32_t(a.s.size()); }
uint8_t nul(Arg a) { return a.null ? 1 : 0; }

StrResult object1(Arg acc, Arg k1, Arg v1, int32_t flags) {
  return call_str(tsf_json_object_1, acc.s.data(), len(acc), nul(acc), k1.s.data(), len(k1), nul(k1), v1.s.data(),
                  len(v1), nul(v1), flags);
}
StrResult object2(Arg acc, Arg k1, Arg v1, Arg k2, Arg v2, int32_t flags) {
  return call_str(tsf_json_object_2, acc.s.data(), len(acc), nul(acc), k1.s.data(), len(k1), nul(k1), v1.s.data(),
                  len(v1), nul(v1), k2.s.data(), len(k2), nul(k2), v2.s.data(), len(v2), nul(v2), flags);
}
StrResult object3(Arg acc, Arg k1, Arg v1, Arg k2, Arg v2, Arg k3, Arg v3, int32_t flags) {
  return call_str(tsf_json_object_3, acc.s.data(), len(acc), nul(acc), k1.s.data(), len(k1), nul(k1), v1.s.data(),
                  len(v1), nul(v1), k2.s.data(), len(k2), nul(k2), v2.s.data(), len(v2), nul(v2), k3.s.data(),
                  len(k3), nul(k3), v3.s.data(), len(v3), nul(v3), flags);
}
StrResult array1(Arg acc, Arg v1, int32_t flags) {
  return call_str(tsf_json_array_1, acc.s.data(), len(acc), nul(acc), v1.s.data(), len(v1), nul(v1), flags);
}
StrResult array2(Arg acc, Arg v1, Arg v2, int32_t flags) {
  return call_str(tsf_json_array_2, acc.s.data(), len(acc), nul(acc), v1.s.data(), len(v1), nul(v1), v2.s.data(),
                  len(v2), nul(v2), flags);
}
StrResult array3(Arg acc, Arg v1, Arg v2, Arg v3, int32_t flags) {
  return call_str(tsf_json_array_3, acc.s.data(), len(acc), nul(acc), v1.s.data(), len(v1), nul(v1), v2.s.data(),
                  len(v2), nul(v2), v3.s.data(), len(v3), nul(v3), flags);
}
StrResult ok(std::string s) { return {kOk, std::move(s)}; }
}  // namespace

TEST(StringJsonConstruct, JsonObjectDocumented) {
  // Example 2: JSON_OBJECT('name':'value', 'type':1).
  EXPECT_EQ(object2({"{}"}, {"name"}, {"value"}, {"type"}, {"1"}, raw(1)), ok("{\"name\":\"value\",\"type\":1}"));
  // Example 3: 'type':NULL ABSENT ON NULL (the binder drops a NULL constant; a NULL column is left out here).
  EXPECT_EQ(object2({"{}"}, {"name"}, {"value"}, {"type"}, kNullArg, kAbsent), ok("{\"name\":\"value\"}"));
  // NULL ON NULL (the default): null.
  EXPECT_EQ(object2({"{}"}, {"name"}, {"value"}, {"type"}, kNullArg, 0), ok("{\"name\":\"value\",\"type\":null}"));
  // Examples 4 and 5: a nested JSON_ARRAY / JSON_OBJECT is written as it is.
  EXPECT_EQ(object2({"{}"}, {"name"}, {"value"}, {"type"}, {"[1,2]"}, raw(1)),
            ok("{\"name\":\"value\",\"type\":[1,2]}"));
  EXPECT_EQ(object2({"{}"}, {"name"}, {"value"}, {"type"}, {"{\"type_id\":1,\"name\":\"a\"}"}, raw(1)),
            ok("{\"name\":\"value\",\"type\":{\"type_id\":1,\"name\":\"a\"}}"));
  // Example 6's shape: three members in one link.
  EXPECT_EQ(object3({"{}"}, {"user_name"}, {"dbo"}, {"id"}, {"E2CBD8B4-13C1-4D2F-BFF7-E6D722F095FD"}, {"sid"},
                    {"63"}, raw(2)),
            ok("{\"user_name\":\"dbo\",\"id\":\"E2CBD8B4-13C1-4D2F-BFF7-E6D722F095FD\",\"sid\":63}"));
  // Example 7: a backslash in a string is escaped.
  EXPECT_EQ(object1({"{}"}, {"login"}, {"NT SERVICE\\SQLTELEMETRY$SQL22"}, 0),
            ok("{\"login\":\"NT SERVICE\\\\SQLTELEMETRY$SQL22\"}"));
}

TEST(StringJsonConstruct, JsonArrayDocumented) {
  // Example 2: JSON_ARRAY('a', 1, 'b', 2) as two links.
  const StrResult first = array3({"[]"}, {"a"}, {"1"}, {"b"}, kAbsent | raw(1));
  EXPECT_EQ(first, ok("[\"a\",1,\"b\"]"));
  EXPECT_EQ(array1({first.value}, {"2"}, kAbsent | raw(0)), ok("[\"a\",1,\"b\",2]"));
  // Example 3: ABSENT ON NULL (the default) leaves a NULL out; example 4: NULL ON NULL writes null.
  EXPECT_EQ(array1({"[\"a\",1,\"b\"]"}, kNullArg, kAbsent), ok("[\"a\",1,\"b\"]"));
  EXPECT_EQ(array2({"[\"a\",1]"}, kNullArg, {"2"}, raw(1)), ok("[\"a\",1,null,2]"));
  // Examples 5 and 6: nested JSON as it is.
  EXPECT_EQ(array3({"[]"}, {"a"}, {"{\"name\":\"value\",\"type\":1}"}, {"[1,null,2]"}, kAbsent | raw(1) | raw(2)),
            ok("[\"a\",{\"name\":\"value\",\"type\":1},[1,null,2]]"));
  // Example 8's shape: strings.
  EXPECT_EQ(array3({"[]"}, {"WIN16-VM"}, {"Microsoft SQL Server Management Studio - Query"},
                   {".Net SqlClient Data Provider"}, kAbsent),
            ok("[\"WIN16-VM\",\"Microsoft SQL Server Management Studio - Query\",\".Net SqlClient Data Provider\"]"));
}

TEST(StringJsonConstruct, ValuesByKind) {
  // BIT: true / false (the binder passes its text, 1 or 0).
  EXPECT_EQ(array2({"[]"}, {"1"}, {"0"}, bit(0) | bit(1)), ok("[true,false]"));
  EXPECT_EQ(object1({"{}"}, {"b"}, {""}, bit(0)), ok("{\"b\":false}"));
  // Numbers as written; a string that looks like a number is still a string.
  EXPECT_EQ(array3({"[]"}, {"-12.50"}, {"4.999000000000000e+001"}, {"12"}, raw(0) | raw(1)),
            ok("[-12.50,4.999000000000000e+001,\"12\"]"));
  // Escapes ("How FOR JSON escapes special characters and control characters"): " \ / and the control
  // characters; multi-byte UTF-8 as it is; keys too.
  EXPECT_EQ(array1({"[]"}, {"q\"b\\s/ \b\f\n\r\t\x01\x1f é日本"}, 0),
            ok("[\"q\\\"b\\\\s\\/ \\b\\f\\n\\r\\t\\u0001\\u001f é日本\"]"));
  EXPECT_EQ(object1({"{}"}, {"a/\"b\""}, {"x"}, 0), ok("{\"a\\/\\\"b\\\"\":\"x\"}"));
  EXPECT_EQ(object1({"{}"}, {""}, {""}, 0), ok("{\"\":\"\"}"));
  // Kind 3 (not written by the binder) is a string.
  EXPECT_EQ(array1({"[]"}, {"x"}, 3 << 1), ok("[\"x\"]"));
  // An embedded NUL byte is \u0000.
  EXPECT_EQ(array1({"[]"}, {std::string_view("a\0b", 3)}, 0), ok("[\"a\\u0000b\"]"));
}

TEST(StringJsonConstruct, ChainsAndNulls) {
  // Each link adds to the container so far, with a comma after existing members.
  EXPECT_EQ(object1({"{\"a\":1}"}, {"b"}, {"2"}, raw(0)), ok("{\"a\":1,\"b\":2}"));
  EXPECT_EQ(array1({"[1]"}, {"2"}, raw(0)), ok("[1,2]"));
  // Every value NULL under ABSENT ON NULL: the container as it was.
  EXPECT_EQ(object3({"{}"}, {"a"}, kNullArg, {"b"}, kNullArg, {"c"}, kNullArg, kAbsent), ok("{}"));
  EXPECT_EQ(array3({"[7]"}, kNullArg, kNullArg, kNullArg, kAbsent), ok("[7]"));
  EXPECT_EQ(array3({"[]"}, kNullArg, kNullArg, kNullArg, 0), ok("[null,null,null]"));
  // A NULL value with a non-NULL one after it under ABSENT ON NULL: no stray comma.
  EXPECT_EQ(object3({"{}"}, {"a"}, kNullArg, {"b"}, {"1"}, {"c"}, kNullArg, kAbsent | raw(1)), ok("{\"b\":1}"));
  // A NULL key fails the row (kInvalidArgument, Msg 8116), whatever the value and the clause.
  EXPECT_EQ(object1({"{}"}, kNullArg, {"x"}, 0).status, kInvalidArgument);
  EXPECT_EQ(object2({"{}"}, {"a"}, {"x"}, kNullArg, kNullArg, kAbsent).status, kInvalidArgument);
  // A container argument the binder never passes (NULL, empty): an opening bracket is written.
  EXPECT_EQ(array1(kNullArg, {"1"}, raw(0)), ok("[1]"));
  EXPECT_EQ(object1({""}, {"a"}, {"1"}, raw(0)), ok("{\"a\":1}"));
  // Flags bits above the values' kinds are ignored.
  EXPECT_EQ(array1({"[]"}, {"1"}, raw(0) | (1 << 20)), ok("[1]"));
}

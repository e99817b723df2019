// ISJSON, JSON_VALUE, JSON_QUERY, JSON_PATH_EXISTS and JSON_MODIFY. Expected values: each function's page
// ("ISJSON (Transact-SQL)" and its SQL Server 2022 json_type_constraint table, "JSON_VALUE (Transact-SQL)"'s lax
// and strict table and examples, "JSON_QUERY (Transact-SQL)", "JSON_PATH_EXISTS (Transact-SQL)", "JSON_MODIFY
// (Transact-SQL)"'s examples), and RFC 8259 for what is valid JSON; error statuses carry SQL Server's Msg numbers
// (status.hpp).
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
int32_t isjson(std::string_view s) {
  int32_t out = -1;
  EXPECT_EQ(tsf_isjson(&out, s.data(), int32_t(s.size())), kOk);
  return out;
}
int32_t isjson(std::string_view s, int32_t type) {
  int32_t out = -1;
  EXPECT_EQ(tsf_isjson_type(&out, s.data(), int32_t(s.size()), type), kOk);
  return out;
}
StrResult value(std::string_view json, std::string_view path) {
  return call_str(tsf_json_value, json.data(), int32_t(json.size()), path.data(), int32_t(path.size()));
}
StrResult query(std::string_view json, std::string_view path) {
  return call_str(tsf_json_query, json.data(), int32_t(json.size()), path.data(), int32_t(path.size()));
}
StrResult query(std::string_view json) { return call_str(tsf_json_query_root, json.data(), int32_t(json.size())); }
// 1, 0, or the status as a negative number.
int32_t exists(std::string_view json, std::string_view path) {
  int32_t out = -1;
  const int32_t st = tsf_json_path_exists(&out, json.data(), int32_t(json.size()), path.data(), int32_t(path.size()));
  return st == kOk ? out : -st;
}
// JSON_MODIFY with a string value; a null value_ptr is SQL NULL.
StrResult modify(std::string_view json, std::string_view path, const char* v) {
  const std::string_view sv = v ? std::string_view(v) : std::string_view();
  return call_str(tsf_json_modify, json.data(), int32_t(json.size()), uint8_t(0), path.data(), int32_t(path.size()),
                  uint8_t(0), sv.data(), int32_t(sv.size()), uint8_t(v == nullptr));
}
StrResult modify_json(std::string_view json, std::string_view path, std::string_view v) {
  return call_str(tsf_json_modify_json, json.data(), int32_t(json.size()), uint8_t(0), path.data(),
                  int32_t(path.size()), uint8_t(0), v.data(), int32_t(v.size()), uint8_t(0));
}
StrResult modify_int(std::string_view json, std::string_view path, int64_t v) {
  return call_str(tsf_json_modify_bigint, json.data(), int32_t(json.size()), uint8_t(0), path.data(),
                  int32_t(path.size()), uint8_t(0), v, uint8_t(0));
}
StrResult ok(std::string_view v) { return {kOk, std::string(v)}; }
StrResult null() { return {kNull, ""}; }
StrResult error(int32_t st) { return {st, ""}; }

// "JSON_VALUE (Transact-SQL)"'s text for its lax and strict table.
constexpr std::string_view kInfo = R"({
     "info":{
       "type":1,
       "address":{
         "town":"Bristol",
         "county":"Avon",
         "country":"England"
       },
       "tags":["Sport", "Water polo"]
    },
    "type":"Basic"
 })";
}  // namespace

TEST(StringJson, IsjsonDocumented) {
  // ISJSON page, example 1's text; without a constraint only objects and arrays are JSON.
  EXPECT_EQ(isjson(R"([ {"name": "John", "skills": [ "SQL", "C#", "Azure" ]}, {"name": "Jane", "surname": "Doe"} ])"), 1);
  EXPECT_EQ(isjson("{}"), 1);
  EXPECT_EQ(isjson(" [ ] \n"), 1);
  // SQL Server 2022's table (the ISJSON announcement): input, ISJSON(x), VALUE, ARRAY, OBJECT, SCALAR.
  struct Row {
    const char* text;
    int32_t plain, value, array, object, scalar;
  };
  const Row rows[] = {
      {"Test string", 0, 0, 0, 0, 0},  {R"("Test string")", 0, 1, 0, 0, 1}, {"true", 0, 1, 0, 0, 0},
      {"TRUE", 0, 0, 0, 0, 0},         {"null", 0, 1, 0, 0, 0},            {"Null", 0, 0, 0, 0, 0},
      {"123", 0, 1, 0, 0, 1},          {"234.5", 0, 1, 0, 0, 1},           {"6E7", 0, 1, 0, 0, 1},
      {"8E-2", 0, 1, 0, 0, 1},         {"-1", 0, 1, 0, 0, 1},              {"[1, 2]", 1, 1, 1, 0, 0},
      {R"({"a": 1})", 1, 1, 0, 1, 0},  {"false", 0, 1, 0, 0, 0},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(r.text);
    EXPECT_EQ(isjson(r.text), r.plain);
    EXPECT_EQ(isjson(r.text, kJsonTypeValue), r.value);
    EXPECT_EQ(isjson(r.text, kJsonTypeArray), r.array);
    EXPECT_EQ(isjson(r.text, kJsonTypeObject), r.object);
    EXPECT_EQ(isjson(r.text, kJsonTypeScalar), r.scalar);
  }
  // Example 4 and 5 of the page: ISJSON('true', VALUE) is 1, ISJSON('test string', VALUE) is 0.
  EXPECT_EQ(isjson("true", kJsonTypeValue), 1);
  EXPECT_EQ(isjson("test string", kJsonTypeValue), 0);
  // Duplicate keys are not checked (the page's remark).
  EXPECT_EQ(isjson(R"({"a":1,"a":2})"), 1);
}

TEST(StringJson, IsjsonRejectsWhatRfc8259Does) {
  for (const char* bad : {"", "   ", "{", "[1,]", "[1 2]", R"({"a" 1})", R"({"a":1,})", R"({a:1})", "{'a':1}",
                          "[01]", "[1.]", "[.5]", "[1e]", "[+1]", "[-]", R"(["a\x"])", R"(["\u12G4"])", "[\"a\tb\"]",
                          "[] []", "[]x", R"({"a":1}})", "[nul]", "[True]", "\"unterminated"}) {
    SCOPED_TRACE(bad);
    EXPECT_EQ(isjson(bad, kJsonTypeValue), 0);
  }
  for (const char* good : {R"(["\"\\\/\b\f\n\r\t\u00e9"])", "[-0.5e+10, 0, 1E3, -12.25]", "[[[]],{}]",
                           "\t{\"k\" : [ true , false , null ] }\r\n", "[\"日本語😀\"]"}) {
    SCOPED_TRACE(good);
    EXPECT_EQ(isjson(good), 1);
  }
}

TEST(StringJson, NestingLimit) {
  // 128 levels are valid, 129 are not (SQL Server's limit, the row's stack).
  const std::string ok128 = std::string(128, '[') + std::string(128, ']');
  const std::string bad129 = std::string(129, '[') + std::string(129, ']');
  EXPECT_EQ(isjson(ok128), 1);
  EXPECT_EQ(isjson(bad129), 0);
  EXPECT_EQ(query(ok128, "$[0][0]"), ok(ok128.substr(2, 252)));
  EXPECT_EQ(value(bad129, "$.a"), error(kJsonTextInvalid));
  std::string objects;
  for (int i = 0; i < 128; ++i) objects += R"({"a":)";
  objects += "7" + std::string(128, '}');
  std::string path = "$";
  for (int i = 0; i < 32; ++i) path += ".a";
  EXPECT_EQ(isjson(objects), 1);
  EXPECT_EQ(value(objects, path), null());  // an object: not a scalar
  EXPECT_EQ(value(objects, path + ".a"), error(kJsonPathInvalid));  // 33 steps: past kJsonMaxPathSteps
}

TEST(StringJson, JsonValueLaxAndStrictTable) {
  // The page's table: path, lax, strict.
  EXPECT_EQ(value(kInfo, "$"), null());
  EXPECT_EQ(value(kInfo, "strict $"), error(kJsonNotScalar));
  EXPECT_EQ(value(kInfo, "$.info.type"), ok("1"));
  EXPECT_EQ(value(kInfo, "strict $.info.type"), ok("1"));
  EXPECT_EQ(value(kInfo, "$.info.address.town"), ok("Bristol"));
  EXPECT_EQ(value(kInfo, "strict $.info.address.town"), ok("Bristol"));
  EXPECT_EQ(value(kInfo, R"($.info."address")"), null());
  EXPECT_EQ(value(kInfo, R"(strict $.info."address")"), error(kJsonNotScalar));
  EXPECT_EQ(value(kInfo, "$.info.tags"), null());
  EXPECT_EQ(value(kInfo, "strict $.info.tags"), error(kJsonNotScalar));
  EXPECT_EQ(value(kInfo, "$.info.type[0]"), null());
  EXPECT_EQ(value(kInfo, "strict $.info.type[0]"), error(kJsonPropertyNotFound));
  EXPECT_EQ(value(kInfo, "$.info.none"), null());
  EXPECT_EQ(value(kInfo, "strict $.info.none"), error(kJsonPropertyNotFound));
  EXPECT_EQ(value(kInfo, "lax $.info.none"), null());
  EXPECT_EQ(value(kInfo, "$.type"), ok("Basic"));
  EXPECT_EQ(value(kInfo, "$.info.tags[1]"), ok("Water polo"));
  EXPECT_EQ(value(kInfo, "$.info.tags[2]"), null());
  // Example 2: array elements.
  constexpr std::string_view towns = R"({"info":{"address":[{"town":"Paris"},{"town":"London"}]}})";
  EXPECT_EQ(value(towns, "$.info.address[0].town"), ok("Paris"));
  EXPECT_EQ(value(towns, "$.info.address[1].town"), ok("London"));
  // The blog's lax/strict example: '{ "Color" : "Red" }'.
  EXPECT_EQ(value(R"({ "Color" : "Red" })", "$.Shape"), null());
  EXPECT_EQ(value(R"({ "Color" : "Red" })", "strict $.Shape"), error(kJsonPropertyNotFound));
}

TEST(StringJson, JsonValueScalars) {
  constexpr std::string_view j = R"({"n":-12.5e3,"t":true,"f":false,"z":null,"e":"","k":0})";
  EXPECT_EQ(value(j, "$.n"), ok("-12.5e3"));
  EXPECT_EQ(value(j, "$.t"), ok("true"));
  EXPECT_EQ(value(j, "$.f"), ok("false"));
  EXPECT_EQ(value(j, "$.z"), null());
  EXPECT_EQ(value(j, "strict $.z"), null());  // JSON null is a scalar: NULL, not an error
  EXPECT_EQ(value(j, "$.e"), ok(""));
  EXPECT_EQ(value(j, "$.k"), ok("0"));
  // The root may be a scalar.
  EXPECT_EQ(value("\"abc\"", "$"), ok("abc"));
  EXPECT_EQ(value(" 42 ", "$"), ok("42"));
  // Keys are case-sensitive; the first of duplicate keys wins.
  EXPECT_EQ(value(R"({"A":1,"a":2,"a":3})", "$.a"), ok("2"));
  // Lax: a key on an array, an index on an object: NULL.
  EXPECT_EQ(value("[1,2]", "$.a"), null());
  EXPECT_EQ(value(R"({"a":1})", "$[0]"), null());
}

TEST(StringJson, JsonValueDecodesEscapes) {
  EXPECT_EQ(value(R"({"s":"a\"b\\c\/d\be\ff\ng\rh\ti"})", "$.s"), ok("a\"b\\c/d\be\ff\ng\rh\ti"));
  EXPECT_EQ(value(R"({"s":"\u00e9\u65E5"})", "$.s"), ok("é日"));
  // A surrogate pair is one character; a lone surrogate is U+FFFD.
  EXPECT_EQ(value(R"({"s":"\ud83d\ude00!"})", "$.s"), ok("😀!"));
  EXPECT_EQ(value(R"({"s":"\ud83dx"})", "$.s"), ok("\xEF\xBF\xBDx"));
  EXPECT_EQ(value(R"({"s":"\ude00"})", "$.s"), ok("\xEF\xBF\xBD"));
  EXPECT_EQ(value(R"({"s":"\u0000"})", "$.s"), ok(std::string_view("\0", 1)));
  // Multi-byte text as it is; keys with escapes match their decoded form.
  EXPECT_EQ(value(R"({"日本":"語"})", "$.日本"), ok("語"));
  EXPECT_EQ(value(R"({"caf\u00e9":1})", "$.café"), ok("1"));
  EXPECT_EQ(value(R"({"first name":"John"})", R"($."first name")"), ok("John"));
  EXPECT_EQ(value(R"({"a\"b":2})", R"($."a\"b")"), ok("2"));
  EXPECT_EQ(value(R"({"$x":3})", R"($."$x")"), ok("3"));
}

TEST(StringJson, JsonValueFourThousandCharacters) {
  const std::string c4000(4000, 'x');
  const std::string j4000 = R"({"s":")" + c4000 + "\"}";
  const std::string j4001 = R"({"s":")" + c4000 + "y\"}";
  EXPECT_EQ(value(j4000, "$.s"), ok(c4000));
  EXPECT_EQ(value(j4001, "$.s"), null());
  EXPECT_EQ(value(j4001, "strict $.s"), error(kJsonValueTooLong));
  // Characters, not bytes: 4000 two-byte characters fit.
  std::string e4000;
  for (int i = 0; i < 4000; ++i) e4000 += "é";
  EXPECT_EQ(value(R"({"s":")" + e4000 + "\"}", "$.s"), ok(e4000));
}

TEST(StringJson, InvalidTextAndPaths) {
  // Text that is not JSON before the value, or anywhere when the value is missing: Msg 13609 in both modes.
  EXPECT_EQ(value("abc", "$.a"), error(kJsonTextInvalid));
  EXPECT_EQ(value(R"({"a":1,"b":})", "$.c"), error(kJsonTextInvalid));
  EXPECT_EQ(value(R"({"x": tru, "a":1})", "$.a"), error(kJsonTextInvalid));
  EXPECT_EQ(query("[1,", "$"), error(kJsonTextInvalid));
  // The page: once the value is found, the text after it is not read.
  EXPECT_EQ(value(R"({"a":1, garbage)", "$.a"), ok("1"));
  EXPECT_EQ(value(R"({"a":01})", "$.a"), error(kJsonTextInvalid));
  // Paths that are not valid: Msg 13607.
  for (const char* bad : {"", "a", "$.", "$..a", "$[", "$[a]", "$[-1]", "$[1", "$.a b", "$ .a", "LAX $.a", "laxx $.a",
                          "strict$.a", "$.\"a", "append $.a", "$.1a", "$[99999999999]", "$a"}) {
    SCOPED_TRACE(bad);
    EXPECT_EQ(value(R"({"a":1})", bad), error(kJsonPathInvalid));
  }
  EXPECT_EQ(value(R"({"a":[5,6]})", "$.a[ 1 ]"), ok("6"));
  EXPECT_EQ(value(R"({"a":1})", "strict   $.a"), ok("1"));
}

TEST(StringJson, JsonQuery) {
  EXPECT_EQ(query(kInfo, "$.info.address"),
            ok("{\n         \"town\":\"Bristol\",\n         \"county\":\"Avon\",\n         \"country\":\"England\"\n       }"));
  EXPECT_EQ(query(kInfo, "$.info.tags"), ok(R"(["Sport", "Water polo"])"));
  EXPECT_EQ(query(kInfo, "$.info.type"), null());
  EXPECT_EQ(query(kInfo, "strict $.info.type"), error(kJsonNotObjectOrArray));
  EXPECT_EQ(query(kInfo, "$.info.none"), null());
  EXPECT_EQ(query(kInfo, "strict $.info.none"), error(kJsonPropertyNotFound));
  // Without a path: '$', the text itself (white space around the value left out).
  EXPECT_EQ(query(R"(["C#","T-SQL","Azure"])"), ok(R"(["C#","T-SQL","Azure"])"));
  EXPECT_EQ(query("  {\"a\":[]} "), ok("{\"a\":[]}"));
  EXPECT_EQ(query("123"), null());
  EXPECT_EQ(query("nope"), error(kJsonTextInvalid));
  EXPECT_EQ(query(R"({"a":[[1,[2]],{"b":{}}]})", "$.a[1].b"), ok("{}"));
  EXPECT_EQ(query(R"({"a":[[1,[2]],{"b":{}}]})", "$.a[0][1]"), ok("[2]"));
}

TEST(StringJson, JsonPathExists) {
  // The page's example.
  constexpr std::string_view info = R"({"info":{"address":[{"town":"Paris"},{"town":"London"}]}})";
  EXPECT_EQ(exists(info, "$.info.address"), 1);
  EXPECT_EQ(exists(info, "$.info.addresses"), 0);
  EXPECT_EQ(exists(info, "$.info.address[1].town"), 1);
  EXPECT_EQ(exists(info, "$.info.address[2]"), 0);
  EXPECT_EQ(exists(info, "strict $.info.addresses"), 0);  // no errors, in either mode
  EXPECT_EQ(exists(R"({"a":null})", "$.a"), 1);
  EXPECT_EQ(exists("not json", "$.a"), 0);
  EXPECT_EQ(exists(info, "info"), -kJsonPathInvalid);
}

TEST(StringJson, JsonModifyDocumentedExamples) {
  // Basic operations, step by step.
  std::string info = R"({"name":"John","skills":["C#","SQL"]})";
  auto step = [&](const char* path, const char* v, std::string_view expected) {
    const StrResult r = modify(info, path, v);
    ASSERT_EQ(r, ok(expected)) << path;
    info = r.value;
  };
  step("$.name", "Mike", R"({"name":"Mike","skills":["C#","SQL"]})");
  step("$.surname", "Smith", R"({"name":"Mike","skills":["C#","SQL"],"surname":"Smith"})");
  step("$.name", nullptr, R"({"skills":["C#","SQL"],"surname":"Smith"})");
  step("append $.skills", "Azure", R"({"skills":["C#","SQL","Azure"],"surname":"Smith"})");
  // Multiple updates: nested calls.
  const std::string start = R"({"name":"John","skills":["C#","SQL"]})";
  EXPECT_EQ(modify(modify(modify(start, "$.name", "Mike").value, "$.surname", "Smith").value, "append $.skills",
                   "Azure"),
            ok(R"({"name":"Mike","skills":["C#","SQL","Azure"],"surname":"Smith"})"));
  // Rename a key: insert the value as a number, then delete the old key.
  EXPECT_EQ(modify(modify_json(R"({"price":49.99})", "$.Price", "49.99").value, "$.price", nullptr),
            ok(R"({"Price":49.99})"));
  // Increment a value.
  EXPECT_EQ(modify_int(R"({"click_count": 173})", "$.click_count", 174), ok(R"({"click_count": 174})"));
  // A string value is escaped and quoted even when it is JSON; JSON_QUERY's result is not.
  EXPECT_EQ(modify(start, "$.skills", R"(["C#","T-SQL","Azure"])"),
            ok(R"({"name":"John","skills":"[\"C#\",\"T-SQL\",\"Azure\"]"})"));
  EXPECT_EQ(modify_json(start, "$.skills", R"(["C#","T-SQL","Azure"])"),
            ok(R"({"name":"John","skills":["C#","T-SQL","Azure"]})"));
}

TEST(StringJson, JsonModifyLaxAndStrict) {
  constexpr std::string_view j = R"({"a":1,"b":{"c":[1,2]}})";
  // The page's table: NULL on an existing property deletes it (lax) or sets null (strict).
  EXPECT_EQ(modify(j, "strict $.a", nullptr), ok(R"({"a":null,"b":{"c":[1,2]}})"));
  EXPECT_EQ(modify(j, "$.a", nullptr), ok(R"({"b":{"c":[1,2]}})"));
  EXPECT_EQ(modify(j, "$.b", nullptr), ok(R"({"a":1})"));
  EXPECT_EQ(modify(R"({ "a" : 1 , "b" : 2 })", "$.b", nullptr), ok(R"({ "a" : 1 })"));
  EXPECT_EQ(modify(R"({"only":1})", "$.only", nullptr), ok("{}"));
  // NULL on a missing property: no action (lax), Msg 13608 (strict).
  EXPECT_EQ(modify(j, "$.x", nullptr), ok(j));
  EXPECT_EQ(modify(j, "strict $.x", nullptr), error(kJsonPropertyNotFound));
  // A value on a missing property: inserted (lax, into an existing object only), Msg 13608 (strict).
  EXPECT_EQ(modify(j, "$.b.d", "x"), ok(R"({"a":1,"b":{"c":[1,2],"d":"x"}})"));
  EXPECT_EQ(modify("{ }", "$.d", "x"), ok(R"({"d":"x" })"));
  EXPECT_EQ(modify(j, "$.user.settings.theme", "dark"), ok(j));  // $.user does not exist: no insertion
  EXPECT_EQ(modify(j, "$.b.c.theme", "dark"), ok(j));             // c is an array
  EXPECT_EQ(modify(j, "strict $.b.d", "x"), error(kJsonPropertyNotFound));
  EXPECT_EQ(modify(j, "$.b.c[5]", "x"), ok(j));  // arrays are not extended
  EXPECT_EQ(modify(j, R"($."new key")", "v"), ok(R"({"a":1,"b":{"c":[1,2]},"new key":"v"})"));
  // Array elements: replaced; NULL makes them null in either mode.
  EXPECT_EQ(modify(j, "$.b.c[1]", "two"), ok(R"({"a":1,"b":{"c":[1,"two"]}})"));
  EXPECT_EQ(modify(j, "$.b.c[0]", nullptr), ok(R"({"a":1,"b":{"c":[null,2]}})"));
  // append: to an array (an empty one too), a missing key becomes an array (lax); not an array: no action
  // (lax) or Msg 13608 (strict).
  EXPECT_EQ(modify_int(j, "append $.b.c", 3), ok(R"({"a":1,"b":{"c":[1,2,3]}})"));
  EXPECT_EQ(modify(R"({"e":[ ]})", "append $.e", "x"), ok(R"({"e":["x" ]})"));
  EXPECT_EQ(modify(j, "append $.b.n", "x"), ok(R"({"a":1,"b":{"c":[1,2],"n":["x"]}})"));
  EXPECT_EQ(modify(j, "append $.a", "x"), ok(j));
  EXPECT_EQ(modify(j, "append strict $.a", "x"), error(kJsonPropertyNotFound));
  EXPECT_EQ(modify("[1]", "append $", "x"), ok(R"([1,"x"])"));
  // Escapes in the new value: STRING_ESCAPE's rules.
  EXPECT_EQ(modify(R"({"a":1})", "$.a", "q\"\\\n\x01/é"), ok(R"({"a":"q\"\\\n\u0001/é"})"));
  EXPECT_EQ(modify_int(R"({"a":1})", "$.a", INT64_MIN), ok(R"({"a":-9223372036854775808})"));
  // Errors: text that is not JSON anywhere (13609), a path that is not valid (13607).
  EXPECT_EQ(modify(R"({"a":1} x)", "$.a", "v"), error(kJsonTextInvalid));
  EXPECT_EQ(modify(j, "$.a.", "v"), error(kJsonPathInvalid));
  EXPECT_EQ(modify(j, "$", "v"), error(kJsonPathInvalid));
}

TEST(StringJson, JsonModifyNullArguments) {
  char buf[64];
  int32_t len = -1;
  EXPECT_EQ(tsf_json_modify(buf, &len, "", 0, 1, "$.a", 3, 0, "v", 1, 0), kNull);
  EXPECT_EQ(tsf_json_modify(buf, &len, "{}", 2, 0, "", 0, 1, "v", 1, 0), kNull);
  EXPECT_EQ(tsf_json_modify_bigint(buf, &len, R"({"a":1})", 7, 0, "$.a", 3, 0, 0, 1), kOk);
  EXPECT_EQ(std::string(buf, len), "{}");
}

TEST(StringJson, JsonModifyNumbersAndBits) {
  char buf[128];
  int32_t len = -1;
  const char* j = R"({"price":1})";
  // "Rename a key": CAST(... AS NUMERIC(4,2)) is written as 49.99, a JSON number.
  ASSERT_EQ(tsf_json_modify_decimal(buf, &len, j, 11, 0, "$.Price", 7, 0, 4999, 0, 4, 2), kOk);
  EXPECT_EQ(std::string(buf, len), R"({"price":1,"Price":49.99})");
  ASSERT_EQ(tsf_json_modify_decimal(buf, &len, j, 11, 0, "$.price", 7, 0, -5, 0, 4, 2), kOk);
  EXPECT_EQ(std::string(buf, len), R"({"price":-0.05})");
  ASSERT_EQ(tsf_json_modify_bit(buf, &len, j, 11, 0, "$.price", 7, 0, 1, 0), kOk);
  EXPECT_EQ(std::string(buf, len), R"({"price":true})");
  ASSERT_EQ(tsf_json_modify_bit(buf, &len, j, 11, 0, "append $.f", 10, 0, 0, 0), kOk);
  EXPECT_EQ(std::string(buf, len), R"({"price":1,"f":[false]})");
  // FLOAT: CONVERT(varchar, x, 2)'s 16 significant digits.
  ASSERT_EQ(tsf_json_modify_float(buf, &len, j, 11, 0, "$.price", 7, 0, 49.99, 0), kOk);
  EXPECT_EQ(std::string(buf, len), R"({"price":4.999000000000000e+001})");
  ASSERT_EQ(tsf_json_modify_float(buf, &len, j, 11, 0, "$.price", 7, 0, 0.0, 1), kOk);
  EXPECT_EQ(std::string(buf, len), "{}");
}

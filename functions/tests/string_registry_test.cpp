// The string family's registry entries: every kernel is registered, and every
// max_length rule is a true upper bound on the bytes written, checked by
// calling each kernel through its invoker on a grid of awkward inputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/functions/registry.hpp"
#include "tessera/functions/session_context.hpp"
#include "tessera/functions/status.hpp"

using namespace tessera::fn;

namespace {
std::span<const FunctionSpec> string_family() {
  // The family's entries are the ones whose row function lives in string_functions.hpp;
  // find them through their kernels.
  static const char* const kKernels[] = {
      "lower", "upper", "left", "right", "substring", "len", "datalength", "reverse", "ltrim", "rtrim", "trim",
      "ltrim_chars", "rtrim_chars", "trim_chars", "replace", "charindex", "charindex_start", "translate", "like",
      "patindex", "replicate", "space", "stuff", "concat_2", "concat_3", "concat_ws_2", "concat_ws_3", "quotename",
      "quotename_quote", "ascii", "char", "unicode", "nchar", "soundex", "difference", "concat_ws_3_or_null",
      "string_escape_json", "edit_distance", "edit_distance_max", "edit_distance_similarity", "jaro_winkler_distance",
      "jaro_winkler_similarity", "unistr",
      "isjson", "isjson_type", "json_value", "json_query", "json_query_root", "json_path_exists", "json_modify",
      "json_modify_json", "json_modify_bigint", "json_modify_bit", "json_modify_decimal", "json_modify_float",
      "regexp_like_2", "regexp_like_3", "regexp_replace_2", "regexp_replace_3", "regexp_replace_4", "regexp_replace_5",
      "regexp_replace_6", "regexp_substr_2", "regexp_substr_3", "regexp_substr_4", "regexp_substr_5",
      "regexp_substr_6", "regexp_instr_2", "regexp_instr_3", "regexp_instr_4", "regexp_instr_5", "regexp_instr_6",
      "regexp_instr_7", "regexp_count_2", "regexp_count_3", "regexp_count_4",
      // GREATEST and LEAST of strings (logical_functions.hpp): their length rule is checked here too.
      "greatest_string", "least_string"};
  static std::vector<FunctionSpec> specs = [] {
    std::vector<FunctionSpec> v;
    for (const char* k : kKernels) {
      const FunctionSpec* f = find_kernel(k);
      EXPECT_NE(f, nullptr) << k;
      if (f) v.push_back(*f);
    }
    return v;
  }();
  return specs;
}

const std::vector<std::string> kStrings = {
    "", "a", "abc", "aaaa", "ÿÿŸ", "]]", "a]b'\"", "日本語", "😀😀", "  x  ", std::string("\xff\xfe\xe6\x97", 4),
    "%_[a-c]", "aA", "ßà", "'", "[", "\"", "\x01/\n\x1f",
    // JSON text and paths (JSON_VALUE, JSON_QUERY, JSON_MODIFY): the text (18) and "$.b" (21) at multiples of 3,
    // which the grid of kernels of four or more arguments takes.
    R"({"a":[1,"\u00e9\ud83d\ude00"],"b":{}})", "\\00e9\\+01F600\\\\\\D83D\\DE00", "$.a[1]", "$.b", "append $.a",
    // Regular expressions and replacements (REGEXP_*): empty matches everywhere, groups copied many times.
    "x*", "(.)(.)?", "&&\\1\\2\\0&", "i"};
const std::vector<int64_t> kInts = {-1, 0, 1, 2, 3, 5, 92, 130, 9000, INT32_MAX};

struct Runner {
  const FunctionSpec& f;
  std::vector<size_t> choice;  // per argument, an index into kStrings or kInts
  int checked = 0;

  void run(size_t arg) {
    if (arg == f.args.size()) return call();
    const size_t n = f.args[arg].type == SqlType::String ? kStrings.size() : kInts.size();
    // Keep the grid small for many-argument kernels.
    const size_t step = f.args.size() >= 4 ? 3 : 1;
    for (size_t i = 0; i < n; i += step) {
      choice[arg] = i;
      run(arg + 1);
    }
  }

  void call() {
    static std::vector<char> buf(1 << 20);
    int32_t out_len = -1;
    uint64_t out_int = 0;
    std::vector<uint64_t> slots;
    LengthInputs li;     // this row's lengths, exactly
    LengthInputs range;  // every string argument anywhere from the shortest to the longest of kStrings
    if (f.result == SqlType::String) {
      slots.push_back(reinterpret_cast<uintptr_t>(buf.data()));
      slots.push_back(reinterpret_cast<uintptr_t>(&out_len));
    } else {
      slots.push_back(reinterpret_cast<uintptr_t>(&out_int));
    }
    for (size_t a = 0; a < f.args.size(); ++a) {
      if (f.args[a].type == SqlType::String) {
        const std::string& s = kStrings[choice[a]];
        slots.push_back(reinterpret_cast<uintptr_t>(s.data()));
        slots.push_back(uint64_t(int64_t(s.size())));
        li.exact(a, int64_t(s.size()));
        for (const std::string& t : kStrings) {
          range.length[a] = std::max<int64_t>(range.length[a], int64_t(t.size()));
          range.min_length[a] = std::min<int64_t>(range.min_length[a], int64_t(t.size()));
        }
      } else {
        int64_t v = kInts[choice[a]];
        if (f.args[a].type == SqlType::Int32 && v > INT32_MAX) v = INT32_MAX;
        slots.push_back(uint64_t(v));
        li.value[a] = range.value[a] = v;
      }
      if (f.nulls == NullRule::Custom && !f.args[a].constant) slots.push_back(0);
    }
    static const SessionContext ctx{};
    if (f.uses_context) slots.push_back(reinterpret_cast<uintptr_t>(&ctx));
    const int32_t st = f.invoke(slots.data());
    EXPECT_TRUE(st == kOk || st == kNull || st >= kFirstError) << st;
    if (st == kOk && f.result == SqlType::String) {
      ++checked;
      EXPECT_GE(out_len, 0);
      EXPECT_LE(int64_t(out_len), f.max_length(li)) << f.kernel;
      // A bound over many rows (a column's lengths, a declared VARCHAR(n)) holds for this row too.
      EXPECT_LE(int64_t(out_len), f.max_length(range)) << f.kernel << " over length ranges";
    }
  }
};
}  // namespace

TEST(StringRegistry, AllKernelsRegistered) {
  EXPECT_EQ(string_family().size(), 78u);
  for (const FunctionSpec& f : string_family()) {
    SCOPED_TRACE(std::string(f.kernel));
    EXPECT_EQ(expected_c_signature(f), f.c_signature);
  }
}

TEST(StringRegistry, MaxLengthIsAnUpperBound) {
  for (const FunctionSpec& f : string_family()) {
    if (f.result != SqlType::String) continue;
    SCOPED_TRACE(std::string(f.kernel));
    Runner r{f, std::vector<size_t>(f.args.size())};
    r.run(0);
    EXPECT_GT(r.checked, 0);
  }
}

// The generated reference covers the registry: a section per SQL name, every kernel once, the operators apart, and
// the bitwise operators' overloads as registered (their kernels, argument and result types written out by hand).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "function_reference.hpp"
#include "tessera/functions/registry.hpp"

using namespace tessera::fn;

namespace {
size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}
}  // namespace

TEST(FunctionReference, OneSectionPerNameAndEveryKernelOnce) {
  const std::string md = function_reference_markdown();
  std::set<std::string> names;
  for (const FunctionSpec& f : all_functions()) {
    names.insert(std::string(f.sql_name));
    EXPECT_EQ(count(md, "| `" + std::string(f.kernel) + "` |"), 1u) << f.kernel;
  }
  EXPECT_EQ(count(md, "\n### "), names.size());
  for (const std::string& n : names) EXPECT_EQ(count(md, "\n### `" + n + "`\n"), 1u) << n;
}

TEST(FunctionReference, BitwiseOperators) {
  const std::string md = function_reference_markdown();
  const size_t ops = md.find("\n## Operators\n");
  ASSERT_NE(ops, std::string::npos);
  const size_t amp = md.find("\n### `&`\n");
  ASSERT_NE(amp, std::string::npos);
  EXPECT_GT(amp, ops);  // an operator, not a function
  EXPECT_NE(md.find("| `bitwise_and_int` | `tsf_bitwise_and_int` | `a` INT, `b` INT | INT | NULL in, NULL out |"),
            std::string::npos);
  EXPECT_NE(md.find("| `bitwise_not_bit` | `tsf_bitwise_not_bit` | `x` BIT | BIT | NULL in, NULL out |"), std::string::npos);
  // The '|' operator's heading, and the index line (no table): '|' as it is, not escaped.
  EXPECT_NE(md.find("\n### `|`\n"), std::string::npos);
  EXPECT_NE(md.find("Operators: `%` · `&` · `*` · `+` · `-` · `/` · `^` · `|` · `~`"), std::string::npos);
}

TEST(FunctionReference, BinderFormsListed) {
  const std::string md = function_reference_markdown();
  const size_t binder = md.find("\n## Bound by the binder\n");
  ASSERT_NE(binder, std::string::npos);
  for (const char* form : {"`{fn name(...)}`", "`{d 'yyyy-mm-dd'}, {t", "`NULLIF(a, b)`", "`TRY_PARSE(", "`ISNULL("})
    EXPECT_NE(md.find(form, binder), std::string::npos) << form;
}

// ODBC's own names (DAYNAME, TRUNCATE, ...) say in their notes that they exist only inside the escape; the others not.
TEST(FunctionReference, OdbcOnlyNamesMarked) {
  const std::string md = function_reference_markdown();
  for (const FunctionSpec& f : all_functions()) {
    const size_t row = md.find("| `" + std::string(f.kernel) + "` |");
    ASSERT_NE(row, std::string::npos) << f.kernel;
    const std::string line = md.substr(row, md.find('\n', row) - row);
    EXPECT_EQ(line.find("only inside `{fn ...}`") != std::string::npos, f.odbc_only) << line;
  }
}

// The function reference from fn::all_functions(): names sorted, each name's overloads in registration order.
#include "function_reference.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <vector>

#include "tessera/functions/predicate.hpp"
#include "tessera/functions/registry.hpp"

namespace tessera::fn {
namespace {

// A name made of letters is a function; anything else ("+", "&", "~") is an operator.
bool is_operator(std::string_view name) { return name.empty() || !std::isalpha(static_cast<unsigned char>(name[0])); }

// The SQL spelling of a kernel ABI type (sql_types.hpp). A DATETIME2 parameter also takes DATETIME and
// SMALLDATETIME (the binder passes which as a constant `kind`).
std::string_view sql_type(SqlType t) {
  switch (t) {
    case SqlType::Bool: return "BIT";
    case SqlType::Int32: return "INT";
    case SqlType::Int64: return "BIGINT";
    case SqlType::Float64: return "FLOAT";
    case SqlType::Date: return "DATE";
    case SqlType::Decimal: return "DECIMAL";
    case SqlType::Money: return "MONEY";
    case SqlType::String: return "VARCHAR";
    case SqlType::Decimal128: return "DECIMAL(19..38)";
    case SqlType::DateTime: return "DATETIME2";
    case SqlType::Time: return "TIME";
  }
  return "?";
}

// Markdown table cells: a '|' would end the cell.
std::string cell(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

// A name as a code span; a backtick inside would end it.
std::string code(std::string_view s) { return s.find('`') == std::string_view::npos ? "`" + std::string(s) + "`" : "`` " + std::string(s) + " ``"; }

std::string arguments(const FunctionSpec& f) {
  if (f.args.empty()) return "(none)";
  std::string out;
  for (const ArgSpec& a : f.args) {
    if (!out.empty()) out += ", ";
    out += code(a.name) + " " + std::string(sql_type(a.type));
    if (a.constant) out += " constant";
  }
  return out;
}

std::string overload_row(const FunctionSpec& f) {
  std::string notes = std::string(f.summary);
  if (f.uses_context) notes += notes.empty() ? "reads the session's SET options" : "; reads the session's SET options";
  if (f.odbc_only) notes += notes.empty() ? "only inside `{fn ...}`" : "; only inside `{fn ...}`";
  return "| " + code(f.kernel) + " | " + code(f.symbol) + " | " + cell(arguments(f)) + " | " +
         std::string(sql_type(f.result)) + " | " + (f.nulls == NullRule::Propagate ? "NULL in, NULL out" : "sees NULLs") +
         " | " + cell(notes) + " |\n";
}

// Names that are no registry entry of their own: the binder builds them from other names' kernels or from the
// engine's expressions (engine/plan/src/bind_call.cpp, bind_variadic.cpp, bind_expr.cpp, bind_select.cpp). They
// are written here by hand because the binder keeps no list of them that this library could read (it sits above
// it); a name added there belongs here too.
struct HandKeptName {
  std::string_view name;
  std::string_view becomes;  // what the binder builds, or the table a table-valued function makes
};
constexpr HandKeptName kBinderNames[] = {
    {"APPROX_COUNT_DISTINCT(x)", "the aggregate `COUNT_BIG(DISTINCT x)`"},
    {"CHOOSE(index, v1, ..., vn)", "a CASE expression"},
    {"COALESCE(x1, ..., xn)", "the engine's COALESCE expression (the common type of the arguments)"},
    {"EXTRACT(part FROM d)", "YEAR, MONTH, DAY or DATEPART"},
    {"IIF(condition, a, b)", "a CASE expression"},
    {"ISNULL(x, replacement)", "the engine's COALESCE expression (the type of x)"},
    {"NULLIF(a, b)", "a CASE expression"},
    {"RAND()", "RAND's kernel `rand` with a seed the binder draws, one per statement"},
    {"STDEV(x), STDEVP(x), VAR(x), VARP(x)",
     "the aggregates COUNT_BIG, SUM and SUM of squares in FLOAT, combined (SQL Server's one-pass formula)"},
    {"STRING_AGG(x, separator) [WITHIN GROUP (ORDER BY ...)]",
     "the engine's STRING_AGG aggregate (CPU operators only; docs/FUNCTIONS.md)"},
    {"TRY_PARSE(string AS type [USING culture])", "PARSE's kernels `parse_<type>` with the try flag set: NULL where PARSE fails"},
    {"date + INTERVAL 'n' unit", "DATEADD"},
    {"{fn name(...)}", "the call (ODBC's scalar-function escape); the names marked \"only inside `{fn ...}`\" above "
                       "are accepted there alone (Msg 195 elsewhere, as in SQL Server)"},
    {"{fn OCTET_LENGTH(x)}, {fn BIT_LENGTH(x)}", "of a string the kernels `octet_length`, `bit_length`; of another type "
                                                "its internal size (INT 4, DATE 3, ...) as a constant, NULL for NULL"},
    {"{d 'yyyy-mm-dd'}, {t 'hh:mm:ss[.fff]'}, {ts 'yyyy-mm-dd hh:mm:ss[.fff]'}",
     "ODBC's literals: a DATE literal, the text CAST to TIME, to DATETIME"},
    {"string + string", "CONCAT's kernels (NULL if either side is NULL; a CHAR(n) blank-padded first)"},
};

// Table-valued functions in FROM whose rows come from constant arguments, made when the statement is bound
// (engine/session/src/constant_tables.cpp); kept by hand for the same reason.
constexpr HandKeptName kTableFunctions[] = {
    {"GENERATE_SERIES(start, stop [, step])",
     "a table of one column `value`: INT, BIGINT past INT, DECIMAL(18, s) for decimals; step 1 or -1 by default, 0 is "
     "Msg 4199; no rows when the step leads away from stop or an argument is NULL"},
    {"STRING_SPLIT(string, separator [, enable_ordinal])",
     "a table of `value` (VARCHAR) and, with enable_ordinal 1, `ordinal` (BIGINT): every part, empty ones included; "
     "a separator of other than one character is Msg 214; NULL gives no rows"},
};

}  // namespace

std::string function_reference_markdown() {
  std::map<std::string_view, std::vector<const FunctionSpec*>> functions, operators;
  for (const FunctionSpec& f : all_functions()) (is_operator(f.sql_name) ? operators : functions)[f.sql_name].push_back(&f);
  const size_t kernels = all_functions().size();
  std::set<std::string_view> odbc_only;
  for (const FunctionSpec& f : all_functions())
    if (f.odbc_only) odbc_only.insert(f.sql_name);

  std::string md;
  md += "# Function reference\n\n";
  md += "Generated from the function registry (`tessera::fn::all_functions()`, `functions/src/*/*_registry.cpp`) by\n";
  md += "`functions/tools/function_reference.cpp`; do not edit by hand. Regenerate it with\n\n";
  md += "    " + std::string(kFunctionReferenceCommand) + "\n\n";
  md += "(the ctest `function-reference-current` fails while it is out of date). Semantics, limits and the choices each\n";
  md += "function makes: [FUNCTIONS.md](FUNCTIONS.md).\n\n";
  md += "**" + std::to_string(functions.size()) + " SQL function names** (operators not counted) and **" +
        std::to_string(operators.size()) + " operators** (" + std::to_string(odbc_only.size()) +
        " of the names ODBC's, accepted only inside its escape `{fn ...}`) over **" + std::to_string(kernels) + " kernels**, each compiled to a CPU and a GPU kernel (" +
        std::to_string(all_predicates().size()) + " more as fused predicates, `<kernel>__cmp`: the kernel's result compared with constants).\n";
  md += "The binder adds the " + std::to_string(std::size(kBinderNames)) +
        " forms in [Bound by the binder](#bound-by-the-binder), which have no kernel of their own, and the " +
        std::to_string(std::size(kTableFunctions)) + " [table-valued functions](#table-valued-functions).\n\n";
  md += "Types are the kernels' parameter types: DATETIME2 also stands for DATETIME and SMALLDATETIME (a constant `kind`\n";
  md += "says which), DECIMAL for DECIMAL(p, s) with p <= 18 (`p` and `s` constants). A constant argument must be the same\n";
  md += "for every row. \"NULL in, NULL out\": any NULL argument gives NULL without calling the function; \"sees NULLs\": the\n";
  md += "function decides (it gets an `is_null` flag after each argument). Integer, FLOAT and string comparison and\n";
  md += "INT/BIGINT/FLOAT arithmetic are the engine's own operators and are not listed.\n\n";

  auto index = [&](const auto& names) {
    std::string line;
    for (const auto& [name, specs] : names) {
      (void)specs;
      line += (line.empty() ? "" : " · ") + code(name);
    }
    return line + "\n\n";
  };
  md += "Functions: " + index(functions);
  md += "Operators: " + index(operators);

  auto section = [&](const auto& names) {
    for (const auto& [name, specs] : names) {
      md += "### " + code(name) + "\n\n";
      md += "| kernel | symbol | arguments | result | NULLs | notes |\n|---|---|---|---|---|---|\n";
      for (const FunctionSpec* f : specs) md += overload_row(*f);
      md += "\n";
    }
  };
  md += "## Functions\n\n";
  section(functions);
  md += "## Operators\n\n";
  section(operators);

  md += "## Bound by the binder\n\n";
  md += "These have no registry entry: the binder (`engine/plan`) builds them from the kernels above or from the\n";
  md += "engine's own expressions, so they run wherever those run. The list is kept by hand in\n";
  md += "`functions/tools/function_reference.cpp`.\n\n";
  // A hand-kept list as a two-column table whose second heading is `what`.
  auto hand_kept = [&](std::string_view what, const auto& names) {
    md += "| SQL | " + std::string(what) + " |\n|---|---|\n";
    for (const HandKeptName& n : names) md += "| " + cell(code(n.name)) + " | " + cell(n.becomes) + " |\n";
  };
  hand_kept("becomes", kBinderNames);

  md += "\n## Table-valued functions\n\n";
  md += "In FROM, with constant arguments (a literal or a signed number): the table is made when the statement is bound\n";
  md += "(`engine/session/src/constant_tables.cpp`) and then runs through the operators on either device. The list is kept\n";
  md += "by hand in `functions/tools/function_reference.cpp`. (read_csv and read_parquet read files: docs/CLI.md.)\n\n";
  hand_kept("makes", kTableFunctions);
  return md;
}

}  // namespace tessera::fn

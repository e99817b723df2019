// The binder: AST (engine/sql) -> logical plan. Resolves tables, views, CTEs and columns (with
// correlation to enclosing queries), types every expression by SQL Server's rules (type_rules.hpp),
// binds scalar functions through the library's single registry to the catalog's kernels, and turns
// subqueries into joins (decorrelation): EXISTS / NOT EXISTS -> semi / anti join, IN / NOT IN ->
// semi / null-aware anti join, a correlated scalar subquery over an aggregate -> an aggregate grouped
// by the correlation keys, left-joined to the outer query. Uncorrelated scalar subqueries stay
// expressions that run once.
//
// Errors are BindError: "line:column: message" (unknown table, column, function; ambiguous names;
// type mismatches; forms not supported).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/plan/logical_plan.hpp"
#include "tessera/sql/ast.hpp"
#include "tessera/runtime/error.hpp"

namespace tessera::rt {
class Catalog;
}

namespace tessera::plan {

class BindError : public tessera::Error {
 public:
  // `kind`: User, except where binding read a file (read_csv in FROM) that could not be read (Io).
  BindError(sql::SourceLocation loc, const std::string& message, ErrorKind kind = ErrorKind::User);
  explicit BindError(const std::string& message) : tessera::Error(message) {}
};

// A view: its defining query (owned by the script it came from) and its column names.
struct ViewDef {
  std::string name;
  std::vector<std::string> columns;  // empty: the query's own names
  std::shared_ptr<const sql::Script> owner;
  const sql::SelectStatement* query = nullptr;
};

// An instant: UTC as 100-ns ticks since 1970-01-01 (fn::Clock's) and the host zone's offset from UTC then (the
// C library's local time: TZ, else /etc/localtime, else UTC).
struct StatementInstant {
  int64_t utc_ticks = 0;
  int64_t offset_ticks = 0;
};
// The clock now.
StatementInstant statement_instant();

// An argument of a table function in FROM: a constant (a literal, or a signed number).
struct TableFunctionArg {
  enum class Kind : uint8_t { Null, Number, String, Boolean };
  std::string name;  // name = value; "" for a positional argument
  std::string text;  // the literal's text ("-5", "0.25", "a,b"; "true"/"false"; "NULL")
  Kind kind = Kind::String;
  sql::SourceLocation loc;
};

struct BindEnv {
  std::function<const storage::Table*(std::string_view)> find_table;
  std::function<const ViewDef*(std::string_view)> find_view;
  const rt::Catalog* kernels = nullptr;
  // A table function in FROM (read_csv('f.csv', header = true), GENERATE_SERIES(1, 10)): its lower-case name and
  // its arguments; nullptr if there is no such function.
  std::function<const storage::Table*(const std::string& name, const std::vector<TableFunctionArg>& args,
                                      sql::SourceLocation loc)> table_function;
  // Evaluates an expression without columns (constant folding): throws on a failing function.
  std::function<Value(const ExprPtr&)> fold;
  // The database's collation: case-insensitive (SQL Server's default) or binary (Tessera's).
  bool case_insensitive = false;
  // A warning for the statement's result (SQL Server's informational messages: a float literal too small,
  // read as 0); null: dropped.
  std::function<void(std::string)> warn;
  // The statement's instant (SYSDATETIME, GETDATE, CURRENT_TIMESTAMP, ... : one value per statement), taken when
  // the statement starts (Database: statement_instant()); unset, the binder takes it once itself.
  std::optional<StatementInstant> instant;
};

struct BoundQuery {
  PlanPtr plan;                // outputs: the result columns, in order
  bool ordered = false;        // ORDER BY present
  std::vector<int> order_by;   // result columns that are ORDER BY keys
};

BoundQuery bind_query(const sql::SelectStatement& query, const BindEnv& env);

}  // namespace tessera::plan

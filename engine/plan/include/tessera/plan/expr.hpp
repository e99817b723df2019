// Bound expressions: the binder's output and the evaluator's input. Immutable trees shared by
// pointer (the same group expression appears in a SELECT list and a GROUP BY). Columns are named by
// ColumnId, unique within one query, so operators can be reordered without renumbering.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "tessera/plan/value.hpp"

namespace tessera::rt {
struct KernelEntry;
}

namespace tessera::plan {

using ColumnId = int;
struct LogicalOp;
using PlanPtr = std::shared_ptr<LogicalOp>;

enum class ExprKind : uint8_t {
  Column,    // a column of the operator's input
  Constant,  // a Value
  Call,      // a scalar function of the library, run by its catalog kernel
  Op,        // a built-in operator (comparison, logic, arithmetic, numeric cast), run by the engine
  Case,      // args: cond1, result1, cond2, result2, ..., [else]
  InList,    // args: value, item1, item2, ... (items constant)
  IsNull,    // args: value
  Coalesce,  // args: a, b, ...
  Subquery,  // an uncorrelated scalar subquery: run once, its single value used as a constant
};

enum class Op : uint8_t {
  And, Or, Not,
  Eq, Ne, Lt, Le, Gt, Ge,
  Add, Sub, Mul, Div, Mod,  // (-x is bound as 0 - x)
  Cast,  // numeric widening/conversion: INT, BIGINT, DECIMAL(p,s), MONEY, FLOAT (exact where the target can hold it)
  TryCast,  // TRY_CAST / TRY_CONVERT between numeric types: as Cast, a value the target cannot hold is NULL
  // args: a join key (any type but BIT), the constant number of partitions P: the key's partition in [0, P) by a hash
  // of its value (exec/key_partition.hpp), NULL for a NULL key; INT. Made by the executor's partitioned passes
  // (exec/join_partitions.hpp) for keys that are not integers, never by the binder.
  KeyPartition,
};

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

struct Expr {
  ExprKind kind = ExprKind::Constant;
  DataType type;
  ColumnId column = -1;                      // Column
  Value value;                               // Constant
  Op op = Op::And;                           // Op
  std::vector<ExprPtr> args;
  bool negated = false;                      // InList (NOT IN), IsNull (IS NOT NULL)
  bool has_else = false;                     // Case
  const rt::KernelEntry* kernel = nullptr;   // Call: the catalog kernel
  std::vector<Value> constants;              // Call: one per spec argument; non-null type where the spec argument is constant
  std::string name;                          // Call: SQL name; Column: display name
  PlanPtr subplan;                           // Subquery
  // Call: the collation the kernel's session context says (LIKE, REPLACE, CHARINDEX ... under a COLLATE
  // clause); Default: the database's.
  storage::Collation collation = storage::Collation::Default;
  // Call of a fused predicate kernel (fuse_predicates.hpp): the comparison it replaced, for EXPLAIN and for
  // evaluation where the fused kernel cannot run (a string result longer than its buffer).
  ExprPtr unfused;

  bool is_constant() const { return kind == ExprKind::Constant; }
};

ExprPtr column_ref(ColumnId id, DataType t, std::string name);
ExprPtr constant(Value v);
ExprPtr op(Op o, DataType t, std::vector<ExprPtr> args);
ExprPtr is_null(ExprPtr value, bool negated = false);  // value IS [NOT] NULL
// CASE WHEN cond THEN NULL ELSE value END, of value's type (a NULL input kept NULL where value would not be).
ExprPtr null_when(ExprPtr cond, ExprPtr value);

// Structural text of an expression ("(#3 + 1)", "YEAR(#5)"): equal texts mean equal expressions.
std::string fingerprint(const Expr& e);
// Operators, calls, CASE, COALESCE and IN: the nodes whose results an operator's evaluation may keep for reuse.
bool is_compound(const Expr& e);
// The fingerprints of the compound subexpressions that occur more than once in `roots` (SUM(a * b) and
// SUM(a * b * c) share a * b): the only results worth keeping while an operator evaluates them all; keeping
// every result would hold one column per expression (ninety SUM arguments, ninety columns) until it ends.
std::set<std::string> repeated_subexpressions(const std::vector<const Expr*>& roots);
std::vector<const Expr*> expr_pointers(const std::vector<ExprPtr>& es);
// Readable text for EXPLAIN, with column names.
std::string to_string(const Expr& e);
// Every column the expression reads (not inside subqueries).
void collect_columns(const Expr& e, std::vector<ColumnId>& out);
bool contains_subquery(const Expr& e);
// Splits nested ANDs into conjuncts.
void split_conjuncts(const ExprPtr& e, std::vector<ExprPtr>& out);
ExprPtr make_and(const std::vector<ExprPtr>& conjuncts);  // null if empty

}  // namespace tessera::plan

// The logical plan: a tree of relational operators over columns named by ColumnId.
// The binder builds it naively (cross products under filters, subqueries as joins); the optimizer
// pushes predicates down, orders joins and prunes columns; the executor runs it operator by operator.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tessera/plan/expr.hpp"

namespace tessera::plan {

enum class OpKind : uint8_t { Scan, Filter, Project, Join, Aggregate, Sort, Limit, SingleRow, UnionAll, Window, Fetch };

enum class JoinType : uint8_t {
  Inner,  // conditions empty: cross product
  Left,   // every left row, right columns NULL where nothing matches
  Semi,   // left rows with at least one match (EXISTS, IN)
  Anti,   // left rows without a match (NOT EXISTS, NOT IN)
};

struct OutputColumn {
  ColumnId id;
  std::string name;
  DataType type;
};

struct SortKey {
  ExprPtr expr;
  bool descending = false;
};

enum class AggFunc : uint8_t { Sum, Count, CountStar, Avg, Min, Max, StringAgg };

struct Aggregate {
  AggFunc func;
  ExprPtr arg;  // null for COUNT(*)
  bool distinct = false;
  // MIN/MAX of a string under a case-insensitive collation: the case-folded argument, compared first (the
  // argument itself breaks ties, so the answer is the binary-smallest of the values the collation calls equal).
  ExprPtr folded;
  // AVG of a two-phase aggregation's final half (aggregate_split.hpp): `arg` holds partial sums and `weight` the
  // rows each covers; the average is the sum of `arg` over the sum of `weight`.
  ExprPtr weight;
  // STRING_AGG: the separator (a constant), and WITHIN GROUP (ORDER BY ...) (empty: the input's order).
  std::string separator;
  std::vector<SortKey> order;
};


// A window function: computed for every row from the rows of its partition, in the window's order.
enum class WindowFunc : uint8_t {
  RowNumber, Rank, DenseRank, Ntile, Lag, Lead, FirstValue, LastValue,  // args: see WindowFunction
  Sum, Avg, Count, CountStar, Min, Max,                                  // aggregates over the frame
};
// A frame bound: rows before (-) or after (+) the current one; the unbounded ends are the partition's ends.
struct FrameBound {
  enum class Kind : uint8_t { Unbounded, Offset, CurrentRow } kind = Kind::CurrentRow;
  int64_t offset = 0;  // Offset: signed row distance (-2 = 2 PRECEDING)
};
struct WindowFrame {
  bool rows = false;  // ROWS (row distances), else RANGE (CURRENT ROW includes the row's peers)
  FrameBound start{FrameBound::Kind::Unbounded, 0}, end{FrameBound::Kind::CurrentRow, 0};
};
struct WindowFunction {
  WindowFunc func;
  // Lag/Lead: value, offset (constant), default; Ntile: bucket count (constant); FirstValue/LastValue and
  // the aggregates: the value (none for CountStar).
  std::vector<ExprPtr> args;
  std::vector<ExprPtr> partition;
  std::vector<SortKey> order;
  WindowFrame frame;  // aggregates, FirstValue, LastValue; without ORDER BY: the whole partition
};
const char* window_func_name(WindowFunc f);
// Equal for windows with the same PARTITION BY and ORDER BY: the operators sort once per key.
std::string window_order_key(const WindowFunction& w);
// An aggregation's expressions: GROUP BY keys, the aggregates' arguments and folded keys.
std::vector<const Expr*> aggregate_expressions(const LogicalOp& aggregate);
// A window's expressions: PARTITION BY, ORDER BY (with_args: and its arguments).
std::vector<const Expr*> window_expressions(const WindowFunction& w, bool with_args);
// The GPU computes MIN / MAX over a ROWS frame that reaches neither end of the partition by scanning each row's
// frame: up to this many rows wide.
constexpr int64_t kMaxScannedFrame = 1024;

struct LogicalOp {
  OpKind kind;
  std::vector<PlanPtr> children;
  std::vector<OutputColumn> outputs;

  // Scan: the table, and the id of each of its columns (outputs is the subset still needed).
  const storage::Table* table = nullptr;
  std::string alias;  // the name the query gave the table, if not its own (EXPLAIN)
  std::vector<ColumnId> table_ids;
  // Scan (pushed-down filters), Filter (predicates), Join (conditions): conjuncts.
  std::vector<ExprPtr> predicates;
  // Project: one expression per output.
  std::vector<ExprPtr> exprs;
  // Join.
  JoinType join_type = JoinType::Inner;
  bool null_aware = false;  // Anti from NOT IN: a NULL on either side means "no row"
  bool decorrelated = false;  // Left join of a decorrelated scalar subquery (its right side aggregates)
  // Aggregate: outputs = one per group, then one per aggregate.
  std::vector<ExprPtr> groups;
  std::vector<Aggregate> aggregates;
  // Sort (and top-N when limit >= 0), Limit.
  std::vector<SortKey> sort_keys;
  int64_t limit = -1;
  int64_t offset = 0;  // Limit: rows skipped before the first one kept (OFFSET)
  // UnionAll: the rows of every child, in child order; output i of the union is column
  // union_inputs[c][i] of child c (the same type: the binder converts each side first).
  std::vector<std::vector<ColumnId>> union_inputs;
  // Window: outputs = the child's, then one per window function.
  std::vector<WindowFunction> windows;
  // Late materialisation (late_materialize.cpp). Scan: when >= 0, one more output of this id, each row's
  // position in the table (BIGINT). Fetch: the child's column of those positions; `table` is the table read.
  ColumnId row_position = -1;
  // Fetch: per output, the table column read at the child's row positions, or -1 for a column of the child's.
  std::vector<int> fetch_columns;

  double estimated_rows = -1;  // set by the optimizer

  explicit LogicalOp(OpKind k) : kind(k) {}
  const PlanPtr& child(size_t i = 0) const { return children.at(i); }
};

PlanPtr make_plan(OpKind k);
// A Filter over `input` with these conjuncts (`input` itself if there are none).
PlanPtr make_filter(PlanPtr input, std::vector<ExprPtr> predicates);
// A Join; its outputs are the left's, then for inner and left joins the right's.
PlanPtr make_join(JoinType t, PlanPtr left, PlanPtr right, std::vector<ExprPtr> conditions);
// The table columns (indices into the scanned table) a Scan reads: those its outputs and predicates name.
std::vector<size_t> scanned_columns(const LogicalOp& scan);
// A copy of the operator tree (expressions are shared: they are immutable).
PlanPtr clone_plan(const LogicalOp& op);
const char* join_type_name(JoinType t);
const char* agg_name(AggFunc f);

}  // namespace tessera::plan

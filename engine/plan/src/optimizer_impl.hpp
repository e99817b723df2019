// The optimizer's rules share one Optimizer (the column origins and estimates they read); each rule is a file:
//   optimizer.cpp          the driver: origins, subqueries, the rewrite walk, then pruning and estimates
//   cardinality.cpp        estimates: distinct values, selectivities, rows per operator and join
//   join_region.cpp        predicate push-down and greedy join ordering over an inner-join region
//   factor_disjunction.cpp common conjuncts out of ORs, and the filters they imply per input
//   semi_join_rules.cpp    semi / anti joins moved down; decorrelated aggregates semi-join reduced
//   prune_columns.cpp      column pruning
//   late_materialize.cpp   a top-N over a scan sorts the columns it reads and fetches the rest for its rows
#pragma once

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "tessera/plan/optimizer.hpp"

namespace tessera::plan::optimizer_detail {

using IdSet = std::set<ColumnId>;

inline IdSet ids_of(const std::vector<OutputColumn>& outs) {
  IdSet s;
  for (const auto& o : outs) s.insert(o.id);
  return s;
}
// Scans expose every table column to their own predicates, whatever outputs pruning leaves.
inline IdSet visible_ids(const LogicalOp& op) {
  if (op.kind == OpKind::Scan) return IdSet(op.table_ids.begin(), op.table_ids.end());
  return ids_of(op.outputs);
}
inline IdSet columns_of(const ExprPtr& e) {
  std::vector<ColumnId> v;
  collect_columns(*e, v);
  return IdSet(v.begin(), v.end());
}
inline bool subset(const IdSet& a, const IdSet& b) {
  return std::all_of(a.begin(), a.end(), [&](ColumnId i) { return b.count(i) != 0; });
}

// Where each column comes from, for distinct-value statistics.
struct ColumnOrigin {
  const storage::Table* table;
  size_t column;
};

// Keeps in each operator's outputs only the columns something above it reads (`required` at the root).
void prune_columns(LogicalOp& op, const IdSet& required);
// Each top-N over one table's scan that can defer columns becomes a Fetch over a narrower top-N; the scans' row
// position columns get ids from `next_row_position` up (kRowPositionIds first: no binder-made plan reaches them).
PlanPtr late_materialize(PlanPtr p, ColumnId& next_row_position);
constexpr ColumnId kRowPositionIds = 3 << 29;

class Optimizer {
 public:
  explicit Optimizer(const OptimizerEnv& env) : env_(env) {}
  PlanPtr run(PlanPtr p);
  double estimate_all(LogicalOp& op);

 private:
  // optimizer.cpp
  void index_origins(const LogicalOp& op);
  void index_expr_origins(const ExprPtr& e);
  void optimize_subqueries(const ExprPtr& e);
  PlanPtr rewrite(PlanPtr p);

  // cardinality.cpp
  double ndv(ColumnId id, double cap, double unknown = -1) const;
  static constexpr double kNoCap = 1e300;
  double selectivity(const Expr& e) const;
  double estimate_node(const LogicalOp& op) const;
  double join_estimate(const LogicalOp& j, double l, double r) const;

  // join_region.cpp
  void collect_region(const PlanPtr& p, std::vector<PlanPtr>& leaves, std::vector<ExprPtr>& preds);
  PlanPtr push_into(PlanPtr p, const ExprPtr& pred);
  PlanPtr rewrite_region(PlanPtr root);

  // semi_join_rules.cpp
  void reduce_decorrelated(LogicalOp& j);
  PlanPtr push_semi_down(const PlanPtr& semi);

  // factor_disjunction.cpp
  void factor_disjunction(const ExprPtr& e, const std::vector<IdSet>& leaf_ids, std::vector<ExprPtr>& out);

  const OptimizerEnv& env_;
  std::map<ColumnId, ColumnOrigin> origins_;
};

}  // namespace tessera::plan::optimizer_detail

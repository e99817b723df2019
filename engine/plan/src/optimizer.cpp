// The optimizer's driver (optimizer_impl.hpp lists the rules' files): where each column comes from, the rewrite
// walk (an inner-join region to join_region.cpp, semi / anti joins to semi_join_rules.cpp), subqueries in place,
// then column pruning, late materialisation and the final estimates.
#include "optimizer_impl.hpp"

namespace tessera::plan {

namespace optimizer_detail {

PlanPtr Optimizer::run(PlanPtr p) {
  index_origins(*p);
  p = rewrite(p);
  std::vector<OutputColumn> outs = p->outputs;
  prune_columns(*p, ids_of(outs));
  ColumnId row_position = kRowPositionIds;
  p = late_materialize(p, row_position);
  estimate_all(*p);
  return p;
}

void Optimizer::index_origins(const LogicalOp& op) {
  if (op.kind == OpKind::Scan)
    for (size_t i = 0; i < op.table_ids.size(); ++i) origins_[op.table_ids[i]] = {op.table, i};
  for (const auto& c : op.children) index_origins(*c);
  auto visit = [&](const ExprPtr& e) { index_expr_origins(e); };
  for (const auto& e : op.predicates) visit(e);
  for (const auto& e : op.exprs) visit(e);
}

void Optimizer::index_expr_origins(const ExprPtr& e) {
  if (!e) return;
  if (e->kind == ExprKind::Subquery) index_origins(*e->subplan);
  for (const auto& a : e->args) index_expr_origins(a);
}

// Subquery plans inside expressions are optimized in place: a query's expressions belong to it alone.
void Optimizer::optimize_subqueries(const ExprPtr& e) {
  if (!e) return;
  if (e->kind == ExprKind::Subquery) {
    auto& mut = const_cast<Expr&>(*e);
    mut.subplan = rewrite(mut.subplan);
    prune_columns(*mut.subplan, ids_of(mut.subplan->outputs));
    estimate_all(*mut.subplan);
  }
  for (const auto& a : e->args) optimize_subqueries(a);
}

PlanPtr Optimizer::rewrite(PlanPtr p) {
  for (const auto& e : p->predicates) optimize_subqueries(e);
  for (const auto& e : p->exprs) optimize_subqueries(e);
  if (p->kind == OpKind::Filter || (p->kind == OpKind::Join && p->join_type == JoinType::Inner))
    return rewrite_region(p);
  for (auto& c : p->children) c = rewrite(c);
  if (p->kind == OpKind::Join) {
    // ON / correlation conditions over the right input alone filter it first (semi, anti, left);
    // over the left input alone only a semi join may filter with them.
    std::vector<ExprPtr> keep;
    const IdSet left = visible_ids(*p->children[0]), right = visible_ids(*p->children[1]);
    for (const auto& c : p->predicates) {
      const IdSet cols = columns_of(c);
      if (!cols.empty() && subset(cols, right)) p->children[1] = push_into(p->children[1], c);
      else if (!cols.empty() && p->join_type == JoinType::Semi && subset(cols, left)) p->children[0] = push_into(p->children[0], c);
      else keep.push_back(c);
    }
    p->predicates = keep;
    estimate_all(*p->children[0]);
    estimate_all(*p->children[1]);
    if (p->join_type == JoinType::Semi || p->join_type == JoinType::Anti)
      if (PlanPtr pushed = push_semi_down(p)) return pushed;
    if (p->decorrelated) reduce_decorrelated(*p);
  }
  return p;
}

}  // namespace optimizer_detail

PlanPtr optimize(PlanPtr plan, const OptimizerEnv& env) { return optimizer_detail::Optimizer(env).run(std::move(plan)); }

}  // namespace tessera::plan

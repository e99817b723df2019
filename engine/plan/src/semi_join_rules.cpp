// Semi and anti joins: moved down to the one input of the join tree they filter, and a decorrelated scalar
// subquery's aggregate semi-join reduced by the outer input holding its correlation column.
#include "optimizer_impl.hpp"

namespace tessera::plan::optimizer_detail {

// Semi-join reduction of a decorrelated scalar subquery: its aggregate need only see the groups the
// outer query asks for, so its input is first semi-joined with (a copy of) the smallest outer input
// that holds the correlation column (TPC-H Q17: lineitem meets the 2,000 selected parts before it is
// grouped by l_partkey, instead of all 200,000 groups being built).
void Optimizer::reduce_decorrelated(LogicalOp& j) {
  LogicalOp* agg = j.children[1].get();
  const LogicalOp* proj = nullptr;
  while (agg->kind == OpKind::Project || agg->kind == OpKind::Filter) {
    if (agg->kind == OpKind::Project) proj = agg;
    agg = agg->children[0].get();
  }
  if (agg->kind != OpKind::Aggregate || !proj) return;
  for (const auto& c : j.predicates) {
    if (c->kind != ExprKind::Op || c->op != Op::Eq) continue;
    for (int side = 0; side < 2; ++side) {
      const ExprPtr& outer = c->args[side];
      const ExprPtr& key = c->args[1 - side];
      if (outer->kind != ExprKind::Column || key->kind != ExprKind::Column) continue;
      // key: a projection output that passes group column k through.
      int k = -1;
      for (size_t i = 0; i < proj->outputs.size(); ++i)
        if (proj->outputs[i].id == key->column && proj->exprs[i]->kind == ExprKind::Column)
          for (size_t g = 0; g < agg->groups.size(); ++g)
            if (agg->outputs[g].id == proj->exprs[i]->column) k = static_cast<int>(g);
      if (k < 0) continue;
      // The smallest node of the outer side that has the column.
      const LogicalOp* best = nullptr;
      std::vector<const LogicalOp*> stack{j.children[0].get()};
      while (!stack.empty()) {
        const LogicalOp* n = stack.back();
        stack.pop_back();
        if (visible_ids(*n).count(outer->column) && (!best || n->estimated_rows < best->estimated_rows)) best = n;
        if (n->kind == OpKind::Filter || n->kind == OpKind::Join)
          for (const auto& ch : n->children) stack.push_back(ch.get());
      }
      const double input = agg->children[0]->estimated_rows;
      if (!best || best->estimated_rows * 4 > input) continue;
      auto semi = make_join(JoinType::Semi, agg->children[0], clone_plan(*best),
                            {op(Op::Eq, DataType::boolean(), {agg->groups[k], outer})});
      semi->estimated_rows = std::max(1.0, std::min(input, best->estimated_rows * 10));
      agg->children[0] = semi;
      return;
    }
  }
}

// A semi / anti join whose conditions read one input of the join tree below it filters that input
// instead, when the input is estimated smaller than the whole tree (TPC-H Q18: the IN list of big
// orders meets orders before lineitem does). Returns the new subtree, or null.
PlanPtr Optimizer::push_semi_down(const PlanPtr& semi) {
  const IdSet right = visible_ids(*semi->children[1]);
  IdSet needed;
  for (const auto& c : semi->predicates)
    for (ColumnId id : columns_of(c))
      if (!right.count(id)) needed.insert(id);
  if (needed.empty()) return nullptr;
  PlanPtr* best = nullptr;
  std::vector<PlanPtr*> stack{&semi->children[0]};
  while (!stack.empty()) {
    PlanPtr* slot = stack.back();
    stack.pop_back();
    LogicalOp& n = **slot;
    if (slot != &semi->children[0] && subset(needed, visible_ids(n)) &&
        (!best || n.estimated_rows < (*best)->estimated_rows))
      best = slot;
    const bool pass_through = n.kind == OpKind::Filter || (n.kind == OpKind::Join && n.join_type == JoinType::Inner) ||
                              (n.kind == OpKind::Project &&
                               std::all_of(n.exprs.begin(), n.exprs.end(), [](const ExprPtr& e) { return e->kind == ExprKind::Column; }));
    if (pass_through)
      for (auto& c : n.children) stack.push_back(&c);
  }
  if (!best || (*best)->estimated_rows >= semi->children[0]->estimated_rows) return nullptr;
  auto j = make_join(semi->join_type, *best, semi->children[1], semi->predicates);
  j->null_aware = semi->null_aware;
  j->estimated_rows = std::max(1.0, (*best)->estimated_rows * 0.5);
  *best = j;
  PlanPtr out = semi->children[0];
  estimate_all(*out);
  return out;
}

}  // namespace tessera::plan::optimizer_detail

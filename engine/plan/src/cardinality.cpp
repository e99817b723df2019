// Cardinality estimates for join ordering: distinct values from the tables' statistics (OptimizerEnv), textbook
// selectivities, rows per operator; a join keeps the larger side of its most selective equality.
#include "optimizer_impl.hpp"

namespace tessera::plan::optimizer_detail {

double Optimizer::estimate_all(LogicalOp& op) {
  for (auto& c : op.children) estimate_all(*c);
  op.estimated_rows = estimate_node(op);
  return op.estimated_rows;
}

// Distinct values of a column: its table's statistic, at most `cap` (the rows of the input it is
// read from); `unknown` where the column is computed.
double Optimizer::ndv(ColumnId id, double cap, double unknown) const {
  auto it = origins_.find(id);
  if (it == origins_.end() || !env_.distinct_values) return unknown < 0 ? cap : unknown;
  return std::max(1.0, std::min(cap, env_.distinct_values(it->second.table, it->second.column)));
}

double Optimizer::selectivity(const Expr& e) const {
  if (e.kind == ExprKind::Op) {
    switch (e.op) {
      case Op::And: return selectivity(*e.args[0]) * selectivity(*e.args[1]);
      case Op::Or: return std::min(1.0, selectivity(*e.args[0]) + selectivity(*e.args[1]));
      case Op::Not: return 1.0 - selectivity(*e.args[0]);
      case Op::Eq: {
        for (int s = 0; s < 2; ++s)
          if (e.args[s]->kind == ExprKind::Column && e.args[1 - s]->is_constant())
            return 1.0 / ndv(e.args[s]->column, kNoCap, 10.0);
        return 0.1;
      }
      case Op::Ne: return 0.9;
      case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: return 0.33;
      default: return 0.5;
    }
  }
  if (e.kind == ExprKind::InList) {
    const double k = static_cast<double>(e.args.size() - 1);
    const double d = e.args[0]->kind == ExprKind::Column ? ndv(e.args[0]->column, kNoCap, 10.0) : 10.0;
    const double s = std::min(1.0, k / d);
    return e.negated ? 1.0 - s : s;
  }
  if (e.kind == ExprKind::Call && e.name == "LIKE") return 0.1;
  if (e.kind == ExprKind::IsNull) return e.negated ? 0.95 : 0.05;
  return 0.5;
}

double Optimizer::estimate_node(const LogicalOp& op) const {
  auto in = [&](size_t i) { return std::max(1.0, op.children[i]->estimated_rows); };
  switch (op.kind) {
    case OpKind::Scan: {
      double r = static_cast<double>(op.table->num_rows());
      for (const auto& p : op.predicates) r *= selectivity(*p);
      return std::max(1.0, r);
    }
    case OpKind::Filter: {
      double r = in(0);
      for (const auto& p : op.predicates) r *= selectivity(*p);
      return std::max(1.0, r);
    }
    case OpKind::Join: return join_estimate(op, in(0), in(1));
    case OpKind::Aggregate: {
      if (op.groups.empty()) return 1;
      double g = 1;
      for (const auto& e : op.groups)
        g *= e->kind == ExprKind::Column ? ndv(e->column, in(0)) : std::max(1.0, in(0) / 10);
      return std::max(1.0, std::min(in(0), g));
    }
    case OpKind::Limit: {
      const double after = std::max(0.0, in(0) - static_cast<double>(op.offset));
      return op.limit >= 0 ? std::min<double>(after, static_cast<double>(op.limit)) : after;
    }
    case OpKind::SingleRow: return 1;
    case OpKind::UnionAll: {
      double r = 0;
      for (size_t i = 0; i < op.children.size(); ++i) r += in(i);
      return r;
    }
    default: return in(0);
  }
}

double Optimizer::join_estimate(const LogicalOp& j, double l, double r) const {
  if (j.join_type == JoinType::Semi || j.join_type == JoinType::Anti) {
    // The fraction of left keys the right side holds: its rows over the left key's distinct values.
    double frac = 0.5;
    for (const auto& p : j.predicates) {
      if (p->kind != ExprKind::Op || p->op != Op::Eq) continue;
      for (int s = 0; s < 2; ++s)
        if (p->args[s]->kind == ExprKind::Column && visible_ids(*j.children[0]).count(p->args[s]->column))
          frac = std::min(frac, std::min(1.0, r / ndv(p->args[s]->column, l)));
    }
    if (j.join_type == JoinType::Anti) frac = std::max(0.1, 1 - frac);
    return std::max(1.0, l * frac);
  }
  double best = 1;  // the most selective equality decides (a foreign key join keeps the larger side)
  bool any = false;
  const IdSet left = ids_of(j.children[0]->outputs), right = ids_of(j.children[1]->outputs);
  for (const auto& p : j.predicates) {
    if (p->kind != ExprKind::Op || p->op != Op::Eq) continue;
    const IdSet a = columns_of(p->args[0]), b = columns_of(p->args[1]);
    if (a.empty() || b.empty()) continue;
    const bool lr = subset(a, left) && subset(b, right), rl = subset(a, right) && subset(b, left);
    if (!lr && !rl) continue;
    auto key_ndv = [&](const ExprPtr& e, double rows) {
      return e->kind == ExprKind::Column ? ndv(e->column, rows) : rows;
    };
    const double dl = key_ndv(lr ? p->args[0] : p->args[1], l), dr = key_ndv(lr ? p->args[1] : p->args[0], r);
    best = std::max(best, std::max(dl, dr));
    any = true;
  }
  double est = any ? l * r / best : l * r;
  for (const auto& p : j.predicates)
    if (!(p->kind == ExprKind::Op && p->op == Op::Eq)) est *= 0.33;
  if (j.join_type == JoinType::Left) est = std::max(est, l);
  return std::max(1.0, est);
}

}  // namespace tessera::plan::optimizer_detail

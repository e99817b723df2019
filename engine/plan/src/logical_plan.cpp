#include "tessera/plan/logical_plan.hpp"

#include <algorithm>

namespace tessera::plan {

PlanPtr make_plan(OpKind k) { return std::make_shared<LogicalOp>(k); }

PlanPtr make_filter(PlanPtr input, std::vector<ExprPtr> predicates) {
  if (predicates.empty()) return input;
  auto f = make_plan(OpKind::Filter);
  f->outputs = input->outputs;
  f->children = {std::move(input)};
  f->predicates = std::move(predicates);
  return f;
}

PlanPtr make_join(JoinType t, PlanPtr left, PlanPtr right, std::vector<ExprPtr> conditions) {
  auto j = make_plan(OpKind::Join);
  j->join_type = t;
  j->outputs = left->outputs;
  if (t == JoinType::Inner || t == JoinType::Left)
    j->outputs.insert(j->outputs.end(), right->outputs.begin(), right->outputs.end());
  j->children = {std::move(left), std::move(right)};
  j->predicates = std::move(conditions);
  return j;
}

PlanPtr clone_plan(const LogicalOp& op) {
  auto c = std::make_shared<LogicalOp>(op);
  for (auto& child : c->children) child = clone_plan(*child);
  return c;
}

const char* join_type_name(JoinType t) {
  switch (t) {
    case JoinType::Inner: return "INNER";
    case JoinType::Left: return "LEFT";
    case JoinType::Semi: return "SEMI";
    case JoinType::Anti: return "ANTI";
  }
  return "?";
}

const char* window_func_name(WindowFunc f) {
  switch (f) {
    case WindowFunc::RowNumber: return "ROW_NUMBER";
    case WindowFunc::Rank: return "RANK";
    case WindowFunc::DenseRank: return "DENSE_RANK";
    case WindowFunc::Ntile: return "NTILE";
    case WindowFunc::Lag: return "LAG";
    case WindowFunc::Lead: return "LEAD";
    case WindowFunc::FirstValue: return "FIRST_VALUE";
    case WindowFunc::LastValue: return "LAST_VALUE";
    case WindowFunc::Sum: return "SUM";
    case WindowFunc::Avg: return "AVG";
    case WindowFunc::Count: return "COUNT";
    case WindowFunc::CountStar: return "COUNT(*)";
    case WindowFunc::Min: return "MIN";
    case WindowFunc::Max: return "MAX";
  }
  return "?";
}

std::string window_order_key(const WindowFunction& w) {
  std::string k;
  for (const auto& p : w.partition) k += fingerprint(*p) + ",";
  k += "|";
  for (const auto& s : w.order) k += fingerprint(*s.expr) + (s.descending ? " desc," : ",");
  return k;
}

std::vector<const Expr*> aggregate_expressions(const LogicalOp& aggregate) {
  std::vector<const Expr*> out = expr_pointers(aggregate.groups);
  for (const auto& a : aggregate.aggregates) {
    if (a.arg) out.push_back(a.arg.get());
    if (a.folded) out.push_back(a.folded.get());
    if (a.weight) out.push_back(a.weight.get());
    for (const auto& k : a.order) out.push_back(k.expr.get());
  }
  return out;
}

std::vector<const Expr*> window_expressions(const WindowFunction& w, bool with_args) {
  std::vector<const Expr*> out = expr_pointers(w.partition);
  for (const auto& s : w.order) out.push_back(s.expr.get());
  if (with_args)
    for (const auto& a : w.args) out.push_back(a.get());
  return out;
}

const char* agg_name(AggFunc f) {
  switch (f) {
    case AggFunc::Sum: return "SUM";
    case AggFunc::Count: return "COUNT";
    case AggFunc::CountStar: return "COUNT(*)";
    case AggFunc::Avg: return "AVG";
    case AggFunc::Min: return "MIN";
    case AggFunc::Max: return "MAX";
    case AggFunc::StringAgg: return "STRING_AGG";
  }
  return "?";
}

std::vector<size_t> scanned_columns(const LogicalOp& scan) {
  std::vector<ColumnId> needed;
  for (const auto& o : scan.outputs) needed.push_back(o.id);
  for (const auto& p : scan.predicates) collect_columns(*p, needed);
  std::vector<size_t> out;
  for (size_t i = 0; i < scan.table_ids.size(); ++i)
    if (std::find(needed.begin(), needed.end(), scan.table_ids[i]) != needed.end()) out.push_back(i);
  return out;
}

}  // namespace tessera::plan

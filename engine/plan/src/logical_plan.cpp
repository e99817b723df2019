#include "tessera/plan/logical_plan.hpp"

namespace tessera::plan {

PlanPtr make_plan(OpKind k) { return std::make_shared<LogicalOp>(k); }

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

const char* agg_name(AggFunc f) {
  switch (f) {
    case AggFunc::Sum: return "SUM";
    case AggFunc::Count: return "COUNT";
    case AggFunc::CountStar: return "COUNT(*)";
    case AggFunc::Avg: return "AVG";
    case AggFunc::Min: return "MIN";
    case AggFunc::Max: return "MAX";
  }
  return "?";
}

}  // namespace tessera::plan

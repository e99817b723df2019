#include "tessera/plan/logical_plan.hpp"

namespace tessera::plan {

PlanPtr make_plan(OpKind k) { return std::make_shared<LogicalOp>(k); }

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

// The optimizer: rewrites a bound plan in three steps.
//   1. predicate push-down: every inner-join region (cross products and inner joins under filters)
//      is flattened into its inputs and conjuncts; a conjunct over one input moves into it (into the
//      scan itself for tables), conjuncts over several become join conditions; through semi / anti /
//      left joins only where it keeps the meaning;
//   2. join ordering: greedy, from cardinality estimates (table sizes, sampled distinct counts,
//      textbook selectivities): repeatedly join the connected pair with the smallest estimated
//      result, the smaller input on the build (right) side;
//   3. column pruning: scans and projections keep only the columns something above reads.
// Subqueries were decorrelated by the binder; their plans are optimized here as well.
#pragma once

#include <functional>

#include "tessera/plan/logical_plan.hpp"

namespace tessera::plan {

struct OptimizerEnv {
  // Estimated distinct values of a table column (sampled once and cached by the caller).
  std::function<double(const storage::Table*, size_t column)> distinct_values;
};

PlanPtr optimize(PlanPtr plan, const OptimizerEnv& env);

// Fills estimated_rows bottom-up (used by optimize and EXPLAIN).
double estimate(LogicalOp& op, const OptimizerEnv& env);

}  // namespace tessera::plan

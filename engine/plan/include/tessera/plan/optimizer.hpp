// The optimizer: rewrites a bound plan (docs/ENGINE.md has the whole list).
//   1. predicate push-down: every inner-join region (cross products and inner joins under filters)
//      is flattened into its inputs and conjuncts; a conjunct over one input moves into it (into the
//      scan itself for tables), conjuncts over several become join conditions; through semi / anti /
//      left joins only where it keeps the meaning; ORs are factored and yield implied filters;
//   2. join ordering: greedy, from cardinality estimates (table sizes, HyperLogLog distinct counts,
//      textbook selectivities): repeatedly join the connected pair with the smallest estimated
//      result, the smaller input on the build (right) side;
//   3. semi / anti joins move down to the one input they filter; decorrelated aggregates are
//      semi-join reduced by the outer input holding their correlation column;
//   4. column pruning: scans and projections keep only the columns something above reads.
// Subqueries were decorrelated by the binder; their plans are optimized here as well.
#pragma once

#include <functional>

#include "tessera/plan/logical_plan.hpp"

namespace tessera::plan {

struct OptimizerEnv {
  // Estimated distinct values of a table column (computed once and cached by the caller).
  std::function<double(const storage::Table*, size_t column)> distinct_values;
};

PlanPtr optimize(PlanPtr plan, const OptimizerEnv& env);

}  // namespace tessera::plan

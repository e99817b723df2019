// Two-phase aggregation: an aggregation whose input arrives a morsel at a time runs as a partial aggregation
// of each morsel (the same groups, per-morsel sums, counts, minima and maxima) and a final aggregation over
// the partials' rows, which gives the original operator's outputs. Both devices run the two halves with
// their ordinary aggregate operators.
#pragma once

#include <optional>

#include "tessera/plan/logical_plan.hpp"

namespace tessera::plan {

struct AggregateSplit {
  PlanPtr partial;  // over the original input (shares its child); outputs: groups, then the partial states
  PlanPtr final;    // over the partials' rows (no child); outputs: exactly the original operator's
  // Over the partials' rows (no child); outputs: the partials' own columns, merged to a row per group (sums and
  // counts summed, minima and maxima kept), so that many partials can be held as one.
  PlanPtr combine;
};

// Partial states: SUM -> SUM (INT sums widened to BIGINT), COUNT / COUNT(*) -> COUNT_BIG, MIN / MAX -> themselves,
// AVG -> SUM and COUNT_BIG (the final AVG divides the summed sums by the summed counts, Aggregate::weight).
// nullopt when an aggregate does not merge: DISTINCT, MIN / MAX under a case-insensitive collation (`folded`),
// STRING_AGG.
// The partial's output columns get ids from kSplitColumnIds up, which no binder-made plan reaches.
std::optional<AggregateSplit> split_aggregate(const LogicalOp& aggregate);
constexpr ColumnId kSplitColumnIds = 1 << 30;

}  // namespace tessera::plan

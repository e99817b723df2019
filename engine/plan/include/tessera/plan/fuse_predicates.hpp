// Fused predicates: a comparison of a library function's result with constants (`YEAR(d) = 1994`,
// `LOWER(s) = 'brass'`, `LEFT(p, 1) IN ('1', '2')`) in a filter, a scan's pushed-down filter or a join
// condition becomes one call of the function's fused predicate kernel ("<kernel>__cmp",
// tessera/functions/predicate.hpp), which writes only the boolean: a string result is never materialised.
// Same meaning (NULL where the function's result is NULL); EXPLAIN prints the comparison with "[fused]".
#pragma once

#include "tessera/plan/logical_plan.hpp"

namespace tessera::rt {
class Catalog;
}

namespace tessera::plan {

// Rewrites the plan's predicates (and those of its subqueries' plans) in place, where the catalog has the
// function's predicate kernel and the constants have the function's result type (a DECIMAL the same scale;
// strings of any length; a string result whose length rule over the arguments' declared lengths gives at
// most fn::kPredicateStringBytes). Returns `plan`.
PlanPtr fuse_predicates(PlanPtr plan, const rt::Catalog& catalog);

}  // namespace tessera::plan

// Zone maps (issue 31): a stored chunk's min and max of each integer-like column (storage::ZoneMap, written with
// the data) against a scan's pushed-down predicates. A chunk none of whose rows can pass (column = c outside
// [min, max], column < c with min >= c, IN with every item outside, any comparison on a column that is all NULL)
// is never read by a streamed scan.
#pragma once

#include <cstddef>
#include <vector>

#include "tessera/plan/logical_plan.hpp"

namespace tessera::exec {

// For each stored chunk of the scan's table, whether its rows may pass the scan's predicates; empty when the
// table has no zone maps (in memory, or written before them) or no predicate can use them.
std::vector<bool> chunks_that_may_match(const plan::LogicalOp& scan);

}  // namespace tessera::exec

// EXPLAIN: the plan as indented text, one operator per line with its estimated rows and where it
// runs, and every scalar function with the catalog kernel and the device that runs it.
#pragma once

#include <string>

#include "tessera/plan/logical_plan.hpp"

namespace tessera::plan {

std::string explain(const LogicalOp& plan);

}  // namespace tessera::plan

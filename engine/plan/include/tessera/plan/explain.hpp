// EXPLAIN: the plan as indented text, one operator per line with its estimated rows and where it
// runs, and every scalar function with the catalog kernel and the device that runs it.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "tessera/plan/logical_plan.hpp"

namespace tessera::plan {

// Measured rows and time of an operator (EXPLAIN ANALYZE).
struct ActualStats {
  int64_t rows = 0;
  double ms = 0;
};
using ActualLookup = std::function<const ActualStats*(const LogicalOp&)>;

// `function_device`: where the catalog's kernels run ("CPU" or "GPU"), printed for every scalar function.
std::string explain(const LogicalOp& plan, const ActualLookup& actual = nullptr, std::string_view function_device = "CPU");

}  // namespace tessera::plan

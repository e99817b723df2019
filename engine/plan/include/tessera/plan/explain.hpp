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
  int64_t morsels = 0;  // an aggregation that streamed its scan (exec/morsels.hpp): how many morsels
  int64_t passes = 0;   // ... over how many partitioned passes of its joins (exec/join_partitions.hpp)
  int64_t spilled_bytes = 0, spilled_to_disk = 0;  // ... whose partitions spilled (exec/spilled_passes.hpp)
  int64_t group_partitions = 0;  // ... whose partial aggregates split by group (exec/aggregate_partials.hpp)
  int64_t group_resplits = 0;    // ... of which this many were split again (outgrew their share of the budget)
};
using ActualLookup = std::function<const ActualStats*(const LogicalOp&)>;

// Where each operator runs, from the physical plan (physical::place); without it every operator is "CPU".
struct PlacementNotes {
  // "GPU", or "CPU" with the reason the GPU does not run it ("CPU: hash join not yet on the GPU").
  std::function<std::string(const LogicalOp&)> device;
  // The transfer above the operator, if its parent runs on the other device ("ToHost ~12.3 MB").
  std::function<std::string(const LogicalOp&)> transfer_above;
};

// `function_device`: where the catalog's kernels of CPU operators run ("CPU" or "GPU"), printed for every
// scalar function (functions of GPU operators always run on the GPU, in place).
std::string explain(const LogicalOp& plan, const ActualLookup& actual = nullptr, std::string_view function_device = "CPU",
                    const PlacementNotes* placement = nullptr);

}  // namespace tessera::plan

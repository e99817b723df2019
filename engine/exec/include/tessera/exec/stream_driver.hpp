// The streaming drivers of the plan walker (plan_walker.hpp; morsels.hpp: the path and its morsels;
// join_partitions.hpp: the passes of joins whose other input is too large): an aggregation merged from per-morsel
// partials (aggregate_partials.hpp: split by group and spilled when they outgrow the budget), and rows (a chain
// with no aggregation above it, or a top-N) put together from the morsels' results. They run on either device
// through its operator set `Device` (plan_walker.hpp lists what it provides).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "tessera/exec/aggregate_partials.hpp"
#include "tessera/exec/join_partitions.hpp"
#include "tessera/exec/morsel_runs.hpp"
#include "tessera/exec/spilled_passes.hpp"
#include "tessera/plan/aggregate_split.hpp"

namespace tessera::exec {

// Operator `op` (a Scan, Filter, Project or Join) run a morsel at a time when its path may stream
// (streamable_path) and plan_morsels cuts its scan (streams()) within the device's budget: each morsel's result
// through reduce(batch) (a top-N keeps its first rows), then put together; nullopt when it runs whole. The result
// must fit where the whole input does not. caller_measures: the call runs inside execute_plan's EXPLAIN ANALYZE
// measurement of `op`.
template <typename Device, typename Reduce>
std::optional<typename Device::Batch> stream_rows(const plan::LogicalOp& op, Device& d, Reduce&& reduce,
                                                  bool caller_measures) {
  auto& ctx = d.ctx;
  const std::optional<StreamPath> path = streamable_path(op, d);
  if (!path) return std::nullopt;
  const std::vector<std::pair<int64_t, int64_t>> morsels = plan_morsels(*path->scan, ctx.morsel_rows, d.budget());
  if (!streams(morsels, *path->scan)) return std::nullopt;
  // When the caller measures this call (execute_plan's EXPLAIN ANALYZE timing around it), the per-morsel runs of
  // `op` count nothing; else they are its measurement.
  std::optional<std::decay_t<decltype((*ctx.stats)[&op])>> before;
  if (ctx.stats) before = (*ctx.stats)[&op];
  auto out = collect_morsels(op, d, *path, morsels, nullptr, reduce);
  if (ctx.stats) {
    if (caller_measures) (*ctx.stats)[&op] = *before;
    (*ctx.stats)[&op].morsels = static_cast<int64_t>(morsels.size());
  }
  return out;
}

// Runs aggregation `op` a morsel at a time over the path under its input when that path may stream
// (streamable_path) and plan_morsels cuts its scan (streams()) within the device's budget, or a join on the path
// reuses an input too large for the budget, and its aggregates merge; nullopt when it runs whole. For each pass of
// the partitioned joins (one when there are none) the joins' other inputs are computed (those too large a morsel
// of their own scan at a time, when the device lets their path stream), then every morsel of the streamed scan
// runs against them.
template <typename Device>
std::optional<typename Device::Batch> stream_aggregation(const plan::LogicalOp& op, Device& d) {
  using Batch = typename Device::Batch;
  auto& ctx = d.ctx;
  const std::optional<StreamPath> path = streamable_path(*op.child(), d);
  if (!path) return std::nullopt;
  const int64_t budget = d.budget();
  const std::vector<std::pair<int64_t, int64_t>> morsels = plan_morsels(*path->scan, ctx.morsel_rows, budget);
  const JoinPartitions partitions = partition_joins(*path, budget);
  if (!streams(morsels, *path->scan) && partitions.joins.empty()) return std::nullopt;
  const std::optional<plan::AggregateSplit> split = plan::split_aggregate(op);
  if (!split) return std::nullopt;
  const int64_t passes = partitions.passes();
  AggregatePartials<Device> partials(d, op, *split, static_cast<int64_t>(morsels.size()) * passes);
  // EXPLAIN ANALYZE: the partials' partitions and spilled bytes beside those of the passes.
  auto record = [&](int64_t runs, int64_t pass_spilled, int64_t pass_to_disk) {
    if (!ctx.stats) return;
    auto& s = (*ctx.stats)[&op];
    s.morsels = runs;
    s.passes = passes;
    s.group_partitions = partials.partitions();
    s.group_resplits = partials.resplit();
    s.spilled_bytes = pass_spilled + partials.spilled_bytes();
    s.spilled_to_disk = pass_to_disk + partials.spilled_to_disk();
  };
  if (spills(partitions, ctx.spill) && (ctx.spill.mode == SpillMode::Always || d.spill_pays())) {
    const SpilledPasses run = spilled_passes(op, d, *path, morsels, partitions, *split, partials);
    Batch out = partials.finish();
    record(run.runs, run.spilled_bytes, run.spilled_to_disk);
    return out;
  }
  ContextRestore restore(ctx);
  std::map<const plan::LogicalOp*, Batch> reused;
  std::map<const plan::LogicalOp*, std::shared_ptr<void>> kept;
  for (int64_t pass = 0; pass < passes; ++pass) {
    const PartitionFilters filters = partitions.filters(pass);
    for (const plan::LogicalOp* r : path->reused) {
      const JoinPartition* j = partitions.reusing(r);
      if (pass > 0 && (!j || j->group < 0)) continue;  // the same in every pass
      reused.erase(r);
      // each of its morsels' rows filtered to the pass's partition
      reused.emplace(r, j ? collect_input(*r, d, filters, [](Batch b) { return b; }) : execute_plan(*r, d));
    }
    kept.clear();  // hash tables on the previous pass's inputs
    ctx.reused = &reused;
    ctx.kept = &kept;
    ctx.partition_filters = &filters;
    for_each_morsel(*path->scan, morsels, ctx,
                    [&] { partials.add(d.aggregate(*split->partial, execute_plan(*op.child(), d))); });
    restore();
  }
  Batch out = partials.finish();
  record(static_cast<int64_t>(morsels.size()) * passes, 0, 0);
  return out;
}

}  // namespace tessera::exec

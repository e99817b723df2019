// The streaming drivers of the plan walker (plan_walker.hpp; morsels.hpp: the path and its morsels;
// join_partitions.hpp: the passes of joins whose other input is too large): an aggregation merged from per-morsel
// partials, and rows (a chain with no aggregation above it, or a top-N) put together from the morsels' results.
// They run on either device through its operator set `Device` (plan_walker.hpp lists what it provides).
#pragma once

#include <future>
#include <map>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "tessera/exec/join_partitions.hpp"
#include "tessera/exec/morsels.hpp"
#include "tessera/plan/aggregate_split.hpp"
#include "tessera/runtime/statement_stop.hpp"

namespace tessera::exec {

template <typename Device>
typename Device::Batch execute_plan(const plan::LogicalOp& op, Device& d);  // plan_walker.hpp

// Calls run(range) for each morsel of `scan`, with ctx.scan_range set to it; the next morsel's chunks are read on a
// thread of their own while run works on this one (but for those the device holds: columns_held).
template <typename Ctx, typename Run>
void for_each_morsel(const plan::LogicalOp& scan, const std::vector<std::pair<int64_t, int64_t>>& morsels, Ctx& ctx,
                     Run&& run) {
  std::future<void> next;  // its destructor waits for the read when a morsel throws
  for (size_t k = 0; k < morsels.size(); ++k) {
    rt::throw_if_stopped(ctx.stop);
    if (next.valid()) next.get();  // morsel k's chunks are in (a read error surfaces here)
    if (k + 1 < morsels.size()) {
      const auto m = morsels[k + 1];
      next = std::async(std::launch::async, [s = &scan, m, skip = columns_held(ctx, scan, m.first, m.second)] {
        read_ahead(*s, m.first, m.second, skip);
      });
    }
    const ScanRange range{&scan, morsels[k].first, morsels[k].second};
    ctx.scan_range = &range;
    run();
    ctx.scan_range = nullptr;
  }
}

// The context's streaming state as the caller had it: restored by operator() and at the end of the scope (what
// runs inside may stream with its own).
template <typename Ctx>
struct ContextRestore {
  Ctx& ctx;
  const ScanRange* range;
  decltype(ctx.reused) reused;
  decltype(ctx.kept) kept;
  decltype(ctx.partition_filters) filters;
  explicit ContextRestore(Ctx& c)
      : ctx(c), range(c.scan_range), reused(c.reused), kept(c.kept), filters(c.partition_filters) {}
  void operator()() const {
    ctx.scan_range = range;
    ctx.reused = reused;
    ctx.kept = kept;
    ctx.partition_filters = filters;
  }
  ~ContextRestore() { (*this)(); }
};

// `r` run over each of `morsels` of its path's scan (the joins' other inputs computed whole first, once; with
// `filters`, when set, applied by execute_plan), each morsel's result passed through reduce(batch), and the results
// put together.
template <typename Device, typename Reduce>
typename Device::Batch collect_morsels(const plan::LogicalOp& r, Device& d, const StreamPath& path,
                                       const std::vector<std::pair<int64_t, int64_t>>& morsels,
                                       const PartitionFilters* filters, Reduce&& reduce) {
  using Batch = typename Device::Batch;
  auto& ctx = d.ctx;
  ContextRestore restore(ctx);
  std::map<const plan::LogicalOp*, Batch> inner;
  std::map<const plan::LogicalOp*, std::shared_ptr<void>> inner_kept;
  for (const plan::LogicalOp* x : path.reused) inner.emplace(x, execute_plan(*x, d));
  ctx.reused = &inner;
  ctx.kept = &inner_kept;
  if (filters) ctx.partition_filters = filters;
  std::vector<Batch> parts;
  for_each_morsel(*path.scan, morsels, ctx, [&] { parts.push_back(reduce(execute_plan(r, d))); });
  restore();
  if (parts.size() == 1) return std::move(parts[0]);
  return d.concat(parts, r.outputs);
}

// The stream path under `op` when it may be cut into morsels: nothing above it streams already (ctx.scan_range
// unset), it reaches a scan, and the device lets that path stream (d.can_stream: not when part of it is a whole
// result already, or the scan's columns are resident on the GPU).
template <typename Device>
std::optional<StreamPath> streamable_path(const plan::LogicalOp& op, const Device& d) {
  if (d.ctx.scan_range) return std::nullopt;
  StreamPath path = stream_path(op);
  if (!path.scan || !d.can_stream(path)) return std::nullopt;
  return path;
}

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
  ContextRestore restore(ctx);
  // A reused input too large to compute whole: its own stream path a morsel at a time, each morsel's rows
  // filtered to the pass's partition.
  auto collect = [&](const plan::LogicalOp& r, const PartitionFilters& filters) -> Batch {
    const StreamPath rp = stream_path(r);
    if (!rp.scan || !d.can_stream(rp)) {
      ctx.partition_filters = &filters;
      Batch b = execute_plan(r, d);
      restore();
      return b;
    }
    return collect_morsels(r, d, rp, plan_morsels(*rp.scan, ctx.morsel_rows, budget), &filters,
                           [](Batch b) { return b; });
  };

  std::map<const plan::LogicalOp*, Batch> reused;
  std::map<const plan::LogicalOp*, std::shared_ptr<void>> kept;
  std::vector<Batch> partials;
  const int64_t passes = partitions.passes();
  for (int64_t pass = 0; pass < passes; ++pass) {
    const PartitionFilters filters = partitions.filters(pass);
    for (const plan::LogicalOp* r : path->reused) {
      const JoinPartition* j = partitions.reusing(r);
      if (pass > 0 && (!j || j->group < 0)) continue;  // the same in every pass
      reused.erase(r);
      reused.emplace(r, j ? collect(*r, filters) : execute_plan(*r, d));
    }
    kept.clear();  // hash tables on the previous pass's inputs
    ctx.reused = &reused;
    ctx.kept = &kept;
    ctx.partition_filters = &filters;
    for_each_morsel(*path->scan, morsels, ctx,
                    [&] { partials.push_back(d.aggregate(*split->partial, execute_plan(*op.child(), d))); });
    restore();
  }
  Batch out = d.aggregate(*split->final, d.concat(partials, split->partial->outputs));
  if (ctx.stats) {
    (*ctx.stats)[&op].morsels = static_cast<int64_t>(morsels.size()) * passes;
    (*ctx.stats)[&op].passes = passes;
  }
  return out;
}

}  // namespace tessera::exec

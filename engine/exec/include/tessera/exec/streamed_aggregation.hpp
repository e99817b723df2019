// The one driver both executors stream an aggregation with (morsels.hpp: the path and its morsels;
// join_partitions.hpp: the passes of joins whose other input is too large). Each executor passes its batch type
// and its operators.
#pragma once

#include <future>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "tessera/exec/join_partitions.hpp"
#include "tessera/exec/morsels.hpp"
#include "tessera/plan/aggregate_split.hpp"

namespace tessera::exec {

// Calls run(range) for each morsel of `scan`, with ctx.scan_range set to it; the next morsel's chunks are read on a
// thread of their own while run works on this one.
template <typename Ctx, typename Run>
void for_each_morsel(const plan::LogicalOp& scan, const std::vector<std::pair<int64_t, int64_t>>& morsels, Ctx& ctx,
                     Run&& run) {
  std::future<void> next;  // its destructor waits for the read when a morsel throws
  for (size_t k = 0; k < morsels.size(); ++k) {
    if (next.valid()) next.get();  // morsel k's chunks are in (a read error surfaces here)
    if (k + 1 < morsels.size())
      next = std::async(std::launch::async, [s = &scan, m = morsels[k + 1]] { read_ahead(*s, m.first, m.second); });
    const ScanRange range{&scan, morsels[k].first, morsels[k].second};
    ctx.scan_range = &range;
    run();
    ctx.scan_range = nullptr;
  }
}

// Runs aggregation `op` a morsel at a time over `path` when plan_morsels cuts its scan into more than one morsel
// (within `budget` bytes) or a join on the path reuses an input too large for the budget, and its aggregates
// merge; nullopt when it runs whole. execute(op) runs an operator on the device (keeping only the rows that
// ctx.partition_filters names for it), aggregate(op, batch) aggregates, concat(batches, outputs) puts rows
// together; Ctx holds morsel_rows, scan_range, reused, kept, partition_filters and stats. For each pass of the
// partitioned joins (one when there are none) the joins' other inputs are computed (those too large a morsel of
// their own scan at a time), then every morsel of the streamed scan runs against them.
template <typename Batch, typename Ctx, typename Execute, typename Aggregate, typename Concat>
std::optional<Batch> stream_aggregation(const plan::LogicalOp& op, Ctx& ctx, const StreamPath& path, int64_t budget,
                                        Execute&& execute, Aggregate&& aggregate, Concat&& concat) {
  const std::vector<std::pair<int64_t, int64_t>> morsels = plan_morsels(*path.scan, ctx.morsel_rows, budget);
  const JoinPartitions partitions = partition_joins(path, budget);
  if (morsels.size() < 2 && partitions.joins.empty()) return std::nullopt;
  const std::optional<plan::AggregateSplit> split = plan::split_aggregate(op);
  if (!split) return std::nullopt;
  // The context as the caller had it, restored between the steps below and at the end (a reused input may stream
  // an aggregation of its own).
  struct Restore {
    Ctx& ctx;
    const ScanRange* range;
    decltype(ctx.reused) reused;
    decltype(ctx.kept) kept;
    decltype(ctx.partition_filters) filters;
    void operator()() const {
      ctx.scan_range = range;
      ctx.reused = reused;
      ctx.kept = kept;
      ctx.partition_filters = filters;
    }
    ~Restore() { (*this)(); }
  } restore{ctx, ctx.scan_range, ctx.reused, ctx.kept, ctx.partition_filters};

  // A reused input too large to compute whole: its own stream path a morsel at a time (its joins' other inputs
  // computed whole first), each morsel's rows filtered to the pass's partition and put together.
  auto collect = [&](const plan::LogicalOp& r, const PartitionFilters& filters) -> Batch {
    const StreamPath rp = stream_path(r);
    std::map<const plan::LogicalOp*, Batch> inner;
    std::map<const plan::LogicalOp*, std::shared_ptr<void>> inner_kept;
    if (rp.scan)
      for (const plan::LogicalOp* x : rp.reused) inner.emplace(x, execute(*x));
    ctx.reused = &inner;
    ctx.kept = &inner_kept;
    ctx.partition_filters = &filters;
    std::vector<Batch> parts;
    if (!rp.scan) {
      parts.push_back(execute(r));
    } else {
      for_each_morsel(*rp.scan, plan_morsels(*rp.scan, ctx.morsel_rows, budget), ctx,
                      [&] { parts.push_back(execute(r)); });
    }
    restore();
    if (parts.size() == 1) return std::move(parts[0]);
    return concat(parts, r.outputs);
  };

  std::map<const plan::LogicalOp*, Batch> reused;
  std::map<const plan::LogicalOp*, std::shared_ptr<void>> kept;
  std::vector<Batch> partials;
  const int64_t passes = partitions.passes();
  for (int64_t pass = 0; pass < passes; ++pass) {
    const PartitionFilters filters = partitions.filters(pass);
    for (const plan::LogicalOp* r : path.reused) {
      const JoinPartition* j = partitions.reusing(r);
      if (pass > 0 && (!j || j->group < 0)) continue;  // the same in every pass
      reused.erase(r);
      reused.emplace(r, j ? collect(*r, filters) : execute(*r));
    }
    kept.clear();  // hash tables on the previous pass's inputs
    ctx.reused = &reused;
    ctx.kept = &kept;
    ctx.partition_filters = &filters;
    for_each_morsel(*path.scan, morsels, ctx,
                    [&] { partials.push_back(aggregate(*split->partial, execute(*op.child()))); });
    restore();
  }
  Batch out = aggregate(*split->final, concat(partials, split->partial->outputs));
  if (ctx.stats) {
    (*ctx.stats)[&op].morsels = static_cast<int64_t>(morsels.size()) * passes;
    (*ctx.stats)[&op].passes = passes;
  }
  return out;
}

}  // namespace tessera::exec

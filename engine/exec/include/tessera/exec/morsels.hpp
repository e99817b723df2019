// Streaming a scan a morsel at a time (issue 31): an aggregation whose input is a chain of filters, projections
// and joins down to one scan runs the chain on one range of the scanned table's rows at a time (a morsel),
// aggregates each morsel partially and merges the partials (plan/aggregate_split.hpp). At each join on the way
// the other input is computed once, before the first morsel, and every morsel's rows are joined with it (the
// hash table built on that side). A device then holds one morsel of the streamed table's columns, not the whole
// table: data larger than host or GPU memory can be aggregated. The CPU and GPU executors both drive it with
// stream_aggregation below, each with its own batches and operators.
#pragma once

#include <cstdint>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "tessera/plan/aggregate_split.hpp"
#include "tessera/plan/logical_plan.hpp"

namespace tessera::exec {

// The rows [begin, end) of `scan`'s table that the scan produces while a morsel runs.
struct ScanRange {
  const plan::LogicalOp* scan = nullptr;
  int64_t begin = 0, end = 0;
};

// What a morsel runs: `chain`, the operators from the aggregation's input down to the streamed `scan` (Filter,
// Project, Join), and `reused`, the joins' other inputs, computed once. A join streams its left input (every join
// type keeps or drops each left row by the whole right input), or for an inner join whichever input holds the
// larger streamable scan.
struct StreamPath {
  const plan::LogicalOp* scan = nullptr;
  std::vector<const plan::LogicalOp*> chain;
  std::vector<const plan::LogicalOp*> reused;
};
// The path under an aggregation's input `op`, or a path without a scan when nothing under it can stream.
StreamPath stream_path(const plan::LogicalOp& op);

// Bytes one row of the scan's columns occupies decoded (strings: their 12-byte slot and up to 64 bytes of text).
int64_t scan_row_bytes(const plan::LogicalOp& scan);

// The morsels to run `scan` in: `morsel_rows` > 0 forces ranges of that many rows (tests); otherwise one morsel
// (the whole table) when its scanned columns take at most half of `budget_bytes`, else ranges of whole stored
// chunks holding at most an eighth of it each. Never empty: an empty table is one empty morsel.
std::vector<std::pair<int64_t, int64_t>> plan_morsels(const plan::LogicalOp& scan, int64_t morsel_rows,
                                                      int64_t budget_bytes);

// Reads the chunks of the scan's columns that a morsel needs from disk, as stored (storage::Table::read_ahead).
void read_ahead(const plan::LogicalOp& scan, int64_t begin, int64_t end);

// Runs aggregation `op` a morsel at a time over `path` when plan_morsels cuts its scan into more than one morsel
// (within `budget` bytes) and its aggregates merge; nullopt when it must run whole. Both executors call it with
// their batch type: execute(op) runs an operator on the device, aggregate(op, batch) aggregates, concat(batches,
// outputs) puts rows together; Ctx holds morsel_rows, scan_range, reused and stats. The joins' other inputs are
// computed first; the next morsel's chunks are read on a thread of their own while the device works on this one.
template <typename Batch, typename Ctx, typename Execute, typename Aggregate, typename Concat>
std::optional<Batch> stream_aggregation(const plan::LogicalOp& op, Ctx& ctx, const StreamPath& path, int64_t budget,
                                        Execute&& execute, Aggregate&& aggregate, Concat&& concat) {
  const std::vector<std::pair<int64_t, int64_t>> morsels = plan_morsels(*path.scan, ctx.morsel_rows, budget);
  if (morsels.size() < 2) return std::nullopt;
  const std::optional<plan::AggregateSplit> split = plan::split_aggregate(op);
  if (!split) return std::nullopt;
  std::map<const plan::LogicalOp*, Batch> reused;
  for (const plan::LogicalOp* r : path.reused) reused.emplace(r, execute(*r));
  std::map<const plan::LogicalOp*, std::shared_ptr<void>> kept;
  struct Restore {
    Ctx& ctx;
    ~Restore() {
      ctx.scan_range = nullptr;
      ctx.reused = nullptr;
      ctx.kept = nullptr;
    }
  } restore{ctx};
  ctx.reused = &reused;
  ctx.kept = &kept;
  std::vector<Batch> partials;
  partials.reserve(morsels.size());
  std::future<void> next;  // its destructor waits for the read when a morsel throws
  for (size_t k = 0; k < morsels.size(); ++k) {
    if (next.valid()) next.get();  // morsel k's chunks are in (a read error surfaces here)
    if (k + 1 < morsels.size())
      next = std::async(std::launch::async, [scan = path.scan, m = morsels[k + 1]] { read_ahead(*scan, m.first, m.second); });
    const ScanRange range{path.scan, morsels[k].first, morsels[k].second};
    ctx.scan_range = &range;
    Batch in = execute(*op.child());
    ctx.scan_range = nullptr;
    partials.push_back(aggregate(*split->partial, in));
  }
  Batch out = aggregate(*split->final, concat(partials, split->partial->outputs));
  if (ctx.stats) (*ctx.stats)[&op].morsels = static_cast<int64_t>(morsels.size());
  return out;
}

}  // namespace tessera::exec

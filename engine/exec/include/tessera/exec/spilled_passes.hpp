// Partitioned passes that spill (issue 31; join_partitions.hpp says what the passes are). Without spilling, every
// pass re-reads the streamed scan and recomputes the partitioned joins' other inputs, keeping one partition's rows
// each time: P passes read everything P times. Spilling computes each of them once, in the first pass: the rows of
// partition 0 go on at once, those of every other partition go to a SpillStore (host memory up to its limit, then a
// file), and pass p runs the chain above the streamed input over partition p's spilled rows, with the other
// inputs' partition p as the joins' reused sides. Where the streamed input is split: below the lowest partitioned
// join (the input it streams), so the operators under it run once per morsel, as without passes.
//
// Built for one partitioning (the joins partitioned on one streamed key column: JoinPartitions::parts.size() == 1,
// TPC-H Q21's EXISTS and NOT EXISTS, a single large join); joins partitioned on different keys, whose partitions
// multiply, still re-read per pass.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "tessera/exec/aggregate_partials.hpp"
#include "tessera/exec/join_partitions.hpp"
#include "tessera/exec/morsel_runs.hpp"
#include "tessera/exec/spill_store.hpp"
#include "tessera/plan/aggregate_split.hpp"
#include "tessera/runtime/statement_stop.hpp"

namespace tessera::exec {

// Whether the passes of `partitions` can spill rather than re-read: spilling is not off, there are passes, and
// one partitioning (in Auto mode the device decides next: spill_pays).
inline bool spills(const JoinPartitions& partitions, const SpillSettings& settings) {
  return settings.mode != SpillMode::Never && partitions.parts.size() == 1 && partitions.passes() > 1;
}

// What spilled_passes did, for EXPLAIN ANALYZE: how many runs of the chain (the first pass's morsels, then the later
// passes' groups of spilled rows) and the bytes spilled.
struct SpilledPasses {
  int64_t runs = 0;
  int64_t spilled_bytes = 0, spilled_to_disk = 0;
};

// Runs the partial aggregation `split` of aggregation `op` over every pass of `partitions` (spills() holds), the
// streamed scan of `path` read once, in `morsels`, each run's partial aggregate into `partials`. Device:
// plan_walker.hpp's operator set, with to_spill(batch) (its rows in host memory) and from_spill(host batch), and
// ctx.spill.
template <typename Device>
SpilledPasses spilled_passes(const plan::LogicalOp& op, Device& d, const StreamPath& path,
                             const std::vector<std::pair<int64_t, int64_t>>& morsels, const JoinPartitions& partitions,
                             const plan::AggregateSplit& split, AggregatePartials<Device>& partials) {
  using Batch = typename Device::Batch;
  using Map = std::map<const plan::LogicalOp*, Batch>;
  auto& ctx = d.ctx;
  const int parts = partitions.parts[0];
  std::vector<PartitionFilters> filters;
  for (int p = 0; p < parts; ++p) filters.push_back(partitions.filters(p));
  // The streamed input split once: that of the lowest partitioned join on the chain (chain runs top down).
  const plan::LogicalOp* streamed = nullptr;
  for (const plan::LogicalOp* c : path.chain)
    for (const JoinPartition& j : partitions.joins)
      if (j.join == c && j.group == 0) streamed = j.stream_input;
  if (!streamed) throw internal_error("partitioned passes without a partitioned join on the path");
  // Spill keys: slot * parts + partition; the streamed input is slot 0, the partitioned reused inputs 1, 2, ...
  std::map<const plan::LogicalOp*, int64_t> slot{{streamed, 0}};
  for (const JoinPartition& j : partitions.joins)
    if (j.group == 0) slot.emplace(j.reused_input, static_cast<int64_t>(slot.size()));
  auto key = [&](const plan::LogicalOp* x, int p) { return slot.at(x) * parts + p; };

  SpillStore store(ctx.spill);
  // The rows of `b` (the result of `x`) in partition 0; every other partition's put in the store, even when empty
  // (so every later pass finds its inputs).
  auto split_rows = [&](const plan::LogicalOp& x, Batch b) -> Batch {
    for (int p = 1; p < parts; ++p) store.put(key(&x, p), d.to_spill(d.filter(b, filters[p].at(&x), x.outputs)));
    return d.filter(std::move(b), filters[0].at(&x), x.outputs);
  };
  SpilledPasses out;
  // Runs the chain above the streamed input over `rows`, partially aggregated.
  auto run_chain = [&](Map& reused, Batch rows) {
    Map with = reused;
    with[streamed] = std::move(rows);
    ctx.reused = &with;
    partials.add(d.aggregate(*split.partial, execute_plan(*op.child(), d)));
    ctx.reused = &reused;
    ++out.runs;
  };

  ContextRestore restore(ctx);
  const PartitionFilters none;
  Map reused;
  std::map<const plan::LogicalOp*, std::shared_ptr<void>> kept;
  // Pass 0: the other inputs computed once (a partitioned one split), then every morsel of the scan.
  for (const plan::LogicalOp* r : path.reused) {
    const JoinPartition* j = partitions.reusing(r);
    if (!j) reused.emplace(r, execute_plan(*r, d));
    else if (j->group == 0) reused.emplace(r, collect_input(*r, d, none, [&](Batch b) { return split_rows(*r, std::move(b)); }));
    else reused.emplace(r, collect_input(*r, d, none, [](Batch b) { return b; }));
  }
  PartitionFilters first = filters[0];
  first.erase(streamed);  // computed whole, then split
  ctx.reused = &reused;
  ctx.kept = &kept;
  ctx.partition_filters = &first;
  for_each_morsel(*path.scan, morsels, ctx,
                  [&] { run_chain(reused, split_rows(*streamed, execute_plan(*streamed, d))); });
  restore();

  // Passes 1..P-1 over the spilled rows, grouped into runs of about a morsel's size (an eighth of the budget).
  const int64_t run_bytes = std::max<int64_t>(d.budget() / 8, 1);
  for (int p = 1; p < parts; ++p) {
    for (const auto& [x, s] : slot) {
      if (x == streamed) continue;
      std::vector<Batch> in;
      store.take(key(x, p), [&](exec::Batch b) { in.push_back(d.from_spill(std::move(b))); });
      reused[x] = in.size() == 1 ? std::move(in[0]) : d.concat(in, x->outputs);
    }
    kept.clear();  // hash tables on the previous pass's inputs
    // The streamed input is given: nothing under it runs, and nothing above it may stream again.
    const ScanRange given{path.scan, 0, 0};
    ctx.scan_range = &given;
    ctx.reused = &reused;
    ctx.kept = &kept;
    ctx.partition_filters = &filters[p];
    std::vector<Batch> group;
    int64_t group_bytes = 0;
    auto flush = [&] {
      if (group.empty()) return;
      Batch rows = group.size() == 1 ? std::move(group[0]) : d.concat(group, streamed->outputs);
      group.clear();
      group_bytes = 0;
      run_chain(reused, std::move(rows));
    };
    store.take(key(streamed, p), [&](exec::Batch b) {
      rt::throw_if_stopped(ctx.stop);
      group_bytes += batch_bytes(b);
      group.push_back(d.from_spill(std::move(b)));
      if (group_bytes >= run_bytes) flush();
    });
    flush();
    restore();
  }
  out.spilled_bytes = store.bytes_spilled();
  out.spilled_to_disk = store.bytes_to_disk();
  return out;
}

}  // namespace tessera::exec

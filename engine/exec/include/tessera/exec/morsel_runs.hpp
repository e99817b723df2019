// Running a plan operator's stream path a morsel at a time, the pieces the streaming drivers share
// (stream_driver.hpp, spilled_passes.hpp): the morsel loop with its read-ahead, the context's streaming state kept
// and restored, and the results of a path's morsels put together. On either device through its operator set
// `Device` (plan_walker.hpp lists what it provides).
#pragma once

#include <future>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "tessera/exec/join_partitions.hpp"
#include "tessera/exec/morsels.hpp"
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

// A join's reused input too large to compute whole: its own stream path a morsel at a time when the device lets it
// stream (else whole), each morsel's result through reduce(batch) (with `filters` applied by execute_plan), put
// together.
template <typename Device, typename Reduce>
typename Device::Batch collect_input(const plan::LogicalOp& r, Device& d, const PartitionFilters& filters,
                                     Reduce&& reduce) {
  const StreamPath rp = stream_path(r);
  if (!rp.scan || !d.can_stream(rp)) {
    ContextRestore restore(d.ctx);
    d.ctx.partition_filters = &filters;
    return reduce(execute_plan(r, d));
  }
  return collect_morsels(r, d, rp, plan_morsels(*rp.scan, d.ctx.morsel_rows, d.budget()), &filters, reduce);
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

}  // namespace tessera::exec

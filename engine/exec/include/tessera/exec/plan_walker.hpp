// The one plan walker of both devices: it runs a placed plan operator by operator, streams what is too large
// (stream_driver.hpp), applies a partitioned pass's filters and records EXPLAIN ANALYZE's figures. What differs
// between the devices is only their operator set, `Device`: the CPU's (executor.cpp) over host Batches, the GPU's
// (gpu/gpu_executor.cpp) over DeviceBatches. A Device provides
//   using Batch;  Ctx& ctx (morsel_rows, scan_range, reused, kept, partition_filters, stats);
//   int64_t budget() const                 bytes a scan's decoded columns may take before it streams
//   bool can_stream(const StreamPath&) const  whether that path may be cut into morsels
//   const Batch* precomputed(op) const     a result the plan has already (a reused input, a GPU subtree's result)
//   Batch measured(op, run)                run(), timed for EXPLAIN ANALYZE when ctx.stats is set
//   scan(op), filter(batch, predicates, outputs), project(op, batch), join(op, left, right),
//   aggregate(op, batch), sort(op, batch, limit or -1), window(op, batch), rows(batch, offset, limit or -1),
//   single_row(), union_all(op, batches), concat(batches, outputs), fetch(op, batch)   the operators themselves
//   spill_pays(), to_spill(batch), from_spill(host batch)   partitioned passes that spill
//                                          (spilled_passes.hpp): whether it beats recomputing, and the moves
//   int host_threads() const               threads for host work on spilled rows (aggregate_partials.hpp)
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "tessera/exec/batch.hpp"  // ExecError
#include "tessera/exec/stream_driver.hpp"
#include "tessera/plan/logical_plan.hpp"
#include "tessera/runtime/statement_stop.hpp"

namespace tessera::exec {

namespace walker_detail {

template <typename Device>
typename Device::Batch execute_node(const plan::LogicalOp& op, Device& d) {
  using Batch = typename Device::Batch;
  using plan::OpKind;
  if (op.kind == OpKind::Scan || op.kind == OpKind::Filter || op.kind == OpKind::Project || op.kind == OpKind::Join)
    if (std::optional<Batch> b = stream_rows(op, d, [](Batch b) { return b; }, true)) return std::move(*b);
  switch (op.kind) {
    case OpKind::Scan: return d.scan(op);
    case OpKind::Filter: return d.filter(execute_plan(*op.child(), d), op.predicates, op.outputs);
    case OpKind::Project: return d.project(op, execute_plan(*op.child(), d));
    case OpKind::Join: {
      Batch l = execute_plan(*op.child(0), d);
      Batch r = execute_plan(*op.child(1), d);
      return d.join(op, std::move(l), std::move(r));
    }
    case OpKind::Aggregate:
      if (std::optional<Batch> b = stream_aggregation(op, d)) return std::move(*b);
      return d.aggregate(op, execute_plan(*op.child(), d));
    case OpKind::Sort: return d.sort(op, execute_plan(*op.child(), d), -1);
    case OpKind::Window: return d.window(op, execute_plan(*op.child(), d));
    case OpKind::Fetch: return d.fetch(op, execute_plan(*op.child(), d));
    case OpKind::Limit: {
      if (op.child()->kind != OpKind::Sort) return d.rows(execute_plan(*op.child(), d), op.offset, op.limit);
      // Over a sort, a top-(offset + limit) sort; over a streamed input it keeps each morsel's first rows only.
      const int64_t end = op.limit >= 0 && op.limit <= INT64_MAX - op.offset ? op.offset + op.limit : -1;
      const plan::LogicalOp& sort = *op.child();
      std::optional<Batch> top;
      if (end >= 0) top = stream_rows(*sort.child(), d, [&](Batch b) { return d.sort(sort, std::move(b), end); }, false);
      Batch sorted = d.sort(sort, top ? std::move(*top) : execute_plan(*sort.child(), d), end);
      return d.rows(std::move(sorted), op.offset, op.limit);
    }
    case OpKind::SingleRow: return d.single_row();
    case OpKind::UnionAll: {
      std::vector<Batch> in;
      for (const auto& c : op.children) in.push_back(execute_plan(*c, d));
      return d.union_all(op, std::move(in));
    }
  }
  throw internal_error("an operator the plan walker does not know");
}

}  // namespace walker_detail

// The result of `op` on device `d`: a result the plan has already, else the operator run (in a partitioned pass,
// only the rows of the pass's partition: ctx.partition_filters), measured for EXPLAIN ANALYZE. A statement being
// stopped (ctx.stop) ends before the next operator.
template <typename Device>
typename Device::Batch execute_plan(const plan::LogicalOp& op, Device& d) {
  if (const auto* b = d.precomputed(op)) return *b;
  rt::throw_if_stopped(d.ctx.stop);
  return d.measured(op, [&] {
    if (const auto* filters = d.ctx.partition_filters)
      if (auto it = filters->find(&op); it != filters->end())
        return d.filter(walker_detail::execute_node(op, d), it->second, op.outputs);
    return walker_detail::execute_node(op, d);
  });
}

}  // namespace tessera::exec

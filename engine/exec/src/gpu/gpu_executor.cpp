// The GPU executor: dispatch over a subtree placed on the GPU, and the simple operators (scan from the
// resident cache, project, limit, the one-row input of a SELECT without FROM). EXPLAIN ANALYZE gets each
// operator's rows and its device time from CUDA events (inputs included, as on the CPU).
#include "tessera/exec/gpu/gpu_executor.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "operators_gpu.hpp"
#include "tessera/exec/gpu/gpu_column_cache.hpp"
#include "tessera/exec/stream_driver.hpp"

namespace tessera::exec::gpu {

using plan::OpKind;

namespace {

DeviceBatch execute_node(const plan::LogicalOp& op, GpuContext& ctx);

// Row indices start, start + 1, ..., start + n - 1 on the device (a gather of them selects a row range).
rt::DeviceBuffer consecutive_rows(int64_t start, int64_t n, GpuContext& ctx) {
  rt::DeviceBuffer idx = new_buffer(static_cast<size_t>(std::max<int64_t>(n, 1)) * 4, ctx);
  fill_iota(static_cast<int32_t*>(idx.data()), n, start, ctx);
  return idx;
}

// Rows [offset, offset + limit) of `in` (limit -1: to the end).
DeviceBatch row_range(const DeviceBatch& in, int64_t offset, int64_t limit, GpuContext& ctx) {
  const int64_t stop = limit >= 0 && limit <= in.rows - std::min(offset, in.rows) ? offset + limit : in.rows;
  const int64_t start = std::min(offset, stop);
  if (start == 0 && stop == in.rows) return in;
  const int64_t n = stop - start;
  rt::DeviceBuffer idx = consecutive_rows(start, n, ctx);
  DeviceBatch out = gather(in, static_cast<const int32_t*>(idx.data()), n, ctx);
  synchronize(ctx);
  return out;
}

// Rows [begin, end) of a device column that starts at row `first_row` of its table.
DeviceColumnPtr rows_of(DeviceColumnPtr c, int64_t first_row, int64_t begin, int64_t end, GpuContext& ctx) {
  const int64_t n = end - begin;
  if (begin == first_row && c->rows == n) return c;
  rt::DeviceBuffer idx = consecutive_rows(begin - first_row, n, ctx);
  DeviceColumnPtr out = gather(*c, static_cast<const int32_t*>(idx.data()), n, ctx);
  synchronize(ctx);
  return out;
}

// Column i of a scan: the cached column, or while a morsel runs its rows (from the cached column when there is
// one, else read for the morsel alone and not kept).
DeviceColumnPtr scan_column(const plan::LogicalOp& scan, size_t i, GpuContext& ctx) {
  const ScanRange* r = ctx.scan_range && ctx.scan_range->scan == &scan ? ctx.scan_range : nullptr;
  if (!r) return ctx.cache->get(*scan.table, i, ctx.stream);
  if (DeviceColumnPtr whole = ctx.cache->find(*scan.table, i)) return rows_of(whole, 0, r->begin, r->end, ctx);
  int64_t first_row = 0;
  DeviceColumnPtr c = ctx.cache->read_rows(*scan.table, i, r->begin, r->end, ctx.stream, first_row);
  return rows_of(c, first_row, r->begin, r->end, ctx);
}

// An aggregation over a streamable scan whose columns are not resident and do not fit half the cache's budget
// (or split by ctx.morsel_rows), run a morsel at a time; nullopt when it runs whole.
// Every column the scan reads is in the cache already: it runs whole, however large (unless morsels are forced).
bool resident(const plan::LogicalOp& scan, const GpuContext& ctx) {
  if (ctx.morsel_rows > 0) return false;
  for (size_t i : plan::scanned_columns(scan))
    if (!ctx.cache->find(*scan.table, i)) return false;
  return true;
}

std::optional<DeviceBatch> streamed_aggregate(const plan::LogicalOp& op, GpuContext& ctx) {
  if (ctx.scan_range) return std::nullopt;
  const StreamPath path = stream_path(*op.child());
  if (!path.scan || resident(*path.scan, ctx)) return std::nullopt;
  return stream_aggregation<DeviceBatch>(
      op, ctx, path, ctx.cache->budget(), [&](const plan::LogicalOp& o) { return execute_gpu(o, ctx); },
      [&](const plan::LogicalOp& agg, const DeviceBatch& in) { return aggregate(agg, in, ctx); },
      [&](const std::vector<DeviceBatch>& parts, const std::vector<plan::OutputColumn>& outputs) {
        return concat_batches(parts, outputs, ctx);
      },
      [&](const StreamPath& p) { return !resident(*p.scan, ctx); });
}

// A scan, filter, projection or join with no aggregation above it, over a scan whose columns are not resident
// and do not fit half the cache's budget, run a morsel at a time with each morsel's result through `reduce`;
// nullopt when it runs whole.
template <typename Reduce>
std::optional<DeviceBatch> streamed_rows(const plan::LogicalOp& op, GpuContext& ctx, Reduce&& reduce,
                                        bool caller_measures) {
  if (ctx.scan_range) return std::nullopt;
  const StreamPath path = stream_path(op);
  if (!path.scan || resident(*path.scan, ctx)) return std::nullopt;
  return stream_rows<DeviceBatch>(
      op, ctx, ctx.cache->budget(), [&](const plan::LogicalOp& o) { return execute_gpu(o, ctx); },
      [&](const std::vector<DeviceBatch>& parts, const std::vector<plan::OutputColumn>& outputs) {
        return concat_batches(parts, outputs, ctx);
      },
      reduce, caller_measures);
}

DeviceBatch execute_node(const plan::LogicalOp& op, GpuContext& ctx) {
  if (op.kind == OpKind::Scan || op.kind == OpKind::Filter || op.kind == OpKind::Project || op.kind == OpKind::Join)
    if (std::optional<DeviceBatch> b = streamed_rows(op, ctx, [](DeviceBatch b) { return b; }, true)) return std::move(*b);
  switch (op.kind) {
    case OpKind::Scan: {
      DeviceBatch all;
      all.rows = ctx.scan_range && ctx.scan_range->scan == &op ? ctx.scan_range->end - ctx.scan_range->begin
                                                               : op.table->num_rows();
      const auto& fields = op.table->schema().fields();
      // Only the columns the scan's outputs and predicates read are fetched from the cache.
      for (size_t i : plan::scanned_columns(op)) all.add(op.table_ids[i], scan_column(op, i, ctx), fields[i].type);
      return filter(std::move(all), op.predicates, op.outputs, ctx);
    }
    case OpKind::Filter: return filter(execute_gpu(*op.child(), ctx), op.predicates, op.outputs, ctx);
    case OpKind::Project: {
      DeviceBatch in = execute_gpu(*op.child(), ctx);
      DeviceBatch out;
      out.rows = in.rows;
      GpuExprMemo memo(ctx, in, plan::expr_pointers(op.exprs));
      for (size_t i = 0; i < op.exprs.size(); ++i)
        out.add(op.outputs[i].id, evaluate_column(*op.exprs[i], in, ctx), op.outputs[i].type);
      return out;
    }
    case OpKind::Aggregate:
      if (std::optional<DeviceBatch> b = streamed_aggregate(op, ctx)) return std::move(*b);
      return aggregate(op, execute_gpu(*op.child(), ctx), ctx);
    case OpKind::Sort: return sort(op, execute_gpu(*op.child(), ctx), -1, ctx);
    case OpKind::Window: return window(op, execute_gpu(*op.child(), ctx), ctx);
    case OpKind::Limit: {
      // Over a sort, a top-(offset + limit) sort first.
      const int64_t end = op.limit >= 0 && op.limit <= INT64_MAX - op.offset ? op.offset + op.limit : -1;
      if (op.child()->kind == OpKind::Sort) {
        // A top-N over a streamed input keeps each morsel's first rows only.
        const plan::LogicalOp& s = *op.child();
        std::optional<DeviceBatch> top;
        if (end >= 0)
          top = streamed_rows(*s.child(), ctx, [&](DeviceBatch b) { return sort(s, std::move(b), end, ctx); }, false);
        return row_range(sort(s, top ? std::move(*top) : execute_gpu(*s.child(), ctx), end, ctx), op.offset, op.limit, ctx);
      }
      return row_range(execute_gpu(*op.child(), ctx), op.offset, op.limit, ctx);
    }
    case OpKind::SingleRow: {
      DeviceBatch b;
      b.rows = 1;
      return b;
    }
    case OpKind::Join: {
      const DeviceBatch l = execute_gpu(*op.child(0), ctx);
      const DeviceBatch r = execute_gpu(*op.child(1), ctx);
      return hash_join(op, l, r, ctx);
    }
    case OpKind::UnionAll: {
      std::vector<DeviceBatch> in;
      for (const auto& c : op.children) in.push_back(execute_gpu(*c, ctx));
      return union_all(op, in, ctx);
    }
  }
  throw ExecError("internal error: operator placed on the GPU that the GPU executor does not implement");
}

// The operator's result, in a partitioned pass only the rows of the pass's partition.
DeviceBatch execute_partitioned(const plan::LogicalOp& op, GpuContext& ctx) {
  if (ctx.partition_filters)
    if (auto it = ctx.partition_filters->find(&op); it != ctx.partition_filters->end())
      return filter(execute_node(op, ctx), it->second, op.outputs, ctx);
  return execute_node(op, ctx);
}

}  // namespace

DeviceBatch execute_gpu(const plan::LogicalOp& op, GpuContext& ctx) {
  if (ctx.reused)
    if (auto it = ctx.reused->find(&op); it != ctx.reused->end()) return it->second;
  if (!ctx.stats) return execute_partitioned(op, ctx);
  cudaStream_t s = static_cast<cudaStream_t>(ctx.stream);
  cudaEvent_t start, stop;
  rt::cuda_check(cudaEventCreate(&start), "cudaEventCreate");
  rt::cuda_check(cudaEventCreate(&stop), "cudaEventCreate");
  rt::cuda_check(cudaEventRecord(start, s), "cudaEventRecord");
  DeviceBatch b = execute_partitioned(op, ctx);
  rt::cuda_check(cudaEventRecord(stop, s), "cudaEventRecord");
  rt::cuda_check(cudaEventSynchronize(stop), "cudaEventSynchronize");
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  auto& st = (*ctx.stats)[&op];  // summed over the morsels of a streamed scan
  st.rows += b.rows;
  st.ms += ms;
  return b;
}

Batch to_host(const DeviceBatch& batch, const std::vector<plan::OutputColumn>& outputs, GpuContext& ctx) {
  Batch out;
  out.rows = batch.rows;
  for (const auto& o : outputs)
    out.add(o.id, std::make_shared<rt::Column>(download(*batch.column(o.id), ctx)), o.type);
  return out;
}

}  // namespace tessera::exec::gpu

// The GPU executor: the GPU's operator set for the plan walker (plan_walker.hpp), over DeviceBatches, and the
// simple operators (scan from the resident cache, project, row ranges, the one-row input of a SELECT without
// FROM). EXPLAIN ANALYZE gets each operator's rows and its device time from CUDA events.
#include "tessera/exec/gpu/gpu_executor.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "operators_gpu.hpp"
#include "tessera/exec/gpu/gpu_column_cache.hpp"
#include "tessera/exec/plan_walker.hpp"

namespace tessera::exec::gpu {

namespace {

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

}  // namespace

std::vector<size_t> columns_held(const GpuContext& ctx, const plan::LogicalOp& scan, int64_t begin, int64_t end) {
  std::vector<size_t> out;
  for (size_t i : plan::scanned_columns(scan))
    if (ctx.cache->holds_rows(*scan.table, i, begin, end)) out.push_back(i);
  return out;
}

namespace {

// Every column the scan reads is in the cache already: it runs whole, however large (unless morsels are forced).
bool resident(const plan::LogicalOp& scan, const GpuContext& ctx) {
  if (ctx.morsel_rows > 0) return false;
  for (size_t i : plan::scanned_columns(scan))
    if (!ctx.cache->find(*scan.table, i)) return false;
  return true;
}

// The GPU's operator set for the plan walker.
struct GpuOperators {
  using Batch = DeviceBatch;
  GpuContext& ctx;

  int64_t budget() const { return ctx.cache->budget(); }
  bool can_stream(const StreamPath& path) const { return !resident(*path.scan, ctx); }

  const DeviceBatch* precomputed(const plan::LogicalOp& op) const {
    if (ctx.reused)
      if (auto it = ctx.reused->find(&op); it != ctx.reused->end()) return &it->second;
    return nullptr;
  }

  // EXPLAIN ANALYZE: rows, and device time from CUDA events (inputs included, as on the CPU).
  template <typename Run>
  DeviceBatch measured(const plan::LogicalOp& op, Run&& run) {
    if (!ctx.stats) return run();
    cudaStream_t s = static_cast<cudaStream_t>(ctx.stream);
    cudaEvent_t start, stop;
    rt::cuda_check(cudaEventCreate(&start), "cudaEventCreate");
    rt::cuda_check(cudaEventCreate(&stop), "cudaEventCreate");
    rt::cuda_check(cudaEventRecord(start, s), "cudaEventRecord");
    DeviceBatch b = run();
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

  DeviceBatch scan(const plan::LogicalOp& op) {
    DeviceBatch all;
    all.rows = ctx.scan_range && ctx.scan_range->scan == &op ? ctx.scan_range->end - ctx.scan_range->begin
                                                             : op.table->num_rows();
    const auto& fields = op.table->schema().fields();
    // Only the columns the scan's outputs and predicates read are fetched from the cache.
    for (size_t i : plan::scanned_columns(op)) all.add(op.table_ids[i], scan_column(op, i, ctx), fields[i].type);
    if (op.row_position >= 0) {  // late materialisation: each row's position in the table, for a Fetch above
      std::shared_ptr<rt::DeviceColumn> at = new_fixed(fn::SqlType::Int64, all.rows, false, ctx);
      fill_iota(static_cast<int64_t*>(at->data.data()), all.rows,
                ctx.scan_range && ctx.scan_range->scan == &op ? ctx.scan_range->begin : 0, ctx);
      all.add(op.row_position, at, plan::DataType::int64());
    }
    return gpu::filter(std::move(all), op.predicates, op.outputs, ctx);
  }

  DeviceBatch filter(DeviceBatch in, const std::vector<plan::ExprPtr>& predicates,
                     const std::vector<plan::OutputColumn>& outputs) {
    return gpu::filter(std::move(in), predicates, outputs, ctx);
  }

  DeviceBatch project(const plan::LogicalOp& op, DeviceBatch in) {
    DeviceBatch out;
    out.rows = in.rows;
    GpuExprMemo memo(ctx.memo, in, plan::expr_pointers(op.exprs));
    for (size_t i = 0; i < op.exprs.size(); ++i)
      out.add(op.outputs[i].id, evaluate_column(*op.exprs[i], in, ctx), op.outputs[i].type);
    return out;
  }

  DeviceBatch join(const plan::LogicalOp& op, DeviceBatch l, DeviceBatch r) { return hash_join(op, l, r, ctx); }
  DeviceBatch aggregate(const plan::LogicalOp& op, const DeviceBatch& in) { return gpu::aggregate(op, in, ctx); }
  DeviceBatch sort(const plan::LogicalOp& op, DeviceBatch in, int64_t limit) {
    return gpu::sort(op, std::move(in), limit, ctx);
  }
  DeviceBatch window(const plan::LogicalOp& op, DeviceBatch in) { return gpu::window(op, std::move(in), ctx); }
  DeviceBatch fetch(const plan::LogicalOp& op, DeviceBatch in) { return gpu::fetch(op, in, ctx); }
  DeviceBatch rows(DeviceBatch in, int64_t offset, int64_t limit) { return row_range(in, offset, limit, ctx); }

  DeviceBatch single_row() {
    DeviceBatch b;
    b.rows = 1;
    return b;
  }

  DeviceBatch union_all(const plan::LogicalOp& op, std::vector<DeviceBatch> in) { return gpu::union_all(op, in, ctx); }
  DeviceBatch concat(const std::vector<DeviceBatch>& parts, const std::vector<plan::OutputColumn>& outputs) {
    return concat_batches(parts, outputs, ctx);
  }
  // Partitioned passes recompute rather than spill (spilled_passes.hpp) unless told to (SpillMode::Always): the
  // column cache keeps each chunk a morsel reads, as stored, so a later pass decodes it from device memory again,
  // which costs less than moving the partitions over PCIe twice (TPC-H Q21 at SF 30 with a 2 GiB cache on an
  // H100, fresh processes: 1.24 s recomputed, 2.88 s spilled to host memory, 3.34 s to disk).
  bool spill_pays() const { return false; }
  int host_threads() const { return ctx.host_threads; }
  // Spilled partitions wait in host memory (or on disk): downloaded, and uploaded again when their pass comes.
  exec::Batch to_spill(const DeviceBatch& b) {
    exec::Batch out;
    out.rows = b.rows;
    for (size_t i = 0; i < b.ids.size(); ++i)
      out.add(b.ids[i], std::make_shared<rt::Column>(download(*b.columns[i], ctx)), b.types[i]);
    return out;
  }
  DeviceBatch from_spill(const exec::Batch& b) {
    DeviceBatch out;
    out.rows = b.rows;
    for (size_t i = 0; i < b.ids.size(); ++i) out.add(b.ids[i], upload(*b.columns[i], ctx), b.types[i]);
    return out;
  }
};

}  // namespace

DeviceBatch execute_gpu(const plan::LogicalOp& op, GpuContext& ctx) {
  GpuOperators ops{ctx};
  return execute_plan(op, ops);
}

Batch to_host(const DeviceBatch& batch, const std::vector<plan::OutputColumn>& outputs, GpuContext& ctx) {
  Batch out;
  out.rows = batch.rows;
  for (const auto& o : outputs)
    out.add(o.id, std::make_shared<rt::Column>(download(*batch.column(o.id), ctx)), o.type);
  return out;
}

}  // namespace tessera::exec::gpu

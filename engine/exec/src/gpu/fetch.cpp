// Fetch on the GPU, the twin of exec/src/fetch.cpp (late materialisation: plan/src/late_materialize.cpp): the
// columns a top-N deferred, read at the row positions of the rows it kept. A column the cache holds whole is
// gathered on the device. Any other is read where it is stored: storage::Table::rows_at on the host threads (a
// stored column's chunks holding the rows read with only those rows decoded) and only those rows uploaded. For
// ClickBench's q24 (10 rows of 105 columns) that is the cheaper way: decoding each column's chunk on the device
// took 71.7 ms at 20 million rows on the H100 (EXPLAIN ANALYZE of the first version of this operator).
#include <climits>

#include "operators_gpu.hpp"
#include "tessera/exec/gpu/gpu_column_cache.hpp"
#include "tessera/runtime/thread_pool.hpp"

namespace tessera::exec::gpu {

DeviceBatch fetch(const plan::LogicalOp& op, const DeviceBatch& input, GpuContext& ctx) {
  const rt::Column at = download(*input.column(op.row_position), ctx);
  const int64_t n = input.rows;
  std::vector<int64_t> positions(static_cast<size_t>(n));
  rt::Column idx = rt::Column::fixed(fn::SqlType::Int32, n);  // for the columns gathered on the device
  for (int64_t r = 0; r < n; ++r) {
    positions[r] = at.value<int64_t>(r);
    reinterpret_cast<int32_t*>(idx.data.data())[r] = static_cast<int32_t>(positions[r]);
  }
  const storage::Table& table = *op.table;
  std::vector<DeviceColumnPtr> whole(op.outputs.size());
  if (table.num_rows() <= INT32_MAX)
    for (size_t k = 0; k < op.outputs.size(); ++k)
      if (op.fetch_columns[k] >= 0) whole[k] = ctx.cache->find(table, static_cast<size_t>(op.fetch_columns[k]));
  std::vector<rt::Column> host(op.outputs.size());
  rt::parallel_for(op.outputs.size(), ctx.host_threads, [&](size_t k) {
    if (op.fetch_columns[k] >= 0 && !whole[k]) host[k] = table.rows_at(static_cast<size_t>(op.fetch_columns[k]), positions);
  });
  DeviceColumnPtr device_idx;
  DeviceBatch out;
  out.rows = n;
  for (size_t k = 0; k < op.outputs.size(); ++k) {
    const plan::OutputColumn& o = op.outputs[k];
    if (op.fetch_columns[k] < 0) {
      out.add(o.id, input.column(o.id), o.type);
    } else if (whole[k]) {
      if (!device_idx) device_idx = upload(idx, ctx);
      out.add(o.id, gather(*whole[k], static_cast<const int32_t*>(device_idx->data.data()), n, ctx), o.type);
    } else {
      out.add(o.id, upload(host[k], ctx), o.type);
    }
  }
  synchronize(ctx);
  return out;
}

}  // namespace tessera::exec::gpu

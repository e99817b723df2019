// Fetch on the GPU, the twin of exec/src/fetch.cpp (late materialisation: plan/src/late_materialize.cpp): the
// columns a top-N deferred, read at the row positions of the rows it kept. A column the cache holds whole is
// gathered on the device; a stored column not read on the host has only the chunks holding the rows decoded on
// the device (GpuColumnCache::read_rows, grouped by row_fetch.hpp); a column in host memory is gathered there and
// only the kept rows uploaded.
#include <climits>
#include <optional>

#include "operators_gpu.hpp"
#include "tessera/exec/column_ops.hpp"
#include "tessera/exec/gpu/gpu_column_cache.hpp"
#include "tessera/exec/row_fetch.hpp"

namespace tessera::exec::gpu {

namespace {

// Device int32 row indices.
rt::DeviceBuffer indices(const std::vector<int64_t>& rows, GpuContext& ctx) {
  rt::Column c = rt::Column::fixed(fn::SqlType::Int32, static_cast<int64_t>(rows.size()));
  for (size_t i = 0; i < rows.size(); ++i) {
    if (rows[i] > INT32_MAX) throw internal_error("GPU Fetch: a row index past 2^31");
    reinterpret_cast<int32_t*>(c.data.data())[i] = static_cast<int32_t>(rows[i]);
  }
  return std::move(upload(c, ctx)->data);
}

}  // namespace

DeviceBatch fetch(const plan::LogicalOp& op, const DeviceBatch& input, GpuContext& ctx) {
  const rt::Column at = download(*input.column(op.row_position), ctx);
  std::vector<int64_t> positions(static_cast<size_t>(input.rows));
  for (int64_t r = 0; r < input.rows; ++r) positions[r] = at.value<int64_t>(r);
  const storage::Table& table = *op.table;
  const int64_t n = input.rows;
  std::optional<rt::DeviceBuffer> at_positions;  // uploaded when a column is gathered whole on the device
  std::optional<RowFetch> reads;                 // planned when a column is read by chunks
  std::optional<rt::DeviceBuffer> order;
  DeviceBatch out;
  out.rows = n;
  for (size_t k = 0; k < op.outputs.size(); ++k) {
    const plan::OutputColumn& o = op.outputs[k];
    const int col = op.fetch_columns[k];
    if (col < 0) {
      out.add(o.id, input.column(o.id), o.type);
      continue;
    }
    if (DeviceColumnPtr whole = table.num_rows() <= INT32_MAX ? ctx.cache->find(table, col) : nullptr) {
      if (!at_positions) at_positions = indices(positions, ctx);
      out.add(o.id, gather(*whole, static_cast<const int32_t*>(at_positions->data()), n, ctx), o.type);
      continue;
    }
    if (!table.unread_column_source(col)) {
      out.add(o.id, upload(*exec::gather(table.column(col), positions, 1), ctx), o.type);
      continue;
    }
    if (!reads) {
      reads = plan_row_fetch(table, positions);
      order = indices(reads->order, ctx);
    }
    std::vector<DeviceBatch> pieces;
    for (const RowFetch::Range& r : reads->ranges) {
      int64_t first_row = 0;
      DeviceColumnPtr rows = ctx.cache->read_rows(table, col, r.begin, r.end, ctx.stream, first_row);
      std::vector<int64_t> local = r.rows;
      for (int64_t& i : local) i += r.begin - first_row;
      const rt::DeviceBuffer idx = indices(local, ctx);
      DeviceBatch piece;
      piece.rows = static_cast<int64_t>(local.size());
      piece.add(o.id, gather(*rows, static_cast<const int32_t*>(idx.data()), piece.rows, ctx), o.type);
      synchronize(ctx);  // idx goes out of scope
      pieces.push_back(std::move(piece));
    }
    const DeviceBatch kept = concat_batches(pieces, {o}, ctx);
    out.add(o.id, gather(*kept.column(o.id), static_cast<const int32_t*>(order->data()), n, ctx), o.type);
  }
  synchronize(ctx);
  return out;
}

}  // namespace tessera::exec::gpu

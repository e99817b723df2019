// Fetch on the CPU (late materialisation: plan/src/late_materialize.cpp): the columns a top-N deferred, read at
// the row positions of the rows it kept. A column in memory is gathered; a stored column not read yet has only
// the chunks holding those rows read and decoded (row_fetch.hpp), not the whole column.
#include <optional>

#include "operators.hpp"
#include "tessera/exec/column_ops.hpp"
#include "tessera/exec/row_fetch.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::exec {

Batch run_fetch(const plan::LogicalOp& op, const Batch& input, ExecContext& ctx) {
  const rt::Column& at = *input.column(op.row_position);
  std::vector<int64_t> positions(static_cast<size_t>(input.rows));
  for (int64_t r = 0; r < input.rows; ++r) positions[r] = at.value<int64_t>(r);
  const storage::Table& table = *op.table;
  std::optional<RowFetch> reads;  // planned when a column is not in memory
  Batch out;
  out.rows = input.rows;
  for (size_t k = 0; k < op.outputs.size(); ++k) {
    const plan::OutputColumn& o = op.outputs[k];
    const int col = op.fetch_columns[k];
    if (col < 0) {
      out.add(o.id, input.column(o.id), o.type);
      continue;
    }
    if (!table.unread_column_source(col)) {
      out.add(o.id, gather(table.column(col), positions, ctx.threads), o.type);
      continue;
    }
    if (!reads) reads = plan_row_fetch(table, positions);
    std::vector<ColumnPtr> pieces;
    std::vector<const rt::Column*> parts;
    for (const RowFetch::Range& r : reads->ranges) {
      pieces.push_back(gather(table.column_rows(col, r.begin, r.end), r.rows, 1));
      parts.push_back(pieces.back().get());
    }
    const rt::Column kept = storage::concat_columns(parts, o.type.physical(), 1);
    out.add(o.id, gather(kept, reads->order, 1), o.type);
  }
  return out;
}

}  // namespace tessera::exec

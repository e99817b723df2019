// Fetch on the CPU (late materialisation: plan/src/late_materialize.cpp): the columns a top-N deferred, read at
// the row positions of the rows it kept (storage::Table::rows_at: a column in memory gathered, a stored one read
// from the chunks holding the rows with only those rows decoded), the columns on the session's threads.
#include "operators.hpp"
#include "tessera/runtime/thread_pool.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::exec {

Batch run_fetch(const plan::LogicalOp& op, const Batch& input, ExecContext& ctx) {
  const rt::Column& at = *input.column(op.row_position);
  std::vector<int64_t> positions(static_cast<size_t>(input.rows));
  for (int64_t r = 0; r < input.rows; ++r) positions[r] = at.value<int64_t>(r);
  std::vector<ColumnPtr> read(op.outputs.size());
  rt::parallel_for(op.outputs.size(), ctx.threads, [&](size_t k) {
    if (op.fetch_columns[k] >= 0)
      read[k] = std::make_shared<rt::Column>(op.table->rows_at(static_cast<size_t>(op.fetch_columns[k]), positions));
  });
  Batch out;
  out.rows = input.rows;
  for (size_t k = 0; k < op.outputs.size(); ++k)
    out.add(op.outputs[k].id, read[k] ? read[k] : input.column(op.outputs[k].id), op.outputs[k].type);
  return out;
}

}  // namespace tessera::exec

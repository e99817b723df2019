// ORDER BY and top-N: a permutation sorted on the key columns (NULLs first, as SQL Server sorts),
// partial sorting when only the first `limit` rows are wanted.
#include <algorithm>
#include <numeric>

#include "operators.hpp"
#include "tessera/exec/column_ops.hpp"

namespace tessera::exec {

Batch run_sort(const plan::LogicalOp& op, const Batch& input, int64_t limit, ExecContext& ctx) {
  std::vector<ColumnPtr> keys;
  std::vector<bool> desc;
  for (const auto& k : op.sort_keys) {
    keys.push_back(evaluate_column(*k.expr, input, ctx));
    desc.push_back(k.descending);
  }
  std::vector<int64_t> perm(input.rows);
  std::iota(perm.begin(), perm.end(), 0);
  auto less = [&](int64_t a, int64_t b) {
    for (size_t k = 0; k < keys.size(); ++k) {
      const int c = compare_values(*keys[k], a, b);
      if (c != 0) return desc[k] ? c > 0 : c < 0;
    }
    return a < b;  // stable
  };
  if (limit >= 0 && limit < input.rows) {
    std::partial_sort(perm.begin(), perm.begin() + limit, perm.end(), less);
    perm.resize(limit);
  } else {
    std::sort(perm.begin(), perm.end(), less);
  }
  Batch out = gather(input, perm, ctx.threads);
  Batch shaped;
  shaped.rows = out.rows;
  for (const auto& o : op.outputs) shaped.add(o.id, out.column(o.id), o.type);
  return shaped;
}

}  // namespace tessera::exec

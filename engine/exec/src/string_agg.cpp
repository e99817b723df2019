// STRING_AGG on the CPU (plan: Binder::bind_string_agg; the GPU placement leaves it here): the rows of each group
// by a counting sort on the group, each group's rows ordered by the WITHIN GROUP keys (stable: ties keep the
// input's order), then the values joined.
#include <algorithm>

#include "operators.hpp"
#include "tessera/exec/column_ops.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::exec {

ColumnPtr run_string_agg(const plan::Aggregate& a, const plan::DataType& out_type, const std::vector<int64_t>& group_of,
                         int64_t groups, const rt::Column& arg, const std::vector<ColumnPtr>& order) {
  auto group = [&](int64_t r) { return group_of.empty() ? 0 : group_of[r]; };
  std::vector<int64_t> start(static_cast<size_t>(groups) + 1, 0);
  for (int64_t r = 0; r < arg.rows; ++r)
    if (arg.is_valid(r)) ++start[group(r) + 1];
  for (int64_t gi = 0; gi < groups; ++gi) start[gi + 1] += start[gi];
  std::vector<int64_t> rows(static_cast<size_t>(start[groups]));
  {
    std::vector<int64_t> at(start.begin(), start.end() - 1);
    for (int64_t r = 0; r < arg.rows; ++r)
      if (arg.is_valid(r)) rows[at[group(r)]++] = r;
  }
  const auto before = [&](int64_t x, int64_t y) {
    for (size_t k = 0; k < order.size(); ++k) {
      const int c = compare_values(*order[k], x, y);  // NULLs first, as ORDER BY
      if (c != 0) return a.order[k].descending ? c > 0 : c < 0;
    }
    return false;
  };
  auto out = std::make_shared<rt::Column>();
  out->type = fn::SqlType::String;
  for (int64_t gi = 0; gi < groups; ++gi) {
    const auto first = rows.begin() + start[gi], last = rows.begin() + start[gi + 1];
    if (first == last) {
      storage::append_null(*out);
      continue;
    }
    if (!order.empty()) std::stable_sort(first, last, before);
    std::string joined;
    for (auto it = first; it != last; ++it) {
      if (it != first) joined += a.separator;
      joined += arg.string(*it);
    }
    if (out_type.length > 0 && joined.size() > static_cast<size_t>(out_type.length))
      throw ExecError("Msg 9829: STRING_AGG aggregation result exceeded the limit of " + std::to_string(out_type.length) +
                      " bytes. Use LOB types to avoid result truncation.");
    out->append_string(joined);
  }
  return out;
}

}  // namespace tessera::exec

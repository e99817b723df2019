// Recognising a CASE that is a lookup (see case_lookup.hpp); both evaluators use it.
#include "tessera/exec/case_lookup.hpp"

#include <algorithm>
#include <numeric>

namespace tessera::exec {

std::optional<CaseLookup> case_lookup(const plan::Expr& e) {
  using plan::ExprKind;
  if (e.kind != ExprKind::Case) return std::nullopt;
  const size_t pairs = (e.args.size() - (e.has_else ? 1 : 0)) / 2;
  if (pairs < kCaseLookupBranches) return std::nullopt;
  CaseLookup out;
  std::vector<int64_t> keys;
  for (size_t k = 0; k < pairs; ++k) {
    const plan::Expr& c = *e.args[2 * k];
    if (c.kind != ExprKind::Op || c.op != plan::Op::Eq || c.args.size() != 2) return std::nullopt;
    const bool left_column = c.args[0]->kind == ExprKind::Column;
    const plan::ExprPtr& column = left_column ? c.args[0] : c.args[1];
    const plan::ExprPtr& value = left_column ? c.args[1] : c.args[0];
    if (column->kind != ExprKind::Column || value->kind != ExprKind::Constant || value->value.null) return std::nullopt;
    if (!out.probe) {
      const fn::SqlType t = column->type.physical();
      if (t == fn::SqlType::String || t == fn::SqlType::Float64 || t == fn::SqlType::Bool ||
          (fn::type_width(t) != 4 && fn::type_width(t) != 8))
        return std::nullopt;
      out.probe = column;
    } else if (column->column != out.probe->column) {
      return std::nullopt;
    }
    // The comparison's operands have one type (the binder coerced them), so the constant is the column's.
    if (!(value->type == column->type)) return std::nullopt;
    keys.push_back(static_cast<int64_t>(value->value.i));
  }
  std::vector<int32_t> order(keys.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return keys[a] < keys[b]; });
  for (int32_t i : order) {
    if (!out.keys.empty() && out.keys.back() == keys[i]) continue;  // an earlier branch with the same constant wins
    out.keys.push_back(keys[i]);
    out.branch.push_back(i);
  }
  return out;
}

}  // namespace tessera::exec

// Recognising a CASE that is a lookup (see case_lookup.hpp); both evaluators use it.
#include "tessera/exec/case_lookup.hpp"

#include <algorithm>
#include <numeric>
#include <string_view>

#include "tessera/exec/column_ops.hpp"  // rtrim_blanks

namespace tessera::exec {

std::optional<CaseLookup> case_lookup(const plan::Expr& e) {
  using plan::ExprKind;
  if (e.kind != ExprKind::Case) return std::nullopt;
  const size_t pairs = (e.args.size() - (e.has_else ? 1 : 0)) / 2;
  if (pairs < kCaseLookupBranches) return std::nullopt;
  CaseLookup out;
  std::string probe_print;
  std::vector<int64_t> keys;
  std::vector<std::string_view> text;
  for (size_t k = 0; k < pairs; ++k) {
    const plan::Expr& c = *e.args[2 * k];
    if (c.kind != ExprKind::Op || c.op != plan::Op::Eq || c.args.size() != 2) return std::nullopt;
    const bool constant_right = c.args[1]->kind == ExprKind::Constant;
    const plan::ExprPtr& probe = constant_right ? c.args[0] : c.args[1];
    const plan::ExprPtr& value = constant_right ? c.args[1] : c.args[0];
    if (probe->kind == ExprKind::Constant || value->kind != ExprKind::Constant || value->value.null)
      return std::nullopt;
    if (!out.probe) {
      const fn::SqlType t = probe->type.physical();
      out.strings = t == fn::SqlType::String;
      if (!out.strings &&
          (t == fn::SqlType::Float64 || t == fn::SqlType::Bool || (fn::type_width(t) != 4 && fn::type_width(t) != 8)))
        return std::nullopt;
      out.probe = probe;
      probe_print = plan::fingerprint(*probe);
    } else if (probe.get() != out.probe.get() && plan::fingerprint(*probe) != probe_print) {
      return std::nullopt;
    }
    // The comparison's operands have one type (the binder coerced them), so the constant is the probe's.
    if (out.strings) {
      if (!value->type.is_string()) return std::nullopt;
      text.push_back(rtrim_blanks(value->value.s));
    } else {
      if (!(value->type == probe->type)) return std::nullopt;
      keys.push_back(static_cast<int64_t>(value->value.i));
    }
  }
  const size_t n = out.strings ? text.size() : keys.size();
  std::vector<int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  // std::string_view orders unsigned bytes, a prefix first: as both evaluators' string comparisons.
  if (out.strings) std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return text[a] < text[b]; });
  else std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return keys[a] < keys[b]; });
  for (int32_t i : order) {
    // An earlier branch with the same constant wins.
    if (out.strings) {
      if (!out.text_keys.empty() && out.text_keys.back() == text[i]) continue;
      out.text_keys.emplace_back(text[i]);
    } else {
      if (!out.keys.empty() && out.keys.back() == keys[i]) continue;
      out.keys.push_back(keys[i]);
    }
    out.branch.push_back(i);
  }
  return out;
}

}  // namespace tessera::exec

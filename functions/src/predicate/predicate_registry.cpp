// The derived predicate specs ("<kernel>__cmp") and the operand encoding (predicate.hpp). Host code.
#include <bit>
#include <cstring>
#include <deque>
#include <memory>

#include "tessera/functions/predicate.hpp"

namespace tessera::fn {

PredicateConstant PredicateConstant::of(double v) { return {std::bit_cast<int64_t>(v), {}}; }

std::string encode_operand(SqlType result, std::span<const PredicateConstant> values) {
  std::string out;
  if (result == SqlType::String) {
    for (const PredicateConstant& v : values) {
      const int32_t n = static_cast<int32_t>(v.text.size());
      out.append(reinterpret_cast<const char*>(&n), 4);
      out += v.text;
    }
    return out;
  }
  const int width = type_width(result);  // FLOAT: 8 bytes of its bits, like BIGINT
  for (const PredicateConstant& v : values) {
    char bytes[8];
    if (width == 1) bytes[0] = static_cast<char>(v.bits);
    if (width == 4) { const int32_t x = static_cast<int32_t>(v.bits); std::memcpy(bytes, &x, 4); }
    if (width == 8) std::memcpy(bytes, &v.bits, 8);
    out.append(bytes, static_cast<size_t>(width));
  }
  return out;
}

std::unique_ptr<DerivedPredicate> derive_predicate(const FunctionSpec& base) {
  if (base.args.size() + 2 > static_cast<size_t>(kMaxArgs)) return nullptr;
  auto d = std::make_unique<DerivedPredicate>();
  d->kernel = std::string(base.kernel) + "__cmp";
  d->summary = std::string(base.sql_name) + "(...) compared with constants";
  d->args.assign(base.args.begin(), base.args.end());
  d->args.push_back({.name = "op", .type = SqlType::Int32, .constant = true});
  d->args.push_back({.name = "operand", .type = SqlType::String, .constant = true});
  d->spec = FunctionSpec{.sql_name = base.sql_name,
                         .kernel = d->kernel,
                         .result = SqlType::Bool,
                         .args = d->args,
                         .nulls = base.nulls,
                         .uses_context = base.uses_context,
                         .summary = d->summary,
                         .odbc_only = base.odbc_only,
                         .symbol = base.symbol,
                         .compared = &base};
  return d;
}

namespace {

const std::vector<const FunctionSpec*>& derived() {
  static const std::vector<const FunctionSpec*> all = [] {
    static std::deque<std::unique_ptr<DerivedPredicate>> storage;
    std::vector<const FunctionSpec*> v;
    for (const FunctionSpec& base : all_functions()) {
      std::unique_ptr<DerivedPredicate> d = derive_predicate(base);
      if (!d) continue;
      v.push_back(&d->spec);
      storage.push_back(std::move(d));
    }
    return v;
  }();
  return all;
}

}  // namespace

std::span<const FunctionSpec* const> all_predicates() { return derived(); }

const FunctionSpec* predicate_spec(const FunctionSpec& base) {
  for (const FunctionSpec* p : derived())
    if (p->compared == &base) return p;
  return nullptr;
}

std::string check_predicate_length(const FunctionSpec& predicate, const LengthInputs& in) {
  const FunctionSpec* base = predicate.compared;
  if (!base || base->result != SqlType::String) return "";
  if (!has_length_rule(*base)) return std::string(base->sql_name) + " has no length rule to bound its fused predicate's buffer";
  const int64_t cap = max_result_length(*base, in);
  if (cap <= kPredicateStringBytes) return "";
  return std::string(base->sql_name) + " can return " + std::to_string(cap) + " bytes here; its fused predicate " +
         "compares results of at most " + std::to_string(kPredicateStringBytes) + " bytes";
}

}  // namespace tessera::fn

// The registry: every family's list, joined in one fixed order.
#include "tessera/functions/registry.hpp"

#include <vector>

#include "tessera/functions/predicate.hpp"

namespace tessera::fn {

std::span<const FunctionSpec> date_functions();
std::span<const FunctionSpec> datetime_functions();
std::span<const FunctionSpec> string_functions();
std::span<const FunctionSpec> convert_functions();
std::span<const FunctionSpec> numeric_functions();
std::span<const FunctionSpec> logical_functions();
std::span<const FunctionSpec> format_functions();

std::span<const FunctionSpec> all_functions() {
  static const std::vector<FunctionSpec> all = [] {
    std::vector<FunctionSpec> v;
    for (auto family : {date_functions(), datetime_functions(), string_functions(), convert_functions(), numeric_functions(),
                         logical_functions(), format_functions()})
      v.insert(v.end(), family.begin(), family.end());
    return v;
  }();
  return all;
}

const FunctionSpec* find_kernel(std::string_view kernel) {
  for (const FunctionSpec& f : all_functions())
    if (f.kernel == kernel) return &f;
  for (const FunctionSpec* p : all_predicates())
    if (p->kernel == kernel) return p;
  return nullptr;
}

bool has_length_rule(const FunctionSpec& spec) { return spec.max_length != nullptr || spec.sum_length != nullptr; }

int64_t max_result_length(const FunctionSpec& spec, const LengthInputs& in) {
  if (spec.max_length) return spec.max_length(in);
  if (!spec.sum_length) return 0;
  int64_t cap = spec.sum_length->constant;
  for (int32_t i : spec.sum_length->plus_arg_lengths) cap += in.length[i];
  return cap;
}

int64_t length_of_first_argument(const LengthInputs& in) { return in.length[0]; }

bool result_fits_first_argument(const FunctionSpec& spec) {
  if (spec.args.empty() || spec.args[0].type != SqlType::String || spec.args[0].constant) return false;
  if (spec.max_length) return spec.max_length == &length_of_first_argument;
  return spec.sum_length && spec.sum_length->constant <= 0 && spec.sum_length->plus_arg_lengths.size() == 1 &&
         spec.sum_length->plus_arg_lengths[0] == 0;
}

char abi_char(SqlType t) {
  switch (t) {
    case SqlType::Bool: return 'b';
    case SqlType::Int32:
    case SqlType::Date: return 'i';
    case SqlType::Int64:
    case SqlType::Decimal:
    case SqlType::Money:
    case SqlType::DateTime:
    case SqlType::Time: return 'l';
    case SqlType::Float64: return 'd';
    case SqlType::String: return 'p';
    case SqlType::Decimal128: return '?';  // not a kernel ABI type
  }
  return '?';
}

std::string expected_c_signature(const FunctionSpec& spec) {
  std::string sig = spec.result == SqlType::String ? "pp" : "p";
  for (const ArgSpec& a : spec.args) {
    sig += a.type == SqlType::String ? "pi" : std::string(1, abi_char(a.type));
    if (spec.nulls == NullRule::Custom && !a.constant) sig += 'b';
  }
  if (spec.uses_context) sig += 'p';
  return sig;
}

bool parse_type_name(std::string_view name, SqlType& out) {
  for (SqlType t : {SqlType::Bool, SqlType::Int32, SqlType::Int64, SqlType::Float64, SqlType::Date,
                    SqlType::Decimal, SqlType::Money, SqlType::String, SqlType::DateTime, SqlType::Time})
    if (type_name(t) == name) {
      out = t;
      return true;
    }
  return false;
}

}  // namespace tessera::fn

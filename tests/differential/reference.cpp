#include "reference.hpp"

#include <bit>
#include <cmath>
#include <vector>

#include "tessera/functions/predicate.hpp"
#include "tessera/functions/status.hpp"

namespace tessera::test {

namespace {

const NativeFunctions* native = nullptr;

int32_t call_row_function(const fn::FunctionSpec& spec, const uint64_t* slots) {
  return spec.invoke ? spec.invoke(slots) : native->call(spec, slots);
}

}  // namespace

void use_native_functions(const NativeFunctions* n) { native = n; }

Expected reference(const fn::FunctionSpec& spec, std::span<const rt::KernelArg> args, int64_t row,
                   const fn::SessionContext& session, int64_t capacity, std::string& problem) {
  Expected e;
  for (size_t i = 0; i < args.size(); ++i)
    if (!spec.args[i].constant && spec.nulls == fn::NullRule::Propagate && !args[i].column->is_valid(row)) {
      e.status = fn::kNull;
      return e;
    }
  std::vector<uint64_t> slots;
  std::vector<char> buffer(static_cast<size_t>(capacity) + 64, '\x7f');
  int32_t out_len = -1;
  if (spec.result == fn::SqlType::String) {
    slots.push_back(reinterpret_cast<uintptr_t>(buffer.data()));
    slots.push_back(reinterpret_cast<uintptr_t>(&out_len));
  } else {
    slots.push_back(reinterpret_cast<uintptr_t>(&e.fixed));
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const fn::ArgSpec& a = spec.args[i];
    const rt::KernelArg& k = args[i];
    if (a.constant) {
      if (a.type == fn::SqlType::String) {
        slots.push_back(reinterpret_cast<uintptr_t>(k.string_value.data()));
        slots.push_back(k.string_value.size());
      } else {
        slots.push_back(a.type == fn::SqlType::Float64 ? std::bit_cast<uint64_t>(k.float_value)
                                                       : static_cast<uint64_t>(k.int_value));
      }
      continue;
    }
    const rt::Column& c = *k.column;
    switch (a.type) {
      case fn::SqlType::String:
        slots.push_back(reinterpret_cast<uintptr_t>(c.data.data() + c.offsets[row]));
        slots.push_back(static_cast<uint32_t>(c.lengths[row]));
        break;
      case fn::SqlType::Float64: slots.push_back(std::bit_cast<uint64_t>(c.value<double>(row))); break;
      default:
        if (fn::type_width(a.type) == 8) slots.push_back(static_cast<uint64_t>(c.value<int64_t>(row)));
        else if (fn::type_width(a.type) == 4) slots.push_back(static_cast<uint32_t>(c.value<int32_t>(row)));
        else slots.push_back(c.value<uint8_t>(row));
    }
    if (spec.nulls == fn::NullRule::Custom) slots.push_back(c.is_valid(row) ? 0 : 1);
  }
  if (spec.uses_context) slots.push_back(reinterpret_cast<uintptr_t>(&session));
  e.status = call_row_function(spec, slots.data());
  if (e.status == fn::kOk && spec.result == fn::SqlType::String) {
    if (out_len < 0 || out_len > capacity)
      problem = "reference wrote " + std::to_string(out_len) + " bytes, but the length rule allows " +
                std::to_string(capacity);
    else
      e.text.assign(buffer.data(), out_len);
  }
  if (e.status != fn::kOk) {
    e.fixed = 0;
    e.text.clear();
  }
  return e;
}

Expected predicate_reference(const fn::FunctionSpec& spec, std::span<const rt::KernelArg> args, int64_t row,
                             const fn::SessionContext& session, std::string& problem) {
  const fn::FunctionSpec& base = *spec.compared;
  const size_t n = base.args.size();
  Expected e = reference(base, args.first(n), row, session, fn::kPredicateStringBytes, problem);
  if (e.status != fn::kOk) return e;
  const int32_t op = static_cast<int32_t>(args[n].int_value);
  const std::string& operand = args[n + 1].string_value;
  const int32_t len = static_cast<int32_t>(operand.size());
  uint8_t holds = 0;
  switch (fn::abi_char(base.result)) {
    case 'b': holds = tsf_compare_b(static_cast<uint8_t>(e.fixed), op, operand.data(), len); break;
    case 'i': holds = tsf_compare_i(static_cast<int32_t>(e.fixed), op, operand.data(), len); break;
    case 'l': holds = tsf_compare_l(static_cast<int64_t>(e.fixed), op, operand.data(), len); break;
    case 'd': holds = tsf_compare_d(std::bit_cast<double>(e.fixed), op, operand.data(), len); break;
    default:
      holds = tsf_compare_s(e.text.data(), static_cast<int32_t>(e.text.size()), op, operand.data(), len);
  }
  e.fixed = holds;
  e.text.clear();
  return e;
}

uint64_t fixed_bits(const rt::Column& c, int64_t row) {
  switch (fn::type_width(c.type)) {
    case 8: return c.value<uint64_t>(row);
    case 4: return c.value<uint32_t>(row);
    default: return c.value<uint8_t>(row);
  }
}

bool same_fixed(fn::SqlType t, uint64_t a, uint64_t b) {
  if (t == fn::SqlType::Float64) {
    const double x = std::bit_cast<double>(a), y = std::bit_cast<double>(b);
    if (std::isnan(x) && std::isnan(y)) return true;
  }
  const int w = fn::type_width(t);
  const uint64_t mask = w == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * w)) - 1;
  return (a & mask) == (b & mask);
}

std::string render(const fn::FunctionSpec& spec, std::span<const rt::KernelArg> args, int64_t row) {
  return rt::describe_error(spec, args, row, 0).substr(rt::describe_error(spec, args, row, 0).find("(arguments"));
}

}  // namespace tessera::test

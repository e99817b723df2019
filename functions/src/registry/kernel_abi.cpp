#include "tessera/functions/kernel_abi.hpp"

namespace tessera::fn {

std::vector<KernelParam> kernel_params(const FunctionSpec& spec) {
  std::vector<KernelParam> p;
  for (int32_t i = 0; i < static_cast<int32_t>(spec.args.size()); ++i) {
    const ArgSpec& a = spec.args[i];
    if (a.constant) {
      if (a.type == SqlType::String) {
        p.push_back({ParamKind::ConstBytes, i, 'p'});
        p.push_back({ParamKind::ConstLength, i, 'i'});
      } else {
        p.push_back({ParamKind::ConstValue, i, abi_char(a.type)});
      }
      continue;
    }
    if (a.type == SqlType::String) {
      p.push_back({ParamKind::ArgBytes, i, 'p'});
      p.push_back({ParamKind::ArgOffsets, i, 'p'});
      p.push_back({ParamKind::ArgLengths, i, 'p'});
    } else {
      p.push_back({ParamKind::ArgData, i, 'p'});
    }
    p.push_back({ParamKind::ArgValid, i, 'p'});
  }
  if (spec.result == SqlType::String) {
    p.push_back({ParamKind::OutBytes, -1, 'p'});
    p.push_back({ParamKind::OutOffsets, -1, 'p'});
    p.push_back({ParamKind::OutLengths, -1, 'p'});
  } else {
    p.push_back({ParamKind::OutData, -1, 'p'});
  }
  p.push_back({ParamKind::OutValid, -1, 'p'});
  p.push_back({ParamKind::ErrorSlot, -1, 'p'});
  if (spec.uses_context)
    for (int32_t f = 0; f < 4; ++f) p.push_back({ParamKind::ContextField, f, 'i'});
  p.push_back({ParamKind::Begin, -1, 'l'});
  p.push_back({ParamKind::End, -1, 'l'});
  return p;
}

}  // namespace tessera::fn

namespace tessera::fn {

std::vector<Specialization> planned_specializations(const FunctionSpec& spec) {
  std::vector<Specialization> out;
  if (spec.uses_context) out.push_back({{}, true});
  for (int32_t i = 0; i < static_cast<int32_t>(spec.args.size()); ++i)
    for (int64_t v : spec.args[i].specialize) out.push_back({{{i, v}}, spec.uses_context});
  return out;
}

std::string specialization_suffix(const FunctionSpec& spec, const Specialization& s) {
  std::string suffix;
  for (const auto& [arg, value] : s.constants) {
    // The magnitude in uint64_t: -value is undefined behaviour for INT64_MIN.
    const uint64_t magnitude = value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
    suffix += "__" + std::string(spec.args[arg].name) + "_" + (value < 0 ? "m" : "") + std::to_string(magnitude);
  }
  if (s.default_context) suffix += "__ctx";
  return suffix;
}

}  // namespace tessera::fn

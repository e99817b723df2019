// The column-kernel ABI: the parameter list of every generated kernel.
//
// Shared by the compiler (which builds kernels with exactly these parameters)
// and the runtime (which fills them), so the two can never disagree. Order:
// for each argument its buffers (or its value, if constant), then the output
// buffers, the error slot, the four SessionContext fields (if the function
// uses the session), and the row range [begin, end).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tessera/functions/registry.hpp"

namespace tessera::fn {

enum class ParamKind : uint8_t {
  ArgData,         // fixed-width column: element buffer
  ArgBytes,        // string column: bytes
  ArgOffsets,      // string column: int64 start offset of each row
  ArgLengths,      // string column: int32 length of each row
  ArgValid,        // column validity: uint8 per row (1 = valid); may be null (all valid)
  ConstValue,      // constant argument: the value itself
  ConstBytes,      // constant string argument: pointer to its bytes
  ConstLength,     // constant string argument: its int32 length
  OutData,         // fixed-width result buffer
  OutBytes,        // string result: preallocated bytes
  OutOffsets,      // string result: int64 start offset of each row's space (filled by the runtime)
  OutLengths,      // string result: int32 length written per row
  OutValid,        // result validity: uint8 per row (never null)
  ErrorSlot,       // int64: min over failing rows of (row << 8 | status); INT64_MAX if none
  ContextField,    // int32 SessionContext field number `arg` (datefirst, dateformat, language, collation)
  Begin,           // int64 first row
  End,             // int64 one past the last row
};

struct KernelParam {
  ParamKind kind;
  int32_t arg;  // argument index (or context field); -1 for output/error/range
  char abi;     // 'p' pointer, 'b' i8, 'i' i32, 'l' i64, 'd' f64
};

std::vector<KernelParam> kernel_params(const FunctionSpec& spec);

inline constexpr int64_t kNoError = INT64_MAX;
inline int64_t pack_error(int64_t row, int32_t status) { return (row << 8) | status; }
inline int64_t error_row(int64_t packed) { return packed >> 8; }
inline int32_t error_status(int64_t packed) { return static_cast<int32_t>(packed & 0xff); }

// A byte-map kernel (tessera-map-packed-bytes, one row per thread) has a second entry "<entry>__in_order" with
// the same parameters, for a first argument whose rows are in order (lengths >= 0, offsets[r] + lengths[r] <=
// offsets[r + 1]) and whose offsets buffer is the output's: it trusts that order instead of reading every row's
// offset to check it.
inline constexpr const char* kInOrderEntrySuffix = "__in_order";

}  // namespace tessera::fn

namespace tessera::fn {

// A GPU kernel variant with some parameters replaced by constants sunk into
// its body: constant SQL arguments (`constants`: argument index -> value)
// and, with `default_context`, the four SessionContext fields of
// SessionContext{} (us_english, DATEFIRST 7, mdy, case-insensitive).
struct Specialization {
  std::vector<std::pair<int32_t, int64_t>> constants;
  bool default_context = false;

  bool removes(const KernelParam& p) const {
    if (p.kind == ParamKind::ContextField) return default_context;
    if (p.kind != ParamKind::ConstValue) return false;
    for (const auto& [arg, value] : constants)
      if (arg == p.arg) return true;
    return false;
  }
};

// The variants tessera-cc builds for a spec: one per listed common value of
// each constant argument (each with the default session if the function uses
// one), plus the default session alone.
std::vector<Specialization> planned_specializations(const FunctionSpec& spec);
// "datepart__part_1__ctx": appended to the kernel symbol after "tk_".
std::string specialization_suffix(const FunctionSpec& spec, const Specialization& s);

}  // namespace tessera::fn

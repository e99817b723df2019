// The column-kernel ABI: the parameter list of every generated kernel.
//
// Shared by the compiler (which builds kernels with exactly these parameters)
// and the runtime (which fills them), so the two can never disagree. Order:
// for each argument its buffers (or its value, if constant), then the output
// buffers, the error slot, the four SessionContext fields (if the function
// uses the session), and the row range [begin, end).
#pragma once

#include <cstdint>
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

}  // namespace tessera::fn

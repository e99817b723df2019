// The comparison step of "function, then compare" for the fused-predicate benchmark (gpu_bench.cu
// --fused): `f(x) = constant` over a function's materialised result column, as the GPU engine's comparison
// (engine/exec/src/gpu/expr_compare.cu) does it: one flag and one validity byte per row; strings compare
// bytewise after dropping trailing blanks.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

namespace tessera::bench::hw {

// data: `width`-byte values (1, 4 or 8); constant: the value, in the same width.
cudaError_t equals_fixed(const void* data, int width, const uint8_t* valid, int64_t constant, uint8_t* out,
                         uint8_t* out_valid, int64_t n);
// constant: device bytes.
cudaError_t equals_string(const char* bytes, const int64_t* offsets, const int32_t* lengths, const uint8_t* valid,
                          const char* constant, int32_t constant_length, uint8_t* out, uint8_t* out_valid, int64_t n);

}  // namespace tessera::bench::hw

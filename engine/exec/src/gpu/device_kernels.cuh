// Device-side helpers shared by the GPU operators' .cu files: the row loop, operand accessors (a column or a
// constant), validity, and the error-slot update.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "tessera/functions/kernel_abi.hpp"
#include "tessera/runtime/cuda_pool.hpp"

namespace tessera::exec::gpu {

template <typename F>
__global__ void rows_kernel(int64_t n, F f) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) f(i);
}

// f(i) for every row in [0, n), on `stream`: a grid-stride loop over enough blocks to fill the device.
template <typename F>
void for_rows(int64_t n, void* stream, F f) {
  if (n <= 0) return;
  constexpr int kBlock = 256;
  const int64_t blocks = (n + kBlock - 1) / kBlock;
  const unsigned grid = static_cast<unsigned>(blocks < 132 * 64 ? blocks : 132 * 64);
  rows_kernel<<<grid, kBlock, 0, static_cast<cudaStream_t>(stream)>>>(n, f);
  rt::cuda_check(cudaGetLastError(), "kernel launch");
}

// A column operand or a constant, as physical type T.
template <typename T>
struct In {
  const T* p = nullptr;
  T s{};
  __device__ T operator[](int64_t i) const { return p ? p[i] : s; }
};

// Validity of an operand: a byte mask, all valid (null mask), or all NULL (a NULL constant).
struct Valid {
  const uint8_t* p = nullptr;
  bool all_null = false;
  __device__ bool operator()(int64_t i) const { return !all_null && (!p || p[i]); }
  bool any_null() const { return all_null || p; }
};

// The first index in [0, n) whose item is not below the value looked for (`below(i)`: item i < value), for a
// binary search of a sorted list (IN lists, CASE lookups).
template <typename Below>
__device__ inline int lower_bound_index(int n, Below below) {
  int lo = 0, hi = n;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (below(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

__device__ inline void report_error(int64_t* slot, int64_t row, int32_t status) {
  atomicMin(reinterpret_cast<long long*>(slot), static_cast<long long>((row << 8) | status));
}

}  // namespace tessera::exec::gpu

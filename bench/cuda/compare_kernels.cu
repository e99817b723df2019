// The comparison step of "function, then compare" (compare_kernels.hpp).
#include "compare_kernels.hpp"

namespace tessera::bench::hw {

namespace {

constexpr int kBlock = 256;

int blocks_for(int64_t n) { return static_cast<int>((n + kBlock - 1) / kBlock); }

template <typename T>
__global__ void k_equals_fixed(const T* data, const uint8_t* valid, T constant, uint8_t* out, uint8_t* out_valid,
                               int64_t n) {
  const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = data[i] == constant;
  out_valid[i] = valid ? valid[i] : 1;
}

__global__ void k_equals_string(const char* bytes, const int64_t* offsets, const int32_t* lengths,
                                const uint8_t* valid, const char* constant, int32_t constant_length, uint8_t* out,
                                uint8_t* out_valid, int64_t n) {
  const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const char* s = bytes + offsets[i];
  int32_t len = lengths[i];
  while (len > 0 && s[len - 1] == ' ') --len;
  int32_t clen = constant_length;
  while (clen > 0 && constant[clen - 1] == ' ') --clen;
  bool same = len == clen;
  for (int32_t k = 0; same && k < len; ++k) same = s[k] == constant[k];
  out[i] = same;
  out_valid[i] = valid ? valid[i] : 1;
}

}  // namespace

cudaError_t equals_fixed(const void* data, int width, const uint8_t* valid, int64_t constant, uint8_t* out,
                         uint8_t* out_valid, int64_t n) {
  if (n <= 0) return cudaSuccess;
  if (width == 1)
    k_equals_fixed<uint8_t><<<blocks_for(n), kBlock>>>(static_cast<const uint8_t*>(data), valid,
                                                       static_cast<uint8_t>(constant), out, out_valid, n);
  else if (width == 4)
    k_equals_fixed<int32_t><<<blocks_for(n), kBlock>>>(static_cast<const int32_t*>(data), valid,
                                                       static_cast<int32_t>(constant), out, out_valid, n);
  else
    k_equals_fixed<int64_t><<<blocks_for(n), kBlock>>>(static_cast<const int64_t*>(data), valid, constant, out,
                                                       out_valid, n);
  return cudaGetLastError();
}

cudaError_t equals_string(const char* bytes, const int64_t* offsets, const int32_t* lengths, const uint8_t* valid,
                          const char* constant, int32_t constant_length, uint8_t* out, uint8_t* out_valid, int64_t n) {
  if (n <= 0) return cudaSuccess;
  k_equals_string<<<blocks_for(n), kBlock>>>(bytes, offsets, lengths, valid, constant, constant_length, out,
                                             out_valid, n);
  return cudaGetLastError();
}

}  // namespace tessera::bench::hw

// One-off experiment behind ARCHITECTURE.md "Byte maps over packed text" (H200, 2026-12-04): how fast a byte
// map over a packed buffer runs when g is coded as (A) the twin's SWAR, (B) a 128-byte table in shared
// memory, (C) one range test per byte, (D) a chain of range selects. Not built by CMake; run by hand:
//   nvcc -O3 -arch=sm_90 -std=c++17 bytemap_codings.cu -o bytemap_codings && ./bytemap_codings
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>
#include <algorithm>
#include <random>
#include <cuda_runtime.h>
constexpr int kBlock = 256, kUnroll = 4;
__constant__ uint8_t c_table[128];

__device__ uint32_t swar_lower(uint32_t x) {
  const uint32_t ge = x + 0x3F3F3F3Fu, gt = x + 0x25252525u;
  return x ^ ((ge & ~gt & 0x80808080u) >> 2);
}
__device__ uint8_t range_lower(uint8_t b) { return (uint8_t)(b - 65) < 26 ? b + 32 : b; }

template <int Mode>
__global__ void __launch_bounds__(kBlock) k_map(const uint4* in, uint4* out, int64_t chunks, int* nonascii) {
  __shared__ uint8_t table[128];
  if (Mode == 1) { for (int i = threadIdx.x; i < 128; i += kBlock) table[i] = c_table[i]; __syncthreads(); }
  const int64_t stride = int64_t(gridDim.x) * kBlock * kUnroll;
  for (int64_t base = int64_t(blockIdx.x) * kBlock * kUnroll + threadIdx.x; base < chunks; base += stride) {
    uint4 x[kUnroll];
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) { int64_t c = base + int64_t(j) * kBlock; if (c < chunks) x[j] = __ldg(in + c); }
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) {
      int64_t c = base + int64_t(j) * kBlock;
      if (c >= chunks) continue;
      if ((x[j].x | x[j].y | x[j].z | x[j].w) & 0x80808080u) { atomicOr(nonascii, 1); continue; }
      uint4 y;
      if (Mode == 0) { y.x = swar_lower(x[j].x); y.y = swar_lower(x[j].y); y.z = swar_lower(x[j].z); y.w = swar_lower(x[j].w); }
      else {
        uint32_t w[4] = {x[j].x, x[j].y, x[j].z, x[j].w}, r[4];
#pragma unroll
        for (int q = 0; q < 4; ++q) {
          uint32_t o = 0;
#pragma unroll
          for (int k = 0; k < 4; ++k) {
            uint8_t b = (w[q] >> (8 * k)) & 0xFF, m;
            if (Mode == 1) m = table[b];
            else if (Mode == 2) m = range_lower(b);
            else { // generic run chain: delta per range [lo, hi]
              m = b;
              m = (uint8_t)(b - 65) <= (90 - 65) ? b + 32 : m;
              m = (uint8_t)(b - 0xC0) <= 0 ? m : m;  // a second, empty-effect range, as a chain would have
            }
            o |= uint32_t(m) << (8 * k);
          }
          r[q] = o;
        }
        y = make_uint4(r[0], r[1], r[2], r[3]);
      }
      out[c] = y;
    }
  }
}
__global__ void k_copy(const uint4* in, uint4* out, int64_t chunks) {
  for (int64_t c = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; c < chunks; c += int64_t(gridDim.x) * blockDim.x) out[c] = __ldg(in + c);
}

int main() {
  const int64_t bytes = int64_t(1) << 30;
  const int64_t chunks = bytes / 16;
  std::vector<uint8_t> h(bytes);
  const char* words = "STANDARD ANODIZED BRASS PROMO BURNISHED COPPER ECONOMY PLATED STEEL SMALL POLISHED TIN LARGE BRUSHED NICKEL ";
  size_t wl = strlen(words);
  for (int64_t i = 0; i < bytes; ++i) h[i] = words[i % wl];
  uint8_t table[128];
  for (int b = 0; b < 128; ++b) table[b] = b >= 'A' && b <= 'Z' ? b + 32 : b;
  cudaMemcpyToSymbol(c_table, table, 128);
  uint4 *in, *out; int* flag;
  cudaMalloc(&in, bytes); cudaMalloc(&out, bytes); cudaMalloc(&flag, 4);
  cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice);
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const int grid = std::min<int64_t>((chunks + kBlock * kUnroll - 1) / (kBlock * kUnroll), sms * 32);
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  auto time = [&](auto launch) {
    std::vector<float> ms;
    for (int i = 0; i < 25; ++i) { cudaEventRecord(a); launch(); cudaEventRecord(b); cudaEventSynchronize(b); float t; cudaEventElapsedTime(&t, a, b); if (i >= 5) ms.push_back(t); }
    std::sort(ms.begin(), ms.end()); return ms[ms.size() / 2];
  };
  float copy = time([&] { k_copy<<<sms * 32, 256>>>(in, out, chunks); });
  printf("copy       %.3f ms  %.0f GB/s\n", copy, 2.0 * bytes / copy / 1e6);
  const char* names[] = {"swar(twin)", "smem table", "range sel", "run chain"};
  std::vector<uint8_t> got(bytes);
  for (int mode = 0; mode < 4; ++mode) {
    cudaMemset(flag, 0, 4);
    float t = time([&] {
      if (mode == 0) k_map<0><<<grid, kBlock>>>(in, out, chunks, flag);
      if (mode == 1) k_map<1><<<grid, kBlock>>>(in, out, chunks, flag);
      if (mode == 2) k_map<2><<<grid, kBlock>>>(in, out, chunks, flag);
      if (mode == 3) k_map<3><<<grid, kBlock>>>(in, out, chunks, flag);
    });
    cudaMemcpy(got.data(), out, bytes, cudaMemcpyDeviceToHost);
    int64_t bad = 0;
    for (int64_t i = 0; i < bytes; i += 4099) bad += got[i] != table[h[i]];
    printf("%-10s %.3f ms  %.0f GB/s  %.0f%% of copy  (sampled mismatches %lld) err=%s\n", names[mode], t, 2.0 * bytes / t / 1e6, 100 * copy / t, (long long)bad, cudaGetErrorString(cudaGetLastError()));
  }
}

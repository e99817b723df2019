// One-off experiment behind ARCHITECTURE.md "Byte maps over packed text" (H200, 2026-12-04): a first plan of
// the byte map's launches (lengths and validity, chunks marking non-ASCII rows in out_valid, a fix-up pass
// over every row's mark) against the twin's two launches, on 2^25 p_type-like rows; all ASCII, then 1% of
// rows non-ASCII. (The twin-like non-ASCII path here ignores a C3 in the previous chunk, so its bytes differ
// from the design's at chunk edges on the mixed data; the timing is what this is for.) Not built by CMake:
//   nvcc -O3 -arch=sm_90 -std=c++17 bytemap_three_launches.cu -o flow && ./flow
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>
#include <string>
#include <algorithm>
#include <random>
#include <cuda_runtime.h>
constexpr int kBlock = 256, kUnroll = 4;
__constant__ uint8_t c_table[128];

__device__ int64_t row_of_byte(const int64_t* off, int64_t n, int64_t p) {
  int64_t lo = 0, hi = n;
  while (hi - lo > 1) { int64_t mid = (lo + hi) / 2; if (__ldg(off + mid) <= p) lo = mid; else hi = mid; }
  return lo;
}
__device__ uint32_t swar_lower(uint32_t x) { const uint32_t ge = x + 0x3F3F3F3Fu, gt = x + 0x25252525u; return x ^ ((ge & ~gt & 0x80808080u) >> 2); }

__global__ void k_rows0(const int32_t* len, const uint8_t* valid, int32_t* olen, uint8_t* ovalid, int64_t n) {
  int64_t nv = n / 4;
  for (int64_t q = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; q < nv; q += int64_t(gridDim.x) * blockDim.x) {
    int4 l = __ldg(reinterpret_cast<const int4*>(len) + q);
    uchar4 v = __ldg(reinterpret_cast<const uchar4*>(valid) + q);
    reinterpret_cast<int4*>(olen)[q] = make_int4(v.x ? l.x : 0, v.y ? l.y : 0, v.z ? l.z : 0, v.w ? l.w : 0);
    reinterpret_cast<uchar4*>(ovalid)[q] = make_uchar4(v.x != 0, v.y != 0, v.z != 0, v.w != 0);
  }
}
template <bool Design>
__global__ void __launch_bounds__(kBlock) k_bytes(const uint8_t* bytes, const int64_t* off, uint8_t* ovalid, uint8_t* out, int64_t total, int64_t n) {
  __shared__ uint8_t table[128];
  if (Design) { for (int i = threadIdx.x; i < 128; i += kBlock) table[i] = c_table[i]; __syncthreads(); }
  const int64_t chunks = total / 16;
  const int64_t stride = int64_t(gridDim.x) * kBlock * kUnroll;
  for (int64_t base = int64_t(blockIdx.x) * kBlock * kUnroll + threadIdx.x; base < chunks; base += stride) {
    uint4 x[kUnroll];
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) { int64_t c = base + int64_t(j) * kBlock; if (c < chunks) x[j] = __ldg(reinterpret_cast<const uint4*>(bytes) + c); }
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) {
      int64_t c = base + int64_t(j) * kBlock;
      if (c >= chunks) continue;
      if ((x[j].x | x[j].y | x[j].z | x[j].w) & 0x80808080u) {
        int64_t r = row_of_byte(off, n, c * 16);
        if (Design) { for (; r < n && __ldg(off + r) < c * 16 + 16; ++r) ovalid[r] = 2; }
        else { for (int k = 0; k < 16; ++k) { uint8_t b = bytes[c * 16 + k]; out[c * 16 + k] = b < 0x80 && b >= 'A' && b <= 'Z' ? b + 32 : (b == 0x89 && k > 0 && bytes[c*16+k-1] == 0xC3 ? 0xA9 : b); } (void)r; }
        continue;
      }
      uint4 y;
      if (!Design) { y = make_uint4(swar_lower(x[j].x), swar_lower(x[j].y), swar_lower(x[j].z), swar_lower(x[j].w)); }
      else {
        uint32_t w[4] = {x[j].x, x[j].y, x[j].z, x[j].w}, r4[4];
#pragma unroll
        for (int q = 0; q < 4; ++q) { uint32_t o = 0;
#pragma unroll
          for (int k = 0; k < 4; ++k) o |= uint32_t(table[(w[q] >> (8 * k)) & 0xFF]) << (8 * k);
          r4[q] = o; }
        y = make_uint4(r4[0], r4[1], r4[2], r4[3]);
      }
      reinterpret_cast<uint4*>(out)[c] = y;
    }
  }
}
__global__ void k_fixup(const uint8_t* bytes, const int64_t* off, const int32_t* len, uint8_t* ovalid, int32_t* olen, uint8_t* out, int64_t n) {
  for (int64_t r = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; r < n; r += int64_t(gridDim.x) * blockDim.x) {
    if (ovalid[r] != 2) continue;
    const uint8_t* s = bytes + off[r]; uint8_t* o = out + off[r]; int32_t L = len[r];
    for (int32_t i = 0; i < L; ++i) { uint8_t b = s[i]; o[i] = b >= 'A' && b <= 'Z' ? b + 32 : (b == 0x89 && i > 0 && s[i-1] == 0xC3 ? 0xA9 : b); }
    olen[r] = L; ovalid[r] = 1;
  }
}

int main() {
  const int64_t n = int64_t(1) << 25;
  const char* a[] = {"STANDARD", "SMALL", "MEDIUM", "LARGE", "ECONOMY", "PROMO"};
  const char* b[] = {"ANODIZED", "BURNISHED", "PLATED", "POLISHED", "BRUSHED"};
  const char* c[] = {"TIN", "NICKEL", "BRASS", "STEEL", "COPPER"};
  std::mt19937 rng(7);
  std::vector<int64_t> off(n); std::vector<int32_t> len(n); std::vector<uint8_t> valid(n, 1); std::string bytes;
  for (int64_t r = 0; r < n; ++r) {
    std::string s = std::string(a[rng() % 6]) + " " + b[rng() % 5] + " " + c[rng() % 5];
    off[r] = bytes.size(); len[r] = s.size(); bytes += s;
  }
  std::string mixed = bytes;
  for (int64_t r = 0; r < n; r += 100) { mixed[off[r]] = '\xC3'; mixed[off[r] + 1] = '\x89'; }
  const int64_t total = bytes.size();
  printf("rows %lld, bytes %lld (%.1f per row)\n", (long long)n, (long long)total, double(total) / n);
  uint8_t table[128]; for (int i = 0; i < 128; ++i) table[i] = i >= 'A' && i <= 'Z' ? i + 32 : i;
  cudaMemcpyToSymbol(c_table, table, 128);
  uint8_t *d_bytes, *d_out, *d_valid, *d_ovalid; int64_t* d_off; int32_t *d_len, *d_olen;
  cudaMalloc(&d_bytes, total + 16); cudaMalloc(&d_out, total + 16); cudaMalloc(&d_valid, n); cudaMalloc(&d_ovalid, n);
  cudaMalloc(&d_off, n * 8); cudaMalloc(&d_len, n * 4); cudaMalloc(&d_olen, n * 4);
  cudaMemcpy(d_off, off.data(), n * 8, cudaMemcpyHostToDevice); cudaMemcpy(d_len, len.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(d_valid, valid.data(), n, cudaMemcpyHostToDevice);
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  auto time = [&](auto launch) { std::vector<float> ms; for (int i = 0; i < 25; ++i) { cudaEventRecord(e0); launch(); cudaEventRecord(e1); cudaEventSynchronize(e1); float t; cudaEventElapsedTime(&t, e0, e1); if (i >= 5) ms.push_back(t); } std::sort(ms.begin(), ms.end()); return ms[ms.size() / 2]; };
  const int gb = std::min<int64_t>(total / 16 / (kBlock * kUnroll) + 1, sms * 32);
  for (int data = 0; data < 2; ++data) {
    const std::string& src = data ? mixed : bytes;
    cudaMemcpy(d_bytes, src.data(), total, cudaMemcpyHostToDevice);
    float twin = time([&] { k_rows0<<<sms * 32, 256>>>(d_len, d_valid, d_olen, d_ovalid, n); k_bytes<false><<<gb, kBlock>>>(d_bytes, d_off, d_ovalid, d_out, total, n); });
    std::vector<uint8_t> want(total); cudaMemcpy(want.data(), d_out, total, cudaMemcpyDeviceToHost);
    float design = time([&] { k_rows0<<<sms * 32, 256>>>(d_len, d_valid, d_olen, d_ovalid, n); k_bytes<true><<<gb, kBlock>>>(d_bytes, d_off, d_ovalid, d_out, total, n);
                              k_fixup<<<sms * 32, 256>>>(d_bytes, d_off, d_len, d_ovalid, d_olen, d_out, n); });
    std::vector<uint8_t> got(total); cudaMemcpy(got.data(), d_out, total, cudaMemcpyDeviceToHost);
    int64_t bad = 0; for (int64_t i = 0; i < total - 16; ++i) bad += got[i] != want[i];
    printf("%s: twin-like %.3f ms, design (3 launches) %.3f ms = %.2fx; byte mismatches %lld; %s\n", data ? "1% non-ASCII rows" : "all ASCII", twin, design, design / twin, (long long)bad, cudaGetErrorString(cudaGetLastError()));
  }
}

// Strings on the device as comparisons see them: an operand's bytes with trailing blanks dropped (SQL's padding
// rule, as on the CPU), compared bytewise (unsigned, a prefix first); and sorted constant lists (IN, CASE lookups)
// searched by binary search.
#pragma once

#include <string_view>
#include <vector>

#include "operand.cuh"

namespace tessera::exec::gpu {

// A string operand: a column's (bytes, offsets, lengths), or a constant's bytes on the device.
struct StrIn {
  const uint8_t* bytes = nullptr;
  const int64_t* off = nullptr;
  const int32_t* len = nullptr;
  int32_t scalar_len = 0;
  __device__ void get(int64_t i, const uint8_t*& p, int32_t& n) const {
    if (off) {
      p = bytes + off[i];
      n = len[i];
    } else {
      p = bytes;
      n = scalar_len;
    }
    while (n > 0 && p[n - 1] == ' ') --n;
  }
};

__device__ inline int compare_bytes(const uint8_t* a, int32_t na, const uint8_t* b, int32_t nb) {
  const int32_t n = na < nb ? na : nb;
  for (int32_t k = 0; k < n; ++k)
    if (a[k] != b[k]) return a[k] < b[k] ? -1 : 1;
  return na < nb ? -1 : (na > nb ? 1 : 0);
}

// The operand's accessor; a constant's bytes are copied into `keep`, which must outlive the kernels that read them.
StrIn string_operand(const DeviceDatum& d, rt::DeviceBuffer& keep, GpuContext& ctx);

// Strings, sorted as compare_bytes orders them (trailing blanks already dropped), in device memory: their bytes and
// n + 1 offsets. The host vector may go when this returns (the copies are synchronized).
struct DeviceStrings {
  rt::DeviceBuffer bytes, offsets;
  int n = 0;
  const uint8_t* b() const { return static_cast<const uint8_t*>(bytes.data()); }
  const int64_t* o() const { return static_cast<const int64_t*>(offsets.data()); }
};
DeviceStrings upload_sorted_strings(const std::vector<std::string_view>& sorted, GpuContext& ctx);

// The index of the string (bytes b, offsets o, n of them) equal to p[0, len), or -1.
__device__ inline int find_sorted_string(const uint8_t* b, const int64_t* o, int n, const uint8_t* p, int32_t len) {
  const int lo = lower_bound_index(
      n, [&](int k) { return compare_bytes(b + o[k], static_cast<int32_t>(o[k + 1] - o[k]), p, len) < 0; });
  return lo < n && compare_bytes(p, len, b + o[lo], static_cast<int32_t>(o[lo + 1] - o[lo])) == 0 ? lo : -1;
}

}  // namespace tessera::exec::gpu

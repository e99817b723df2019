// Hash aggregation on the device. Grouping: a table of representative rows (open addressing, one CAS per new
// group, keys compared against the representative), then dense group ids by a prefix sum over the occupied
// slots. Accumulation: one pass per aggregate; the rows of a warp that share a group add up among themselves
// before one atomic (peers_total), and with few groups every block pre-aggregates in shared memory and flushes
// once. Sums of integers, MONEY and DECIMAL are exact int128s built from 64-bit atomics with the
// carry propagated (the thread whose low-word add wraps adds the carry to the high word). The finish follows
// the CPU's rules (SUM's type, AVG truncating at max(s, 6), overflow Msg 8115).
#include <cub/device/device_scan.cuh>

#include <climits>

#include "exact_result.cuh"
#include "operand.cuh"
#include "operators_gpu.hpp"
#include "row_keys.cuh"
#include "tessera/exec/row_op_codes.hpp"
#include "tessera/functions/decimal128.hpp"

namespace tessera::exec::gpu {

using plan::AggFunc;
using plan::TypeId;

namespace {

constexpr int64_t kSharedGroups = 1024;  // groups pre-aggregated in shared memory per block (32 KiB of sums)
constexpr int kBlock = 256;

cudaStream_t st(GpuContext& ctx) { return static_cast<cudaStream_t>(ctx.stream); }

unsigned grid_for(int64_t rows) {
  const int64_t b = (rows + kBlock - 1) / kBlock;
  return static_cast<unsigned>(std::max<int64_t>(1, std::min<int64_t>(b, 132 * 16)));
}

struct Grouping {
  rt::DeviceBuffer group_of;  // int32 per row; empty: every row is group 0
  rt::DeviceBuffer reps;      // int32 representative row per group
  int64_t groups = 1;
};

uint32_t next_pow2(int64_t n) {
  uint32_t c = 1024;
  while (c < n && c < (1u << 31)) c <<= 1;
  return c;
}

Grouping group_rows(const std::vector<DeviceColumnPtr>& keys, int64_t rows, double estimate, GpuContext& ctx) {
  Grouping g;
  std::vector<rt::ColumnView> views;
  for (const auto& k : keys) views.push_back(k->view());
  rt::DeviceBuffer dviews = new_buffer(views.size() * sizeof(rt::ColumnView), ctx);
  rt::cuda_check(cudaMemcpyAsync(dviews.data(), views.data(), views.size() * sizeof(rt::ColumnView),
                                 cudaMemcpyHostToDevice, st(ctx)), "cudaMemcpyAsync");
  const KeyColumns k{static_cast<const rt::ColumnView*>(dviews.data()), static_cast<int>(views.size())};
  rt::DeviceBuffer slot_of = new_buffer(static_cast<size_t>(rows) * 4, ctx);
  int32_t* so = static_cast<int32_t*>(slot_of.data());
  uint32_t capacity = next_pow2(static_cast<int64_t>(std::min<double>(rows, std::max(estimate, 1.0)) * 2));
  rt::DeviceBuffer slots, state = new_buffer(16, ctx);  // [0]: groups inserted, [1]: full
  for (;;) {
    slots = new_buffer(static_cast<size_t>(capacity) * 4, ctx);
    rt::cuda_check(cudaMemsetAsync(slots.data(), 0xff, static_cast<size_t>(capacity) * 4, st(ctx)), "cudaMemsetAsync");
    rt::cuda_check(cudaMemsetAsync(state.data(), 0, 16, st(ctx)), "cudaMemsetAsync");
    int32_t* sl = static_cast<int32_t*>(slots.data());
    unsigned long long* inserted = static_cast<unsigned long long*>(state.data());
    unsigned long long* full = inserted + 1;
    const uint32_t mask = capacity - 1;
    const unsigned long long limit = capacity / 2;
    for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
      uint32_t pos = static_cast<uint32_t>(row_hash(k, i)) & mask;
      const volatile unsigned long long* grow = full;
      for (;;) {
        // Checked on every probe, not only at empty slots: threads racing past the limit can fill every slot,
        // and a key then finds neither its own nor a free one (a small estimate, COUNT(DISTINCT) over many
        // values hung here). The pass is redone in a larger table anyway.
        if (*grow) return;
        int32_t cur = sl[pos];
        if (cur < 0) {
          const int32_t prev = atomicCAS(sl + pos, -1, static_cast<int32_t>(i));
          if (prev < 0) {
            so[i] = static_cast<int32_t>(pos);
            if (atomicAdd(inserted, 1ULL) >= limit) *full = 1;  // too full for short probes: grow and redo
            return;
          }
          cur = prev;
        }
        if (rows_equal(k, cur, i)) {
          so[i] = static_cast<int32_t>(pos);
          return;
        }
        pos = (pos + 1) & mask;
      }
    });
    unsigned long long host_state[2];
    rt::cuda_check(cudaMemcpyAsync(host_state, state.data(), 16, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
    synchronize(ctx);
    if (!host_state[1]) break;
    if (capacity >= (1u << 31)) throw ExecError("GPU aggregation: more than 2^30 groups are not supported yet");
    capacity = std::max(capacity * 2, next_pow2(rows * 2));
  }
  // Dense ids: exclusive prefix sum over occupied slots.
  rt::DeviceBuffer dense = new_buffer(static_cast<size_t>(capacity) * 4 + 4, ctx);
  int32_t* dn = static_cast<int32_t*>(dense.data());
  const int32_t* sl = static_cast<const int32_t*>(slots.data());
  rt::DeviceBuffer occ = new_buffer(static_cast<size_t>(capacity) * 4, ctx);
  int32_t* oc = static_cast<int32_t*>(occ.data());
  for_rows(capacity, ctx.stream, [=] __device__(int64_t p) { oc[p] = sl[p] >= 0; });
  size_t temp = 0;
  rt::cuda_check(cub::DeviceScan::ExclusiveSum(nullptr, temp, oc, dn, static_cast<int64_t>(capacity) + 0, st(ctx)), "cub::DeviceScan");
  rt::DeviceBuffer scratch = new_buffer(temp, ctx);
  rt::cuda_check(cub::DeviceScan::ExclusiveSum(scratch.data(), temp, oc, dn, static_cast<int64_t>(capacity), st(ctx)), "cub::DeviceScan");
  int32_t last[2];
  rt::cuda_check(cudaMemcpyAsync(&last[0], dn + capacity - 1, 4, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
  rt::cuda_check(cudaMemcpyAsync(&last[1], oc + capacity - 1, 4, cudaMemcpyDeviceToHost, st(ctx)), "cudaMemcpyAsync");
  synchronize(ctx);
  g.groups = static_cast<int64_t>(last[0]) + last[1];
  g.reps = new_buffer(static_cast<size_t>(std::max<int64_t>(g.groups, 1)) * 4, ctx);
  int32_t* rp = static_cast<int32_t*>(g.reps.data());
  for_rows(capacity, ctx.stream, [=] __device__(int64_t p) {
    if (sl[p] >= 0) rp[dn[p]] = sl[p];
  });
  g.group_of = new_buffer(static_cast<size_t>(rows) * 4, ctx);
  int32_t* go = static_cast<int32_t*>(g.group_of.data());
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) { go[i] = dn[so[i]]; });
  return g;
}

// ---- accumulation ----

// Adds a 192-bit two's-complement value (w[0] low .. w[2] high) into three 64-bit words with atomics: each
// word's carry is seen by the thread whose add produced it and goes into the next word, so the total is
// exact whatever the order. 192 bits hold any sum of int128 values a query can have, so an int128 overflow
// of the result is detected at the end, not lost in a wrap.
__device__ inline void add192(unsigned long long* w0, unsigned long long* w1, unsigned long long* w2,
                              unsigned long long x0, unsigned long long x1, unsigned long long x2) {
  const unsigned long long o0 = atomicAdd(w0, x0);
  unsigned long long c = o0 + x0 < o0;
  const unsigned long long t1 = x1 + c;
  unsigned long long c2 = t1 < x1;  // x1 + carry wrapped
  if (t1) {
    const unsigned long long o1 = atomicAdd(w1, t1);
    c2 += o1 + t1 < o1;
  }
  if (x2 + c2) atomicAdd(w2, x2 + c2);
}

__device__ inline void add_value(unsigned long long* w0, unsigned long long* w1, unsigned long long* w2, __int128 v) {
  add192(w0, w1, w2, static_cast<unsigned long long>(v),
         static_cast<unsigned long long>(static_cast<unsigned __int128>(v) >> 64), v < 0 ? ~0ULL : 0ULL);
}

constexpr unsigned kFullWarp = 0xffffffffu;

// The rows of one warp whose groups are equal add up among themselves first, and only the lowest lane of each
// such set makes the group's atomic adds: with skewed groups (ClickBench's RegionID, a fifth of all rows in one
// group; CounterID) every row's atomics would otherwise queue on a few addresses (q10's three sums took 82 ms of
// 112 at 100M rows on the H200). `peers`: the lanes sharing this lane's group (__match_any_sync); every lane of
// the warp calls this. The total of `v` over the peers, in Acc.
template <typename Acc, typename V>
__device__ inline Acc peers_total(unsigned peers, V v) {
  Acc total = 0;
  for (int k = 0; k < 32; ++k) {
    const V t = __shfl_sync(kFullWarp, v, k);
    if (peers >> k & 1u) total += t;
  }
  return total;
}
// Integer-valued sums (and counts): three words and a count per group. `vals` null: count only.
template <typename T>
__global__ void sum_int_kernel(int64_t rows, const int32_t* gid, const T* vals, const uint8_t* valid, int64_t groups,
                               unsigned long long* acc) {
  extern __shared__ unsigned long long sm[];
  const bool shared = groups <= kSharedGroups;
  unsigned long long* a = shared ? sm : acc;  // w0 | w1 | w2 | count, `groups` each
  if (shared) {
    for (int64_t g = threadIdx.x; g < 4 * groups; g += blockDim.x) sm[g] = 0;
    __syncthreads();
  }
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  const int lane = static_cast<int>(threadIdx.x & 31);
  // Whole warps step together (blockDim.x and the stride are multiples of 32), so every lane reaches the
  // warp-wide calls; lanes past the end or on a NULL take part with no row (group -1).
  for (int64_t base = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x - lane; base < rows; base += stride) {
    const int64_t i = base + lane;
    const bool has = i < rows && (!valid || valid[i]);
    const int64_t g = has ? (gid ? gid[i] : 0) : -1;
    const unsigned peers = __match_any_sync(kFullWarp, static_cast<unsigned long long>(g));
    if (__all_sync(kFullWarp, __popc(peers) == 1)) {  // no two rows share a group: no adding up first
      if (!has) continue;
      if (vals) add_value(a + g, a + groups + g, a + 2 * groups + g, static_cast<__int128>(vals[i]));
      atomicAdd(a + 3 * groups + g, 1ULL);
      continue;
    }
    const __int128 total = vals ? peers_total<__int128>(peers, has ? static_cast<long long>(vals[i]) : 0LL) : 0;
    if (!has || lane != __ffs(peers) - 1) continue;
    if (vals) add_value(a + g, a + groups + g, a + 2 * groups + g, total);
    atomicAdd(a + 3 * groups + g, static_cast<unsigned long long>(__popc(peers)));
  }
  if (shared) {
    __syncthreads();
    for (int64_t g = threadIdx.x; g < groups; g += blockDim.x) {
      if (!sm[3 * groups + g]) continue;
      if (vals) add192(acc + g, acc + groups + g, acc + 2 * groups + g, sm[g], sm[groups + g], sm[2 * groups + g]);
      atomicAdd(acc + 3 * groups + g, sm[3 * groups + g]);
    }
  }
}

__global__ void sum_double_kernel(int64_t rows, const int32_t* gid, const double* vals, const uint8_t* valid,
                                  int64_t groups, double* sum, unsigned long long* cnt) {
  extern __shared__ unsigned long long sm[];
  const bool shared = groups <= kSharedGroups;
  double* ssum = reinterpret_cast<double*>(sm);
  unsigned long long* scnt = sm + groups;
  if (shared) {
    for (int64_t g = threadIdx.x; g < groups; g += blockDim.x) {
      ssum[g] = 0;
      scnt[g] = 0;
    }
    __syncthreads();
  }
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  const int lane = static_cast<int>(threadIdx.x & 31);
  for (int64_t base = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x - lane; base < rows; base += stride) {
    const int64_t i = base + lane;  // whole warps step together, as in sum_int_kernel
    const bool has = i < rows && (!valid || valid[i]);
    const int64_t g = has ? (gid ? gid[i] : 0) : -1;
    const unsigned peers = __match_any_sync(kFullWarp, static_cast<unsigned long long>(g));
    double v = has ? vals[i] : 0.0;
    unsigned long long n = 1;
    if (!__all_sync(kFullWarp, __popc(peers) == 1)) {
      v = peers_total<double>(peers, v);
      n = static_cast<unsigned long long>(__popc(peers));
      if (lane != __ffs(peers) - 1) continue;
    }
    if (!has) continue;
    atomicAdd(shared ? ssum + g : sum + g, v);
    atomicAdd(shared ? scnt + g : cnt + g, n);
  }
  if (shared) {
    __syncthreads();
    for (int64_t g = threadIdx.x; g < groups; g += blockDim.x) {
      if (!scnt[g]) continue;
      atomicAdd(sum + g, ssum[g]);
      atomicAdd(cnt + g, scnt[g]);
    }
  }
}

// MIN/MAX of fixed-width values as order-preserving int64 keys (doubles: sign-folded bits).
__device__ inline long long order_key(const void* data, fn::SqlType t, int64_t i) {
  switch (t) {
    case fn::SqlType::Bool: return static_cast<const uint8_t*>(data)[i];
    case fn::SqlType::Int32:
    case fn::SqlType::Date: return static_cast<const int32_t*>(data)[i];
    case fn::SqlType::Float64: {
      const double d = static_cast<const double*>(data)[i];
      long long b = __double_as_longlong(d == 0 ? 0.0 : d);  // -0 and +0 alike
      return b < 0 ? b ^ 0x7fffffffffffffffLL : b;
    }
    default: return static_cast<const int64_t*>(data)[i];
  }
}

__global__ void minmax_kernel(int64_t rows, const int32_t* gid, const void* data, fn::SqlType t, const uint8_t* valid,
                              int64_t groups, bool is_min, long long* best, unsigned long long* cnt) {
  extern __shared__ unsigned long long sm[];
  const bool shared = groups <= kSharedGroups;
  long long* sbest = reinterpret_cast<long long*>(sm);
  unsigned long long* scnt = sm + groups;
  const long long identity = is_min ? LLONG_MAX : LLONG_MIN;
  if (shared) {
    for (int64_t g = threadIdx.x; g < groups; g += blockDim.x) {
      sbest[g] = identity;
      scnt[g] = 0;
    }
    __syncthreads();
  }
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < rows; i += stride) {
    if (valid && !valid[i]) continue;
    const int64_t g = gid ? gid[i] : 0;
    const long long k = order_key(data, t, i);
    long long* b = shared ? sbest + g : best + g;
    if (is_min) atomicMin(b, k);
    else atomicMax(b, k);
    atomicAdd(shared ? scnt + g : cnt + g, 1ULL);
  }
  if (shared) {
    __syncthreads();
    for (int64_t g = threadIdx.x; g < groups; g += blockDim.x) {
      if (!scnt[g]) continue;
      if (is_min) atomicMin(best + g, sbest[g]);
      else atomicMax(best + g, sbest[g]);
      atomicAdd(cnt + g, scnt[g]);
    }
  }
}

// MIN/MAX of a string column: per group, the row holding the best string, found by a compare-and-swap
// loop on the group's row index (strings compare bytewise without trailing blanks, as on the CPU; equal
// strings keep the lower row), then one gather. A group without a non-NULL value gets NULL. Under a
// case-insensitive collation `folded` (the case-folded argument) is compared first.
DeviceColumnPtr minmax_string(const rt::DeviceColumn& arg, const rt::DeviceColumn* folded, const int32_t* gid,
                              int64_t groups, int64_t rows, bool is_min, GpuContext& ctx) {
  rt::DeviceBuffer best_rows = new_buffer(static_cast<size_t>(groups) * 4, ctx);
  int32_t* best = static_cast<int32_t*>(best_rows.data());
  for_rows(groups, ctx.stream, [=] __device__(int64_t gi) { best[gi] = -1; });
  const rt::ColumnView v = arg.view();
  const bool has_folded = folded != nullptr;
  const rt::ColumnView f = has_folded ? folded->view() : v;
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    if (v.valid && !v.valid[i]) return;
    int32_t* slot = best + (gid ? gid[i] : 0);
    const int32_t row = static_cast<int32_t>(i);
    int32_t cur = *reinterpret_cast<volatile int32_t*>(slot);
    for (;;) {
      if (cur >= 0) {
        int c = has_folded ? compare_cells(f, row, f, cur) : 0;
        if (c == 0) c = compare_cells(v, row, v, cur);
        const bool better = (is_min ? c < 0 : c > 0) || (c == 0 && row < cur);
        if (!better) return;
      }
      const int32_t seen = atomicCAS(slot, cur, row);
      if (seen == cur) return;
      cur = seen;
    }
  });
  return gather(arg, best, groups, ctx, /*may_miss=*/true);
}

// AVG merging partial averages (Aggregate::weight): each group's count becomes the sum of its partial counts.
void weigh(const rt::DeviceColumn& weight, const int32_t* gid, int64_t groups, int64_t rows, unsigned long long* cnt,
           GpuContext& ctx) {
  rt::DeviceBuffer acc = new_buffer(static_cast<size_t>(groups) * 32, ctx);
  unsigned long long* w = static_cast<unsigned long long*>(acc.data());
  rt::cuda_check(cudaMemsetAsync(w, 0, static_cast<size_t>(groups) * 32, st(ctx)), "cudaMemsetAsync");
  const size_t smem4 = groups <= kSharedGroups ? static_cast<size_t>(groups) * 32 : 0;
  sum_int_kernel<int64_t><<<grid_for(rows), kBlock, smem4, st(ctx)>>>(
      rows, gid, static_cast<const int64_t*>(weight.data.data()), nullptr, groups, w);
  for_rows(groups, ctx.stream, [=] __device__(int64_t gi) { cnt[gi] = w[gi]; });
}

DeviceColumnPtr aggregate_one(const plan::Aggregate& a, const DataType& out_type, const DeviceColumnPtr& arg,
                              const DeviceColumnPtr& folded, const DeviceColumnPtr& weight, const Grouping& g,
                              int64_t rows, GpuContext& ctx) {
  const int64_t groups = g.groups;
  const int32_t* gid = g.groups == 1 ? nullptr : static_cast<const int32_t*>(g.group_of.data());
  if ((a.func == AggFunc::Min || a.func == AggFunc::Max) && arg && arg->type == fn::SqlType::String)
    return minmax_string(*arg, folded.get(), gid, groups, rows, a.func == AggFunc::Min, ctx);
  const uint8_t* valid = arg ? static_cast<const uint8_t*>(arg->valid.data()) : nullptr;
  const unsigned grid = grid_for(rows);
  const size_t smem4 = groups <= kSharedGroups ? static_cast<size_t>(groups) * 32 : 0;
  const size_t smem2 = groups <= kSharedGroups ? static_cast<size_t>(groups) * 16 : 0;
  // Integer sums: w0 | w1 | w2 | count; FLOAT sums and MIN/MAX: value | count (in the w0 and w3 slots).
  rt::DeviceBuffer acc = new_buffer(static_cast<size_t>(groups) * 32, ctx);
  unsigned long long* w0 = static_cast<unsigned long long*>(acc.data());
  unsigned long long* w1 = w0 + groups;
  unsigned long long* w2 = w0 + 2 * groups;
  unsigned long long* cnt = w0 + 3 * groups;
  rt::cuda_check(cudaMemsetAsync(acc.data(), 0, static_cast<size_t>(groups) * 32, st(ctx)), "cudaMemsetAsync");
  const bool with_valid = a.func != AggFunc::Count && a.func != AggFunc::CountStar;
  auto out = new_fixed(out_type.physical(), groups, with_valid, ctx);
  uint8_t* ov = static_cast<uint8_t*>(out->valid.data());
  void* od = out->data.data();
  RowErrorSlot slot(ctx);
  int64_t* es = slot.get();

  if (a.func == AggFunc::Count || a.func == AggFunc::CountStar) {
    const uint8_t* v = a.func == AggFunc::CountStar ? nullptr : valid;
    sum_int_kernel<int64_t><<<grid, kBlock, smem4, st(ctx)>>>(rows, gid, nullptr, v, groups, w0);
    const bool int32_out = out_type.id == TypeId::Int32;
    for_rows(groups, ctx.stream, [=] __device__(int64_t gi) {
      const unsigned long long c = cnt[gi];
      if (int32_out) {
        if (c > INT32_MAX) report_error(es, gi, fn::kArithmeticOverflow);
        else static_cast<int32_t*>(od)[gi] = static_cast<int32_t>(c);
      } else {
        static_cast<int64_t*>(od)[gi] = static_cast<int64_t>(c);
      }
    });
  } else if ((a.func == AggFunc::Min || a.func == AggFunc::Max) && arg->type == fn::SqlType::Decimal128) {
    // 128-bit values: the best high word per group first (signed), then the best low word (unsigned) among
    // the rows holding that high word.
    long long* hi = reinterpret_cast<long long*>(w0);
    unsigned long long* lo = w1;
    const bool is_min = a.func == AggFunc::Min;
    const __int128* v = static_cast<const __int128*>(arg->data.data());
    for_rows(groups, ctx.stream, [=] __device__(int64_t gi) {
      hi[gi] = is_min ? LLONG_MAX : LLONG_MIN;
      lo[gi] = is_min ? ULLONG_MAX : 0;
    });
    for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
      if (valid && !valid[i]) return;
      const int64_t g = gid ? gid[i] : 0;
      const long long h = static_cast<long long>(v[i] >> 64);
      if (is_min) atomicMin(hi + g, h);
      else atomicMax(hi + g, h);
      atomicAdd(cnt + g, 1ULL);
    });
    for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
      if (valid && !valid[i]) return;
      const int64_t g = gid ? gid[i] : 0;
      if (static_cast<long long>(v[i] >> 64) != hi[g]) return;
      const unsigned long long l = static_cast<unsigned long long>(v[i]);
      if (is_min) atomicMin(lo + g, l);
      else atomicMax(lo + g, l);
    });
    for_rows(groups, ctx.stream, [=] __device__(int64_t gi) {
      ov[gi] = cnt[gi] > 0;
      static_cast<__int128*>(od)[gi] =
          static_cast<__int128>((static_cast<unsigned __int128>(static_cast<unsigned long long>(hi[gi])) << 64) | lo[gi]);
    });
  } else if (a.func == AggFunc::Min || a.func == AggFunc::Max) {
    long long* best = reinterpret_cast<long long*>(w0);
    const bool is_min = a.func == AggFunc::Min;
    const long long identity = is_min ? LLONG_MAX : LLONG_MIN;
    for_rows(groups, ctx.stream, [=] __device__(int64_t gi) { best[gi] = identity; });
    minmax_kernel<<<grid, kBlock, smem2, st(ctx)>>>(rows, gid, arg->data.data(), arg->type, valid, groups, is_min, best, cnt);
    const fn::SqlType t = arg->type;
    for_rows(groups, ctx.stream, [=] __device__(int64_t gi) {
      ov[gi] = cnt[gi] > 0;
      long long k = best[gi];
      switch (t) {
        case fn::SqlType::Bool: static_cast<uint8_t*>(od)[gi] = static_cast<uint8_t>(k); break;
        case fn::SqlType::Int32:
        case fn::SqlType::Date: static_cast<int32_t*>(od)[gi] = static_cast<int32_t>(k); break;
        case fn::SqlType::Float64:
          if (k < 0) k ^= 0x7fffffffffffffffLL;
          static_cast<double*>(od)[gi] = __longlong_as_double(k);
          break;
        default: static_cast<int64_t*>(od)[gi] = k;
      }
    });
  } else if (a.arg->type.id == TypeId::Double) {
    double* sum = reinterpret_cast<double*>(w0);
    sum_double_kernel<<<grid, kBlock, smem2, st(ctx)>>>(rows, gid, static_cast<const double*>(arg->data.data()), valid,
                                                        groups, sum, cnt);
    if (weight) weigh(*weight, gid, groups, rows, cnt, ctx);
    const bool avg = a.func == AggFunc::Avg;
    for_rows(groups, ctx.stream, [=] __device__(int64_t gi) {
      const unsigned long long c = cnt[gi];
      static_cast<double*>(od)[gi] = avg && c ? sum[gi] / static_cast<double>(c) : sum[gi];
      ov[gi] = c > 0;
    });
  } else {
    // SUM / AVG of integers, MONEY, DECIMAL(<= 18): exact int128.
    with_physical(arg->type, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_same_v<T, double>) {
        throw internal_error("GPU SUM over " + a.arg->type.to_string());
      } else {
        sum_int_kernel<T><<<grid, kBlock, smem4, st(ctx)>>>(rows, gid, static_cast<const T*>(arg->data.data()), valid,
                                                            groups, w0);
      }
    });
    if (weight) weigh(*weight, gid, groups, rows, cnt, ctx);
    const bool avg = a.func == AggFunc::Avg;
    const ExactResult result = ExactResult::of(a.arg->type, out_type);
    for_rows(groups, ctx.stream, [=] __device__(int64_t gi) {
      const unsigned long long c = cnt[gi];
      ov[gi] = c > 0;
      // The 192-bit total must be an int128 (the top word the sign extension of the middle one).
      if (static_cast<long long>(w2[gi]) != (static_cast<long long>(w1[gi]) >> 63)) {
        report_error(es, gi, fn::kArithmeticOverflow);
        return;
      }
      const __int128 v = static_cast<__int128>((static_cast<unsigned __int128>(w1[gi]) << 64) | w0[gi]);
      if (!store_exact(od, gi, v, c, avg, result)) report_error(es, gi, fn::kArithmeticOverflow);
    });
  }
  rt::cuda_check(cudaGetLastError(), "aggregate kernel");
  raise_row_error(slot.read(ctx), out_type);
  return out;
}

// DISTINCT: the argument with only the first row of each (group, value) left valid, so that every
// aggregate counts each value once per group. The pairs are grouped by the same hash table as groups.
DeviceColumnPtr first_of_each_value(const std::vector<DeviceColumnPtr>& keys, const DeviceColumnPtr& arg, int64_t rows,
                                    double estimate, GpuContext& ctx) {
  std::vector<DeviceColumnPtr> pair_keys = keys;
  pair_keys.push_back(arg);
  const Grouping pairs = group_rows(pair_keys, rows, estimate * 4, ctx);
  auto out = std::make_shared<rt::DeviceColumn>(*arg);
  out->valid = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)), ctx);
  uint8_t* use = static_cast<uint8_t*>(out->valid.data());
  rt::cuda_check(cudaMemsetAsync(use, 0, static_cast<size_t>(std::max<int64_t>(rows, 1)), st(ctx)), "cudaMemsetAsync");
  const int32_t* reps = static_cast<const int32_t*>(pairs.reps.data());
  const uint8_t* v = static_cast<const uint8_t*>(arg->valid.data());
  for_rows(pairs.groups, ctx.stream, [=] __device__(int64_t k) {
    const int32_t r = reps[k];
    use[r] = !v || v[r];
  });
  return out;
}

}  // namespace

DeviceBatch aggregate(const plan::LogicalOp& op, const DeviceBatch& input, GpuContext& ctx) {
  if (input.rows > INT32_MAX) throw ExecError("GPU aggregation: more than 2^31 rows in one batch is not supported yet");
  GpuExprMemo memo(ctx.memo, input, plan::aggregate_expressions(op));
  std::vector<DeviceColumnPtr> keys;
  for (const auto& e : op.groups) keys.push_back(evaluate_column(*e, input, ctx));
  Grouping g;
  if (!keys.empty()) g = group_rows(keys, input.rows, op.estimated_rows, ctx);
  DeviceBatch out;
  out.rows = g.groups;
  const size_t ng = op.groups.size();
  for (size_t i = 0; i < ng; ++i)
    out.add(op.outputs[i].id, gather(*keys[i], static_cast<const int32_t*>(g.reps.data()), g.groups, ctx), op.outputs[i].type);
  if (!keys.empty() && g.groups == 0) {
    // Grouped and empty: no rows, but every output column must exist.
    for (size_t i = 0; i < op.aggregates.size(); ++i)
      out.add(op.outputs[ng + i].id, new_fixed(op.outputs[ng + i].type.physical(), 0, false, ctx), op.outputs[ng + i].type);
    return out;
  }
  for (size_t i = 0; i < op.aggregates.size(); ++i) {
    const auto& a = op.aggregates[i];
    DeviceColumnPtr arg = a.arg ? evaluate_column(*a.arg, input, ctx) : nullptr;
    if (a.distinct && arg) arg = first_of_each_value(keys, arg, input.rows, op.estimated_rows, ctx);
    DeviceColumnPtr folded = a.folded ? evaluate_column(*a.folded, input, ctx) : nullptr;
    DeviceColumnPtr weight = a.weight ? evaluate_column(*a.weight, input, ctx) : nullptr;
    out.add(op.outputs[ng + i].id, aggregate_one(a, op.outputs[ng + i].type, arg, folded, weight, g, input.rows, ctx),
            op.outputs[ng + i].type);
  }
  return out;
}

}  // namespace tessera::exec::gpu

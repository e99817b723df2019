// tessera-bench-gpu: the GPU benchmark of issue 4, section 5.
//
//   tessera-bench-gpu <catalog-dir> [--rows N] [--json out.json] [--tuning autotune.json]
//                     [--functions year,lower,...] [--warmup W] [--repeats R] [--cpu-repeats C]
//                     [--null-fraction F] [--seed S]
//   tessera-bench-gpu --selftest      host-only check of the hand-written kernels' row logic
//
// For each of 20 functions over TPC-H-shaped columns (>= 2^26 rows by default):
//   YEAR, DATEPART(quarter), DATEADD(day), DATEDIFF(day), LOWER, UPPER, LEFT, RIGHT,
//   SUBSTRING, CONVERT(varchar, date, 101), CAST(float AS MONEY), ISNUMERIC,
//   LEN, LTRIM, CHARINDEX, REPLACE, CAST(varchar AS DECIMAL(15,2)),
//   CONVERT(date, varchar, 23), DATENAME(month), ROUND(float, 1)
//   compiled-tuned    the catalog's GPU kernel, rows_per_thread/block from --tuning, else the catalog's
//   compiled-untuned  the same kernel, rows_per_thread 1, block 256
//   compiled-staged   the block-staged module at block 256, where the kernel has one
//   compiled-checking a byte map's entry that checks every row's offset, at the tuned launch, where the
//                     others launched its in-order twin (each compiled result names the entry it ran)
//   handwritten       bench/cuda/handwritten_kernels.cu, handwritten_more.cu
//   cpu-rowfn         the library's row function through the registry's invoker, std::thread on all cores
//   cpu-kernel        the catalog's CPU kernel (rt::CpuCall), std::thread on all cores
// and with --fused, `f(x) = v` (v a value of the result that occurs):
//   fused-predicate   the function's fused predicate kernel (<kernel>__cmp), writing only the boolean
//   compare-after     the engine's kind of comparison over the function's materialised result
//   function+compare  compiled-tuned + compare-after: what the engine does without the fused kernel
// (CPU variants: median of --cpu-repeats runs, cut short after --cpu-budget
// seconds with at least 3 runs; the JSON gives each variant's run count.)
// Every GPU result is fetched and compared with the CPU reference (the row
// functions) before it is timed. GPU times: CUDA events, median of R launches
// after W warm-ups. Bytes: every input buffer read once (string bytes, offsets,
// lengths, validity, the output offsets) plus every output written once (data,
// result bytes actually produced, lengths, validity).
#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <numeric>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <cuda_runtime.h>

#include "bench_config.hpp"
#include "cuda/compare_kernels.hpp"
#include "cuda/handwritten_kernels.hpp"
#include "tessera/functions/predicate.hpp"
#include "tessera/functions/calendar.hpp"
#include "tessera/functions/date_part.hpp"
#include "tessera/functions/kernel_abi.hpp"
#include "tessera/functions/registry.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/column.hpp"
#include "tessera/runtime/cuda_device.hpp"
#include "tessera/runtime/kernel_call.hpp"

namespace fn = tessera::fn;
namespace rt = tessera::rt;
namespace hw = tessera::bench::hw;
using Clock = std::chrono::steady_clock;

namespace {

// ------------------------------------------------------------- helpers ----
#define CUDA_OK(call)                                                                                     \
  do {                                                                                                    \
    cudaError_t e_ = (call);                                                                              \
    if (e_ != cudaSuccess) {                                                                              \
      std::fprintf(stderr, "tessera-bench-gpu: %s:%d: %s: %s\n", __FILE__, __LINE__, #call,              \
                   cudaGetErrorString(e_));                                                               \
      std::exit(3);                                                                                       \
    }                                                                                                     \
  } while (0)

int host_threads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

template <typename F>
void parallel_for(int64_t n, F&& f) {
  const int t = std::min<int64_t>(host_threads(), std::max<int64_t>(1, n / 65536));
  std::vector<std::thread> pool;
  const int64_t chunk = (n + t - 1) / t;
  for (int i = 0; i < t; ++i) {
    const int64_t b = i * chunk, e = std::min(n, b + chunk);
    if (b < e) pool.emplace_back([&f, b, e, i] { f(b, e, i); });
  }
  for (auto& th : pool) th.join();
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

uint64_t mix(uint64_t x) {  // splitmix64
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// ---------------------------------------------------------- input data ----
// A string column built in parallel; gen(row, rng_state, out) appends one row.
template <typename Gen>
rt::Column make_strings(int64_t rows, uint64_t seed, Gen gen) {
  const int t = host_threads();
  std::vector<std::string> bytes(t);
  std::vector<std::vector<int32_t>> lens(t);
  std::vector<int64_t> first(t + 1, 0);
  const int64_t chunk = (rows + t - 1) / t;
  std::vector<std::thread> pool;
  for (int i = 0; i < t; ++i)
    pool.emplace_back([&, i] {
      const int64_t b = std::min(rows, i * chunk), e = std::min(rows, b + chunk);
      bytes[i].reserve((e - b) * 20);
      lens[i].reserve(e - b);
      for (int64_t r = b; r < e; ++r) {
        const size_t before = bytes[i].size();
        uint64_t s = mix(seed ^ mix(r));
        gen(r, s, bytes[i]);
        lens[i].push_back(static_cast<int32_t>(bytes[i].size() - before));
      }
    });
  for (auto& th : pool) th.join();
  pool.clear();
  rt::Column c;
  c.type = fn::SqlType::String;
  c.rows = rows;
  for (int i = 0; i < t; ++i) first[i + 1] = first[i] + static_cast<int64_t>(bytes[i].size());
  c.data.resize(std::max<int64_t>(first[t], 1));
  c.offsets.resize(rows);
  c.lengths.resize(rows);
  for (int i = 0; i < t; ++i)
    pool.emplace_back([&, i] {
      const int64_t b = std::min(rows, i * chunk);
      std::memcpy(c.data.data() + first[i], bytes[i].data(), bytes[i].size());
      int64_t off = first[i];
      for (size_t k = 0; k < lens[i].size(); ++k) {
        c.offsets[b + k] = off;
        c.lengths[b + k] = lens[i][k];
        off += lens[i][k];
      }
      std::string().swap(bytes[i]);
    });
  for (auto& th : pool) th.join();
  return c;
}

template <typename T, typename Gen>
rt::Column make_fixed(fn::SqlType type, int64_t rows, uint64_t seed, Gen gen) {
  rt::Column c = rt::Column::fixed(type, rows);
  T* p = reinterpret_cast<T*>(c.data.data());
  parallel_for(rows, [&](int64_t b, int64_t e, int) {
    for (int64_t r = b; r < e; ++r) p[r] = gen(r, mix(seed ^ mix(r)));
  });
  return c;
}

void add_nulls(rt::Column& c, double fraction, uint64_t seed) {
  if (fraction <= 0) return;
  c.valid.assign(c.rows, 1);
  const uint64_t cut = static_cast<uint64_t>(fraction * 18446744073709551615.0);
  parallel_for(c.rows, [&](int64_t b, int64_t e, int) {
    for (int64_t r = b; r < e; ++r) c.valid[r] = mix(seed ^ mix(r)) < cut ? 0 : 1;
  });
}

void put_num(std::string& o, uint64_t v, int width) {
  char b[24];
  std::snprintf(b, sizeof b, "%0*" PRIu64, width, v);
  o += b;
}

// TPC-H 2.4.2.3 (p_type), 4.2.2.13 (o_orderpriority), 4.2.2.9 (c_phone), 4.2.3 (p_brand, l_extendedprice).
const char* kTypeS1[] = {"STANDARD", "SMALL", "MEDIUM", "LARGE", "ECONOMY", "PROMO"};
const char* kTypeS2[] = {"ANODIZED", "BURNISHED", "PLATED", "POLISHED", "BRUSHED"};
const char* kTypeS3[] = {"TIN", "NICKEL", "BRASS", "STEEL", "COPPER"};
const char* kPriority[] = {"1-URGENT", "2-HIGH", "3-MEDIUM", "4-NOT SPECIFIED", "5-LOW"};

void gen_p_type(int64_t, uint64_t s, std::string& o) {
  o += kTypeS1[s % 6];
  o += ' ';
  o += kTypeS2[(s >> 8) % 5];
  o += ' ';
  o += kTypeS3[(s >> 16) % 5];
}
void gen_priority(int64_t, uint64_t s, std::string& o) { o += kPriority[s % 5]; }
// LTRIM input: 0-3 leading spaces and a p_type.
void gen_padded(int64_t r, uint64_t s, std::string& o) {
  o.append(s % 4, ' ');
  gen_p_type(r, s >> 2, o);
}
// CAST(varchar AS DECIMAL(15,2)) input: 1-7 integer digits, 2 decimals, 1 in 16 negative.
void gen_decimal(int64_t, uint64_t s, std::string& o) {
  const int digits = 1 + static_cast<int>(s % 7);
  uint64_t lo = 1;
  for (int i = 1; i < digits; ++i) lo *= 10;
  const uint64_t v = (digits == 1 ? 0 : lo) + (s >> 8) % (digits == 1 ? 10 : 9 * lo);
  char b[32];
  std::snprintf(b, sizeof b, "%s%" PRIu64 ".%02" PRIu64, (s >> 4) % 16 == 0 ? "-" : "", v, (s >> 40) % 100);
  o += b;
}
void gen_phone(int64_t, uint64_t s, std::string& o) {
  put_num(o, 10 + s % 25, 2);
  o += '-';
  put_num(o, 100 + (s >> 8) % 900, 3);
  o += '-';
  put_num(o, 100 + (s >> 20) % 900, 3);
  o += '-';
  put_num(o, 1000 + (s >> 32) % 9000, 4);
}
void gen_brand(int64_t, uint64_t s, std::string& o) {
  o += "Brand#";
  o += static_cast<char>('1' + s % 5);
  o += static_cast<char>('1' + (s >> 8) % 5);
}
double extended_price(uint64_t s) {  // l_extendedprice * (1 - l_discount)
  const uint64_t partkey = 1 + (s % 200000);
  const int64_t retail_cents = 90000 + int64_t((partkey / 10) % 20001) + 100 * int64_t(partkey % 1000);
  const int64_t quantity = 1 + int64_t((s >> 20) % 50);
  const double discount = double((s >> 32) % 11) / 100.0;
  return double(quantity * retail_cents) / 100.0 * (1.0 - discount);
}
// ISNUMERIC input: 40% c_phone, 10% p_brand, 20% prices '12345.67', 10% money
// '$1,234.56', 10% float '1.2345E+04', 5% padded ' 42\t', 5% words.
void gen_mixed(int64_t r, uint64_t s, std::string& o) {
  const uint64_t k = s % 100, t = s >> 8;
  char b[64];
  if (k < 40) gen_phone(r, t, o);
  else if (k < 50) gen_brand(r, t, o);
  else if (k < 70) {
    std::snprintf(b, sizeof b, "%.2f", extended_price(t));
    o += b;
  } else if (k < 80) {
    const uint64_t cents = t % 10000000;
    std::snprintf(b, sizeof b, "$%" PRIu64 ",%03" PRIu64 ".%02" PRIu64, cents / 100000, (cents / 100) % 1000, cents % 100);
    o += b;
  } else if (k < 90) {
    std::snprintf(b, sizeof b, "%.4E", extended_price(t));
    o += b;
  } else if (k < 95) {
    std::snprintf(b, sizeof b, " %d\t", int(t % 1000));
    o += b;
  } else {
    gen_p_type(r, t, o);
  }
}

// -------------------------------------------------------- CPU reference ----
uint64_t ptr_slot(const void* p) { return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p)); }

// Rows [b, e) through the registry's invoker (the library's row function).
int64_t reference_rows(const fn::FunctionSpec& spec, const std::vector<rt::KernelArg>& args, rt::Column& out,
                       const fn::SessionContext& ctx, int64_t b, int64_t e) {
  int64_t err = fn::kNoError;
  uint64_t slots[3 * fn::kMaxArgs + 4];
  const int width = fn::type_width(spec.result);
  const bool str_out = spec.result == fn::SqlType::String;
  for (int64_t r = b; r < e; ++r) {
    int k = 0;
    if (str_out) {
      slots[k++] = ptr_slot(out.data.data() + out.offsets[r]);
      slots[k++] = ptr_slot(&out.lengths[r]);
    } else {
      slots[k++] = ptr_slot(out.data.data() + r * width);
    }
    bool null = false;
    for (size_t i = 0; i < spec.args.size(); ++i) {
      const fn::ArgSpec& a = spec.args[i];
      const rt::KernelArg& v = args[i];
      if (a.constant) {
        if (a.type == fn::SqlType::String) {
          slots[k++] = ptr_slot(v.string_value.data());
          slots[k++] = v.string_value.size();
        } else if (a.type == fn::SqlType::Float64) {
          slots[k++] = std::bit_cast<uint64_t>(v.float_value);
        } else {
          slots[k++] = static_cast<uint64_t>(v.int_value);
        }
        continue;
      }
      const rt::Column& c = *v.column;
      const bool valid = c.is_valid(r);
      null |= !valid;
      if (a.type == fn::SqlType::String) {
        slots[k++] = ptr_slot(c.data.data() + c.offsets[r]);
        slots[k++] = static_cast<uint64_t>(static_cast<uint32_t>(c.lengths[r]));
      } else if (a.type == fn::SqlType::Float64) {
        slots[k++] = std::bit_cast<uint64_t>(c.value<double>(r));
      } else if (fn::type_width(a.type) == 8) {
        slots[k++] = static_cast<uint64_t>(c.value<int64_t>(r));
      } else if (fn::type_width(a.type) == 4) {
        slots[k++] = static_cast<uint64_t>(static_cast<uint32_t>(c.value<int32_t>(r)));
      } else {
        slots[k++] = c.value<uint8_t>(r);
      }
      if (spec.nulls == fn::NullRule::Custom) slots[k++] = valid ? 0 : 1;
    }
    if (spec.uses_context) slots[k++] = ptr_slot(&ctx);
    if (null && spec.nulls == fn::NullRule::Propagate) {
      out.valid[r] = 0;
      continue;
    }
    const int32_t st = spec.invoke(slots);
    out.valid[r] = st == fn::kOk;
    if (st >= fn::kFirstError && err == fn::kNoError) err = fn::pack_error(r, st);
  }
  return err;
}

// On all host threads; returns the packed error slot.
int64_t reference(const rt::KernelEntry& k, const std::vector<rt::KernelArg>& args, rt::Column& out,
                  const fn::SessionContext& ctx) {
  std::atomic<int64_t> err{fn::kNoError};
  parallel_for(out.rows, [&](int64_t b, int64_t e, int) {
    const int64_t m = reference_rows(*k.spec, args, out, ctx, b, e);
    int64_t cur = err.load();
    while (m < cur && !err.compare_exchange_weak(cur, m)) {
    }
  });
  return err.load();
}

int64_t catalog_cpu(const rt::KernelEntry& k, const std::vector<rt::KernelArg>& args, rt::Column& out,
                    const fn::SessionContext& ctx) {
  std::atomic<int64_t> err{fn::kNoError};
  parallel_for(out.rows, [&](int64_t b, int64_t e, int) {
    rt::CpuCall call(k, args, ctx, out);
    const int64_t m = call.run(b, e);
    int64_t cur = err.load();
    while (m < cur && !err.compare_exchange_weak(cur, m)) {
    }
  });
  return err.load();
}

// Rows whose validity, value, length or bytes differ (+1 if the error slots differ).
int64_t compare(const rt::Column& ref, int64_t ref_err, const rt::Column& got, int64_t got_err, std::string& first) {
  std::atomic<int64_t> bad{0};
  std::atomic<int64_t> first_row{INT64_MAX};
  const bool str = ref.type == fn::SqlType::String;
  const int width = fn::type_width(ref.type);
  if (got.rows != ref.rows || got.valid.size() != ref.valid.size()) {
    first = "row count or validity size differs";
    return std::max<int64_t>(1, ref.rows);
  }
  const rt::Buffer<int64_t>& goff = got.offsets.size() == ref.offsets.size() ? got.offsets : ref.offsets;
  parallel_for(ref.rows, [&](int64_t b, int64_t e, int) {
    int64_t n = 0, f = INT64_MAX;
    for (int64_t r = b; r < e; ++r) {
      bool same = (ref.valid[r] != 0) == (got.valid[r] != 0);
      if (same && ref.valid[r]) {
        if (str)
          same = ref.lengths[r] == got.lengths[r] &&
                 std::memcmp(ref.data.data() + ref.offsets[r], got.data.data() + goff[r], ref.lengths[r]) == 0;
        else
          same = std::memcmp(ref.data.data() + r * width, got.data.data() + r * width, width) == 0;
      }
      if (!same) {
        ++n;
        f = std::min(f, r);
      }
    }
    bad += n;
    int64_t cur = first_row.load();
    while (f < cur && !first_row.compare_exchange_weak(cur, f)) {
    }
  });
  int64_t total = bad.load();
  if (total) first = "first differing row " + std::to_string(first_row.load());
  if (ref_err != got_err) {
    ++total;
    first += (first.empty() ? "" : "; ") + std::string("error slot ") + std::to_string(got_err) + " vs reference " +
             std::to_string(ref_err);
  }
  return total;
}

// ------------------------------------------------ hand-written harness -----
struct DevColumn {
  void* data = nullptr;
  int64_t* offsets = nullptr;
  int32_t* lengths = nullptr;
  uint8_t* valid = nullptr;
  int64_t bytes = 0;
};

struct DevMem {
  std::vector<void*> ptrs;
  ~DevMem() {
    for (void* p : ptrs) cudaFree(p);
  }
  template <typename T>
  T* alloc(size_t bytes) {
    void* p = nullptr;
    CUDA_OK(cudaMalloc(&p, std::max<size_t>(bytes, 16)));
    ptrs.push_back(p);
    return static_cast<T*>(p);
  }
  template <typename T>
  T* upload(const T* host, size_t count) {
    T* d = alloc<T>(count * sizeof(T));
    if (count) CUDA_OK(cudaMemcpy(d, host, count * sizeof(T), cudaMemcpyHostToDevice));
    return d;
  }
  DevColumn column(const rt::Column& c) {
    DevColumn d;
    d.data = upload(c.data.data(), c.data.size());
    d.bytes = static_cast<int64_t>(c.data.size());
    if (!c.offsets.empty()) d.offsets = upload(c.offsets.data(), c.offsets.size());
    if (!c.lengths.empty()) d.lengths = upload(c.lengths.data(), c.lengths.size());
    if (!c.valid.empty()) d.valid = upload(c.valid.data(), c.valid.size());
    return d;
  }
};

// ------------------------------------------------------ benchmark specs ----
struct Inputs {
  rt::Column orderdate, shipdate, ship_days, price, p_type, priority, phone, brand, mixed;
  rt::Column padded;       // LTRIM: p_type with 0-3 leading spaces
  rt::Column brass, copper;  // the literals 'BRASS' and 'COPPER' as columns (CHARINDEX/REPLACE take columns)
  rt::Column decimal_text;   // '1234.56'
  rt::Column orderdate_text;  // o_orderdate as 'yyyy-mm-dd'
};

struct FnBench {
  std::string key;     // --functions name
  std::string kernel;  // catalog kernel id
  std::string sql;     // what it computes
  std::vector<rt::KernelArg> args;
  // Launches the hand-written kernel on device copies of the columns.
  std::function<cudaError_t(const std::vector<DevColumn>&, DevColumn& out, int64_t* err, int64_t n)> hand;
};

// `same_layout`: the output offsets (the length rule's plan) are the input's
// offsets when the rule is same_length and the input is packed from 0, which
// is checked once per column here (not inside the timed launches).
hw::InString in_string(const DevColumn& d, const rt::Column& c, bool same_layout) {
  static std::map<const rt::Column*, bool> packed_cache;
  bool packed = false;
  if (same_layout) {
    auto it = packed_cache.find(&c);
    if (it == packed_cache.end()) {
      packed = !c.offsets.empty() && c.offsets[0] == 0;
      for (int64_t r = 0; packed && r + 1 < c.rows; ++r) packed = c.offsets[r + 1] == c.offsets[r] + c.lengths[r];
      it = packed_cache.emplace(&c, packed).first;
    }
    packed = it->second;
  }
  const int64_t total = c.rows ? c.offsets[c.rows - 1] + c.lengths[c.rows - 1] : 0;
  return {static_cast<const char*>(d.data), d.offsets, d.lengths, d.valid, total, packed};
}
hw::OutString out_string(DevColumn& o) { return {static_cast<char*>(o.data), o.offsets, o.lengths, o.valid}; }

std::vector<FnBench> make_benches(const Inputs& in) {
  using A = rt::KernelArg;
  const int64_t quarter = static_cast<int64_t>(fn::DatePart::Quarter), day = static_cast<int64_t>(fn::DatePart::Day);
  const int64_t month = static_cast<int64_t>(fn::DatePart::Month);
  // The benchmark's session (the default one): case-insensitive collation, us_english.
  const fn::SessionContext session{};
  const bool ci = (session.collation & fn::kCaseInsensitive) != 0;
  const int32_t language = session.language;
  std::vector<FnBench> v;
  auto I32 = [](const DevColumn& d) { return static_cast<const int32_t*>(d.data); };
  v.push_back({"year", "year", "YEAR(o_orderdate)", {A::of(in.orderdate)},
               [=](const std::vector<DevColumn>& a, DevColumn& o, int64_t*, int64_t n) {
                 return hw::year(I32(a[0]), a[0].valid, static_cast<int32_t*>(o.data), o.valid, n, nullptr);
               }});
  v.push_back({"datepart", "datepart", "DATEPART(quarter, o_orderdate)", {A::integer(quarter), A::of(in.orderdate)},
               [=](const std::vector<DevColumn>& a, DevColumn& o, int64_t*, int64_t n) {
                 return hw::datepart_quarter(I32(a[1]), a[1].valid, static_cast<int32_t*>(o.data), o.valid, n, nullptr);
               }});
  v.push_back({"dateadd", "dateadd", "DATEADD(day, ship_days, o_orderdate)",
               {A::integer(day), A::of(in.ship_days), A::of(in.orderdate)},
               [=](const std::vector<DevColumn>& a, DevColumn& o, int64_t* err, int64_t n) {
                 return hw::dateadd_day(I32(a[1]), a[1].valid, I32(a[2]), a[2].valid, static_cast<int32_t*>(o.data),
                                        o.valid, err, n, nullptr);
               }});
  v.push_back({"datediff", "datediff", "DATEDIFF(day, o_orderdate, l_shipdate)",
               {A::integer(day), A::of(in.orderdate), A::of(in.shipdate)},
               [=](const std::vector<DevColumn>& a, DevColumn& o, int64_t* err, int64_t n) {
                 return hw::datediff_day(I32(a[1]), a[1].valid, I32(a[2]), a[2].valid, static_cast<int32_t*>(o.data),
                                         o.valid, err, n, nullptr);
               }});
  v.push_back({"lower", "lower", "LOWER(p_type)", {A::of(in.p_type)},
               [&in](const std::vector<DevColumn>& a, DevColumn& o, int64_t*, int64_t n) {
                 return hw::lower(in_string(a[0], in.p_type, true), out_string(o), n, nullptr);
               }});
  v.push_back({"upper", "upper", "UPPER(o_orderpriority)", {A::of(in.priority)},
               [&in](const std::vector<DevColumn>& a, DevColumn& o, int64_t*, int64_t n) {
                 return hw::upper(in_string(a[0], in.priority, true), out_string(o), n, nullptr);
               }});
  v.push_back({"left", "left", "LEFT(p_type, 5)", {A::of(in.p_type), A::integer(5)},
               [&in](const std::vector<DevColumn>& a, DevColumn& o, int64_t* err, int64_t n) {
                 return hw::left(in_string(a[0], in.p_type, false), 5, out_string(o), err, n, nullptr);
               }});
  v.push_back({"right", "right", "RIGHT(p_brand, 2)", {A::of(in.brand), A::integer(2)},
               [&in](const std::vector<DevColumn>& a, DevColumn& o, int64_t* err, int64_t n) {
                 return hw::right(in_string(a[0], in.brand, false), 2, out_string(o), err, n, nullptr);
               }});
  v.push_back({"substring", "substring", "SUBSTRING(c_phone, 1, 2)", {A::of(in.phone), A::integer(1), A::integer(2)},
               [&in](const std::vector<DevColumn>& a, DevColumn& o, int64_t* err, int64_t n) {
                 return hw::substring(in_string(a[0], in.phone, false), 1, 2, out_string(o), err, n, nullptr);
               }});
  v.push_back({"convert", "convert_date_to_varchar", "CONVERT(varchar, o_orderdate, 101)",
               {A::of(in.orderdate), A::integer(101)},
               [=](const std::vector<DevColumn>& a, DevColumn& o, int64_t*, int64_t n) {
                 return hw::convert_date_101(I32(a[0]), a[0].valid, out_string(o), n, nullptr);
               }});
  v.push_back({"money", "cast_float_to_money", "CAST(l_extendedprice*(1-l_discount) AS MONEY)", {A::of(in.price)},
               [=](const std::vector<DevColumn>& a, DevColumn& o, int64_t* err, int64_t n) {
                 return hw::cast_float_to_money(static_cast<const double*>(a[0].data), a[0].valid,
                                                static_cast<int64_t*>(o.data), o.valid, err, n, nullptr);
               }});
  v.push_back({"isnumeric", "isnumeric", "ISNUMERIC(mixed c_phone/p_brand/number strings)", {A::of(in.mixed)},
               [&in](const std::vector<DevColumn>& a, DevColumn& o, int64_t*, int64_t n) {
                 return hw::isnumeric(in_string(a[0], in.mixed, false), static_cast<int32_t*>(o.data), o.valid,
                                      n, nullptr);
               }});
  v.push_back({"len", "len", "LEN(p_type)", {A::of(in.p_type)},
               [&in](const std::vector<DevColumn>& a, DevColumn& o, int64_t*, int64_t n) {
                 return hw::len(in_string(a[0], in.p_type, false), static_cast<int32_t*>(o.data), o.valid, n, nullptr);
               }});
  v.push_back({"ltrim", "ltrim", "LTRIM(p_type with 0-3 leading spaces)", {A::of(in.padded)},
               [&in](const std::vector<DevColumn>& a, DevColumn& o, int64_t*, int64_t n) {
                 return hw::ltrim(in_string(a[0], in.padded, true), out_string(o), n, nullptr);
               }});
  v.push_back({"charindex", "charindex", "CHARINDEX('BRASS', p_type)", {A::of(in.brass), A::of(in.p_type)},
               [&in, ci](const std::vector<DevColumn>& a, DevColumn& o, int64_t*, int64_t n) {
                 return hw::charindex(in_string(a[0], in.brass, false), in_string(a[1], in.p_type, false), ci,
                                      static_cast<int32_t*>(o.data), o.valid, n, nullptr);
               }});
  v.push_back({"replace", "replace", "REPLACE(p_type, 'BRASS', 'COPPER')",
               {A::of(in.p_type), A::of(in.brass), A::of(in.copper)},
               [&in, ci](const std::vector<DevColumn>& a, DevColumn& o, int64_t*, int64_t n) {
                 return hw::replace(in_string(a[0], in.p_type, false), in_string(a[1], in.brass, false),
                                    in_string(a[2], in.copper, false), ci, out_string(o), n, nullptr);
               }});
  v.push_back({"cast_decimal", "cast_varchar_to_decimal", "CAST('1234.56'-like varchar AS DECIMAL(15,2))",
               {A::of(in.decimal_text), A::integer(15), A::integer(2)},
               [&in](const std::vector<DevColumn>& a, DevColumn& o, int64_t* err, int64_t n) {
                 return hw::cast_varchar_to_decimal(in_string(a[0], in.decimal_text, false), 15, 2,
                                                    static_cast<int64_t*>(o.data), o.valid, err, n, nullptr);
               }});
  v.push_back({"convert_date", "convert_varchar_to_date", "CONVERT(date, 'yyyy-mm-dd' of o_orderdate, 23)",
               {A::of(in.orderdate_text), A::integer(23)},
               [&in, language](const std::vector<DevColumn>& a, DevColumn& o, int64_t* err, int64_t n) {
                 return hw::convert_varchar_to_date(in_string(a[0], in.orderdate_text, false), 23, language,
                                                    static_cast<int32_t*>(o.data), o.valid, err, n, nullptr);
               }});
  v.push_back({"datename", "datename", "DATENAME(month, o_orderdate)", {A::integer(month), A::of(in.orderdate)},
               [=](const std::vector<DevColumn>& a, DevColumn& o, int64_t*, int64_t n) {
                 return hw::datename_month(I32(a[1]), a[1].valid, language, out_string(o), n, nullptr);
               }});
  v.push_back({"round", "round_float", "ROUND(l_extendedprice*(1-l_discount), 1)", {A::of(in.price), A::integer(1)},
               [=](const std::vector<DevColumn>& a, DevColumn& o, int64_t* err, int64_t n) {
                 return hw::round_float(static_cast<const double*>(a[0].data), a[0].valid, 1,
                                        static_cast<double*>(o.data), o.valid, err, n, nullptr);
               }});
  return v;
}

// Bytes one launch must move (see the header comment).
int64_t abi_bytes(const FnBench& b, const rt::Column& ref) {
  int64_t n = 0;
  for (const rt::KernelArg& a : b.args) {
    if (!a.column) continue;
    const rt::Column& c = *a.column;
    n += c.type == fn::SqlType::String
             ? (c.rows ? c.offsets[c.rows - 1] + c.lengths[c.rows - 1] : 0) + c.rows * 12
             : c.rows * fn::type_width(c.type);
    if (!c.valid.empty()) n += c.rows;
  }
  n += ref.rows;  // out_valid
  if (ref.type == fn::SqlType::String) {
    int64_t produced = 0;
    for (int64_t r = 0; r < ref.rows; ++r)
      if (ref.valid[r]) produced += ref.lengths[r];
    n += produced + ref.rows * 12;  // result bytes, out offsets (read), out lengths
  } else {
    n += ref.rows * fn::type_width(ref.type);
  }
  return n;
}

struct Result {
  std::string variant, how;
  int rows_per_thread = 0, block = 0;
  bool staged = false;
  double ms = -1;  // median; < 0: not run
  double ms_min = -1;
  int runs = 0;
  int64_t mismatches = -1;
  std::string note;
  std::string entry;  // compiled kernels: the symbol launched
};

std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      o += ' ';
      continue;
    }
    o += c;
  }
  return o;
}

std::vector<float> time_events(int warmup, int repeats, const std::function<void()>& launch) {
  cudaEvent_t a, b;
  CUDA_OK(cudaEventCreate(&a));
  CUDA_OK(cudaEventCreate(&b));
  for (int i = 0; i < warmup; ++i) launch();
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<float> ms;
  for (int i = 0; i < repeats; ++i) {
    CUDA_OK(cudaEventRecord(a));
    launch();
    CUDA_OK(cudaEventRecord(b));
    CUDA_OK(cudaEventSynchronize(b));
    float t = 0;
    CUDA_OK(cudaEventElapsedTime(&t, a, b));
    ms.push_back(t);
  }
  CUDA_OK(cudaEventDestroy(a));
  CUDA_OK(cudaEventDestroy(b));
  return ms;
}

double own_copy_bandwidth(int64_t bytes, int repeats) {
  void *src = nullptr, *dst = nullptr;
  CUDA_OK(cudaMalloc(&src, bytes));
  CUDA_OK(cudaMalloc(&dst, bytes));
  CUDA_OK(cudaMemset(src, 0x5a, bytes));
  const std::vector<float> ms = time_events(3, repeats, [&] { CUDA_OK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice)); });
  CUDA_OK(cudaFree(src));
  CUDA_OK(cudaFree(dst));
  const double m = median(std::vector<double>(ms.begin(), ms.end()));
  return 2.0 * double(bytes) / (m * 1e-3) / 1e9;
}

// --fused: `f(args) = v`, v the result of the first row with one, three ways: the fused predicate kernel
// (f__cmp, its catalog launch), and the function's tuned kernel followed by the engine's kind of comparison
// over its materialised result ("compare-after", timed on the reference result uploaded; "function+compare"
// adds the compiled-tuned time measured above). The fused kernel's booleans are checked against the
// reference result compared on the host.
void fused_results(const rt::Catalog& catalog, rt::CudaDevice& gpu, const FnBench& b, const rt::Column& ref,
                   const fn::SessionContext& session, int warmup, int repeats, std::vector<Result>& results,
                   int64_t& total_mismatches) {
  const rt::KernelEntry* k = catalog.find(b.kernel + "__cmp");
  Result fr{"fused-predicate", "f(x) = v as " + b.kernel + "__cmp"};
  if (!k) {
    fr.note = "no fused predicate kernel in the catalog";
    results.push_back(fr);
    return;
  }
  int64_t r0 = 0;
  while (r0 < ref.rows && !ref.valid[r0]) ++r0;
  if (r0 == ref.rows) return;
  const bool str = ref.type == fn::SqlType::String;
  const int width = fn::type_width(ref.type);
  int64_t value = 0;
  if (!str) std::memcpy(&value, ref.data.data() + r0 * width, static_cast<size_t>(width));
  if (width == 4) value = static_cast<int32_t>(value);
  const std::string text = str ? std::string(ref.string(r0)) : std::string();
  const std::vector<fn::PredicateConstant> one{{value, text}};  // FLOAT: its 8 bytes as bits
  const std::string operand = fn::encode_operand(ref.type, one);
  std::vector<rt::KernelArg> args = b.args;
  args.push_back(rt::KernelArg::integer(static_cast<int64_t>(fn::CompareOp::Eq)));
  args.push_back(rt::KernelArg::text(operand));
  std::string error;
  std::unique_ptr<rt::ResidentCall> call = gpu.prepare(*k, args, session, error);
  std::vector<float> ms;
  rt::KernelResult got;
  if (!call || !call->time(0, 1, call->launch(), ms, error) || !call->fetch(got, error)) {
    fr.note = "failed: " + error;
    results.push_back(fr);
    return;
  }
  fr.rows_per_thread = call->launch().rows_per_thread;
  fr.block = call->launch().block_size;
  fr.staged = call->launch().mapping == rt::RowMapping::BlockStaged;
  // Expected: the reference result compared on the host.
  int64_t bad = 0, first_bad = -1, holds = 0;
  for (int64_t r = 0; r < ref.rows; ++r) {
    bool want = false;
    if (ref.valid[r]) {
      if (str) {
        const std::string_view v = ref.string(r);
        want = tsf_compare_s(v.data(), static_cast<int32_t>(v.size()), 0, operand.data(),
                             static_cast<int32_t>(operand.size())) != 0;
      } else {
        want = std::memcmp(ref.data.data() + r * width, ref.data.data() + r0 * width, static_cast<size_t>(width)) == 0;
      }
    }
    holds += want;
    const bool ok = (got.column.valid[r] != 0) == (ref.valid[r] != 0) &&
                    (!ref.valid[r] || (got.column.data[r] != 0) == want);
    if (!ok && bad++ == 0) first_bad = r;
  }
  fr.mismatches = bad + (got.error ? 1 : 0);
  if (bad) fr.note = "first differing row " + std::to_string(first_bad);
  fr.note += (fr.note.empty() ? "" : "; ") + std::to_string(holds) + " rows hold";
  total_mismatches += fr.mismatches;
  ms.clear();
  if (call->time(warmup, repeats, call->launch(), ms, error)) {
    fr.ms = median(std::vector<double>(ms.begin(), ms.end()));
    fr.ms_min = *std::min_element(ms.begin(), ms.end());
    fr.runs = static_cast<int>(ms.size());
  } else {
    fr.note += " timing failed: " + error;
  }
  results.push_back(fr);

  // The comparison alone over the materialised result, then with the function's tuned time.
  DevMem mem;
  const DevColumn result = mem.column(ref);
  uint8_t* flags = mem.alloc<uint8_t>(static_cast<size_t>(ref.rows));
  uint8_t* flags_valid = mem.alloc<uint8_t>(static_cast<size_t>(ref.rows));
  char* constant = mem.upload(text.data(), text.size());
  Result cr{"compare-after", "engine-style comparison over the materialised result", 0, 256};
  const std::vector<float> cms = time_events(warmup, repeats, [&] {
    CUDA_OK(str ? hw::equals_string(static_cast<const char*>(result.data), result.offsets, result.lengths,
                                    result.valid, constant, static_cast<int32_t>(text.size()), flags, flags_valid,
                                    ref.rows)
                : hw::equals_fixed(result.data, width, result.valid, value, flags, flags_valid, ref.rows));
  });
  cr.ms = median(std::vector<double>(cms.begin(), cms.end()));
  cr.ms_min = *std::min_element(cms.begin(), cms.end());
  cr.runs = static_cast<int>(cms.size());
  cr.mismatches = 0;
  results.push_back(cr);
  for (const Result& r : results)
    if (r.variant == "compiled-tuned" && r.ms > 0) {
      Result sum{"function+compare", "compiled-tuned + compare-after"};
      sum.ms = r.ms + cr.ms;
      sum.ms_min = r.ms_min + cr.ms_min;
      sum.runs = r.runs;
      sum.mismatches = 0;
      sum.note = "fused is " + std::to_string(sum.ms / fr.ms).substr(0, 4) + "x faster";
      results.push_back(sum);
      break;
    }
}

int usage() {
  std::fprintf(stderr,
               "usage: tessera-bench-gpu <catalog-dir> [--rows N] [--json out.json] [--tuning autotune.json]\n"
               "                         [--functions year,datepart,dateadd,datediff,lower,upper,left,right,\n"
               "                          substring,convert,money,isnumeric,len,ltrim,charindex,replace,\n"
               "                          cast_decimal,convert_date,datename,round] [--warmup W] [--repeats R]\n"
               "                         [--cpu-repeats C] [--cpu-budget SECONDS] [--null-fraction F] [--seed S] [--cpu-only]\n"
               "                         [--fused]\n"
               "       tessera-bench-gpu --selftest\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "--selftest") {
    std::string report;
    const auto t0 = Clock::now();
    const int64_t bad = hw::hw_selftest(report, argc >= 3 ? std::strtoull(argv[2], nullptr, 10) : 12345);
    std::printf("%shand-written row logic vs library row functions: %" PRId64 " mismatches (%.1f s)\n",
                report.c_str(), bad, std::chrono::duration<double>(Clock::now() - t0).count());
    return bad == 0 ? 0 : 1;
  }
  if (argc < 2 || argv[1][0] == '-') return usage();
  const std::string catalog_dir = argv[1];
  int64_t rows = int64_t{1} << 26;
  std::string json_path, tuning_path, only;
  int warmup = 3, repeats = 20, cpu_repeats = 20;
  double cpu_budget_s = 4.0;  // CPU variants stop after this much time (at least 3 runs)
  double null_fraction = 0;
  bool cpu_only = false;  // --cpu-only: no GPU (checks generation, reference, CPU kernel, JSON)
  bool fused = false;     // --fused: also `f(x) = constant` as the fused predicate kernel vs function, then compare
  uint64_t seed = 20261201;
  for (int i = 2; i < argc; ++i) {
    const std::string f = argv[i];
    if (f == "--cpu-only") {
      cpu_only = true;
      continue;
    }
    if (f == "--fused") {
      fused = true;
      continue;
    }
    if (i + 1 >= argc) return usage();
    const char* v = argv[++i];
    if (f == "--rows") rows = std::strtoll(v, nullptr, 10);
    else if (f == "--json") json_path = v;
    else if (f == "--tuning") tuning_path = v;
    else if (f == "--functions") only = std::string(",") + v + ",";
    else if (f == "--warmup") warmup = std::atoi(v);
    else if (f == "--repeats") repeats = std::max(1, std::atoi(v));
    else if (f == "--cpu-repeats") cpu_repeats = std::max(1, std::atoi(v));
    else if (f == "--cpu-budget") cpu_budget_s = std::atof(v);
    else if (f == "--null-fraction") null_fraction = std::atof(v);
    else if (f == "--seed") seed = std::strtoull(v, nullptr, 10);
    else return usage();
  }
  if (rows < 1) return usage();

  std::string error;
  std::unique_ptr<rt::Catalog> catalog = rt::Catalog::load(catalog_dir, error);
  if (!catalog) {
    std::fprintf(stderr, "tessera-bench-gpu: %s\n", error.c_str());
    return 1;
  }
  std::map<std::string, tessera::bench::LaunchConfig> tuning;
  if (!tuning_path.empty() && !tessera::bench::read_launch_configs("", tuning_path, tuning, error)) {
    std::fprintf(stderr, "tessera-bench-gpu: --tuning: %s\n", error.c_str());
    return 1;
  }
  std::unique_ptr<rt::CudaDevice> gpu = cpu_only ? nullptr : rt::CudaDevice::open(*catalog, error);
  if (!gpu && !cpu_only) {
    std::fprintf(stderr, "tessera-bench-gpu: no CUDA device: %s\n", error.c_str());
    return 1;
  }
  // The runtime made its driver context current on this thread; the CUDA
  // runtime API (hand-written kernels) uses that same context.
  int dev = 0;
  cudaDeviceProp prop{};
  if (gpu) {
    CUDA_OK(cudaGetDevice(&dev));
    CUDA_OK(cudaGetDeviceProperties(&prop, dev));
  } else {
    std::snprintf(prop.name, sizeof prop.name, "none (--cpu-only)");
  }
  int gpu_clock_khz = 0;
  if (gpu) cudaDeviceGetAttribute(&gpu_clock_khz, cudaDevAttrClockRate, dev);
  const std::string device_name = gpu ? gpu->name() : std::string(prop.name);
  std::printf("device: %s (%s), %d SMs, L2 %d MB; host threads: %d; rows: %" PRId64 "\n", device_name.c_str(),
              prop.name, prop.multiProcessorCount, prop.l2CacheSize >> 20, host_threads(), rows);

  // Copy bandwidth: cudaMemcpy D2D (read + write), the ceiling the ratios use.
  const int64_t copy_bytes = int64_t{2} << 30;
  const double copy_bw = gpu ? own_copy_bandwidth(copy_bytes, 20) : 0.0;
  std::printf("copy bandwidth (D2D, read+write, 2 GiB, median of 20): cudaMemcpy %.0f GB/s\n", copy_bw);

  // Host copy bandwidth (the CPU roofline's ceiling): memcpy of 1 GiB on all threads, read + write.
  double host_bw = 0;
  {
    const int64_t hb = int64_t{1} << 30;
    std::vector<char> src(hb, 1), dst(hb, 0);
    std::vector<double> ms;
    for (int i = 0; i < 5; ++i) {
      const auto t0 = Clock::now();
      parallel_for(hb, [&](int64_t b, int64_t e, int) { std::memcpy(dst.data() + b, src.data() + b, e - b); });
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    host_bw = 2.0 * double(hb) / (median(ms) * 1e-3) / 1e9;
    std::printf("host copy bandwidth (memcpy, %d threads, read+write, 1 GiB, median of 5): %.1f GB/s\n",
                host_threads(), host_bw);
  }

  // Inputs.
  const auto tg = Clock::now();
  Inputs in;
  const int32_t d0 = fn::Calendar::to_days(1992, 1, 1), d1 = fn::Calendar::to_days(1998, 12, 31);
  in.orderdate = make_fixed<int32_t>(fn::SqlType::Date, rows, seed + 1,
                                     [=](int64_t, uint64_t s) { return static_cast<int32_t>(d0 + s % (d1 - d0 + 1)); });
  in.ship_days = make_fixed<int32_t>(fn::SqlType::Int32, rows, seed + 2,
                                     [](int64_t, uint64_t s) { return static_cast<int32_t>(1 + s % 121); });
  {
    const int32_t* od = reinterpret_cast<const int32_t*>(in.orderdate.data.data());
    const int32_t* sd = reinterpret_cast<const int32_t*>(in.ship_days.data.data());
    in.shipdate = make_fixed<int32_t>(fn::SqlType::Date, rows, 0, [=](int64_t r, uint64_t) { return od[r] + sd[r]; });
  }
  in.price = make_fixed<double>(fn::SqlType::Float64, rows, seed + 3,
                                [](int64_t, uint64_t s) { return extended_price(s); });
  in.p_type = make_strings(rows, seed + 4, gen_p_type);
  in.priority = make_strings(rows, seed + 5, gen_priority);
  in.phone = make_strings(rows, seed + 6, gen_phone);
  in.brand = make_strings(rows, seed + 7, gen_brand);
  in.mixed = make_strings(rows, seed + 8, gen_mixed);
  in.padded = make_strings(rows, seed + 9, gen_padded);
  in.brass = make_strings(rows, 0, [](int64_t, uint64_t, std::string& o) { o += "BRASS"; });
  in.copper = make_strings(rows, 0, [](int64_t, uint64_t, std::string& o) { o += "COPPER"; });
  in.decimal_text = make_strings(rows, seed + 10, gen_decimal);
  {
    const int32_t* od = reinterpret_cast<const int32_t*>(in.orderdate.data.data());
    in.orderdate_text = make_strings(rows, 0, [=](int64_t r, uint64_t, std::string& o) {
      const fn::CivilDate c = fn::Calendar::from_days(od[r]);
      char b[16];
      std::snprintf(b, sizeof b, "%04d-%02d-%02d", c.year, c.month, c.day);
      o += b;
    });
  }
  uint64_t ns = seed + 100;
  // The literal columns (brass, copper) stay without NULLs.
  for (rt::Column* c : {&in.orderdate, &in.shipdate, &in.ship_days, &in.price, &in.p_type, &in.priority, &in.phone,
                        &in.brand, &in.mixed, &in.padded, &in.decimal_text, &in.orderdate_text})
    add_nulls(*c, null_fraction, ns++);
  std::printf("inputs generated in %.1f s (null fraction %g)\n",
              std::chrono::duration<double>(Clock::now() - tg).count(), null_fraction);

  const fn::SessionContext session{};
  std::vector<FnBench> benches = make_benches(in);
  // Every name given to --functions must be a benchmark: a typo must not give an empty table.
  for (size_t start = 1; start < only.size();) {
    const size_t comma = only.find(',', start);
    const std::string name = only.substr(start, comma - start);
    start = comma + 1;
    if (name.empty()) continue;
    bool known = false;
    for (const FnBench& b : benches) known |= b.key == name;
    if (!known) {
      std::string names;
      for (const FnBench& b : benches) names += (names.empty() ? "" : ",") + b.key;
      std::fprintf(stderr, "tessera-bench-gpu: --functions: no benchmark named '%s' (known: %s)\n", name.c_str(),
                   names.c_str());
      return 2;
    }
  }
  struct Row {
    FnBench* b;
    int64_t bytes, rt_bytes;
    std::vector<Result> results;
  };
  std::vector<Row> table;
  int64_t total_mismatches = 0;

  for (FnBench& b : benches) {
    if (!only.empty() && only.find("," + b.key + ",") == std::string::npos) continue;
    const rt::KernelEntry* k = catalog->find(b.kernel);
    if (!k) {
      std::printf("%-10s: kernel %s is not in the catalog, skipped\n", b.key.c_str(), b.kernel.c_str());
      continue;
    }
    std::printf("== %s: %s\n", b.key.c_str(), b.sql.c_str());
    std::fflush(stdout);
    Row row{&b, 0, 0, {}};

    // CPU reference (row functions) = first cpu-rowfn run.
    rt::Column ref;
    rt::prepare_output(*k, b.args, rows, ref);
    std::vector<double> cpu_ms;
    int64_t ref_err = fn::kNoError;
    for (int i = 0; i < cpu_repeats && (i < 3 || std::accumulate(cpu_ms.begin(), cpu_ms.end(), 0.0) < 1e3 * cpu_budget_s); ++i) {
      const auto t0 = Clock::now();
      ref_err = reference(*k, b.args, ref, session);
      cpu_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    row.bytes = abi_bytes(b, ref);
    {
      Result r{"cpu-rowfn", "row function via registry invoker, std::thread x" + std::to_string(host_threads())};
      r.ms = median(cpu_ms);
      r.ms_min = *std::min_element(cpu_ms.begin(), cpu_ms.end());
      r.runs = static_cast<int>(cpu_ms.size());
      r.mismatches = 0;
      row.results.push_back(r);
    }
    if (k->cpu) {
      rt::Column out;
      rt::prepare_output(*k, b.args, rows, out);
      std::vector<double> ms;
      int64_t e = fn::kNoError;
      for (int i = 0; i < cpu_repeats && (i < 3 || std::accumulate(ms.begin(), ms.end(), 0.0) < 1e3 * cpu_budget_s); ++i) {
        const auto t0 = Clock::now();
        e = catalog_cpu(*k, b.args, out, session);
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      }
      Result r{"cpu-kernel", "catalog CPU kernel via rt::CpuCall, std::thread x" + std::to_string(host_threads())};
      r.ms = median(ms);
      r.ms_min = *std::min_element(ms.begin(), ms.end());
      r.runs = static_cast<int>(ms.size());
      r.mismatches = compare(ref, ref_err, out, e, r.note);
      total_mismatches += r.mismatches;
      row.results.push_back(r);
    }

    // Compiled GPU kernel: tuned and untuned.
    if (gpu) {
      std::unique_ptr<rt::ResidentCall> call = gpu->prepare(*k, b.args, session, error);
      if (!call) {
        Result r{"compiled-tuned", "prepare"};
        r.note = "prepare failed: " + error;
        row.results.push_back(r);
      } else {
        row.rt_bytes = call->bytes_moved();
        tessera::bench::LaunchConfig tuned;
        // The catalog's launch for the entry this call runs (a specialisation's own tuning where it has one).
        const rt::GpuLaunch& chosen = call->launch();
        bool own_tuning = false;
        for (const rt::GpuSpecialization& sp : k->gpu_specializations)
          own_tuning |= sp.entry == call->entry() && sp.autotuned;
        tuned.rows_per_thread = chosen.rows_per_thread;
        tuned.block_size = chosen.block_size;
        tuned.staged = chosen.mapping == rt::RowMapping::BlockStaged;
        tuned.source = own_tuning ? "catalog (specialisation autotuned)"
                       : k->gpu_autotuned ? "catalog (autotuned)" : "catalog";
        if (auto it = tuning.find(b.kernel); it != tuning.end()) tuned = it->second;
        const tessera::bench::LaunchConfig untuned{1, 256, false, "untuned"};
        // The block-staged module at the default block size too, whatever the tuning chose, so that the
        // row mappings can be compared for every function.
        const tessera::bench::LaunchConfig staged{1, 256, true, "block-staged module"};
        bool has_staged = false;
        for (const rt::Catalog::GpuModule& m : catalog->gpu_modules())
          has_staged |= m.mapping == rt::RowMapping::BlockStaged && m.group == k->gpu_module_group;
        struct Variant {
          const char* name;
          const tessera::bench::LaunchConfig* config;
          bool in_order_entry;  // ResidentCall::use_in_order_entry
        };
        std::vector<Variant> variants{{"compiled-tuned", &tuned, true}, {"compiled-untuned", &untuned, true}};
        if (has_staged) variants.push_back({"compiled-staged", &staged, true});
        // A byte map whose argument's rows are in order launches its in-order twin; the entry that checks
        // every row's offset is timed beside it at the tuned launch, so the twin's gain is measured in one run.
        if (!k->gpu_in_order_entry.empty()) variants.push_back({"compiled-checking", &tuned, false});
        for (const Variant& v : variants) {
          const tessera::bench::LaunchConfig& c = *v.config;
          Result r{v.name, "config from " + c.source, c.rows_per_thread, c.block_size, c.staged};
          const rt::GpuLaunch launch{c.rows_per_thread, c.block_size,
                                     c.staged ? rt::RowMapping::BlockStaged : rt::RowMapping::PerThread};
          call->use_in_order_entry(v.in_order_entry);
          std::vector<float> ms;
          rt::KernelResult got;
          // Check first: one launch, fetch, compare.
          if (!call->time(0, 1, launch, ms, error) || !call->fetch(got, error)) {
            r.note = "failed: " + error;
            row.results.push_back(r);
            continue;
          }
          r.entry = call->last_entry();
          const int64_t got_err = got.error ? fn::pack_error(got.error->row, got.error->status) : fn::kNoError;
          r.mismatches = compare(ref, ref_err, got.column, got_err, r.note);
          total_mismatches += r.mismatches;
          ms.clear();
          if (!call->time(warmup, repeats, launch, ms, error)) {
            r.note += " timing failed: " + error;
          } else {
            r.ms = median(std::vector<double>(ms.begin(), ms.end()));
            r.ms_min = *std::min_element(ms.begin(), ms.end());
            r.runs = static_cast<int>(ms.size());
          }
          row.results.push_back(r);
        }
      }
    }

    // Hand-written kernel.
    if (gpu) {
      DevMem mem;
      std::vector<DevColumn> dargs;
      for (const rt::KernelArg& a : b.args) dargs.push_back(a.column ? mem.column(*a.column) : DevColumn{});
      DevColumn out;
      const bool str = ref.type == fn::SqlType::String;
      out.data = mem.alloc<char>(ref.data.size());
      out.bytes = static_cast<int64_t>(ref.data.size());
      out.valid = mem.alloc<uint8_t>(rows);
      if (str) {
        out.offsets = mem.upload(ref.offsets.data(), ref.offsets.size());  // the runtime's plan
        out.lengths = mem.alloc<int32_t>(rows * 4);
      }
      int64_t* err = mem.alloc<int64_t>(8);
      const int64_t no_error = fn::kNoError;
      CUDA_OK(cudaMemcpy(err, &no_error, 8, cudaMemcpyHostToDevice));
      // Poison the outputs, run once, check.
      CUDA_OK(cudaMemset(out.data, 0xAB, out.bytes));
      CUDA_OK(cudaMemset(out.valid, 0xAB, rows));
      if (str) CUDA_OK(cudaMemset(out.lengths, 0xAB, rows * 4));
      CUDA_OK(b.hand(dargs, out, err, rows));
      CUDA_OK(cudaDeviceSynchronize());
      rt::Column got;
      got.type = ref.type;
      got.rows = rows;
      got.data.resize(ref.data.size());
      got.valid.resize(rows);
      CUDA_OK(cudaMemcpy(got.data.data(), out.data, got.data.size(), cudaMemcpyDeviceToHost));
      CUDA_OK(cudaMemcpy(got.valid.data(), out.valid, rows, cudaMemcpyDeviceToHost));
      if (str) {
        got.offsets = ref.offsets;
        got.lengths.resize(rows);
        CUDA_OK(cudaMemcpy(got.lengths.data(), out.lengths, rows * 4, cudaMemcpyDeviceToHost));
      }
      int64_t got_err = 0;
      CUDA_OK(cudaMemcpy(&got_err, err, 8, cudaMemcpyDeviceToHost));
      Result r{"handwritten", "bench/cuda/handwritten_kernels.cu, handwritten_more.cu", 0, 256};
      r.mismatches = compare(ref, ref_err, got, got_err, r.note);
      total_mismatches += r.mismatches;
      const std::vector<float> ms = time_events(warmup, repeats, [&] { CUDA_OK(b.hand(dargs, out, err, rows)); });
      r.ms = median(std::vector<double>(ms.begin(), ms.end()));
      r.ms_min = *std::min_element(ms.begin(), ms.end());
      r.runs = static_cast<int>(ms.size());
      row.results.push_back(r);
    }
    if (gpu && fused) fused_results(*catalog, *gpu, b, ref, session, warmup, repeats, row.results, total_mismatches);
    for (const Result& r : row.results)
      std::printf("   %-17s %10.3f ms  %8.2f GB/s  mismatches %" PRId64 "%s%s%s%s\n", r.variant.c_str(), r.ms,
                  r.ms > 0 ? double(row.bytes) / (r.ms * 1e-3) / 1e9 : 0.0, r.mismatches, r.note.empty() ? "" : "  ",
                  r.note.c_str(), r.entry.empty() ? "" : "  entry ", r.entry.c_str());
    std::fflush(stdout);
    table.push_back(std::move(row));
  }

  // JSON.
  if (!json_path.empty()) {
    FILE* f = std::fopen(json_path.c_str(), "w");
    if (!f) {
      std::fprintf(stderr, "tessera-bench-gpu: cannot write %s\n", json_path.c_str());
      return 1;
    }
    std::fprintf(f, "{\n  \"device\": \"%s\",\n  \"gpu_clock_khz\": %d,\n  \"sms\": %d,\n  \"rows\": %" PRId64 ",\n  \"host_threads\": %d,\n",
                 json_escape(device_name).c_str(), gpu_clock_khz, prop.multiProcessorCount, rows, host_threads());
    std::fprintf(f, "  \"warmup\": %d,\n  \"repeats\": %d,\n  \"cpu_repeats\": %d,\n  \"null_fraction\": %g,\n", warmup,
                 repeats, cpu_repeats, null_fraction);
    std::fprintf(f, "  \"host_copy_bandwidth_gbps\": %.3f,\n", host_bw);
    std::fprintf(f, "  \"copy_bandwidth_gbps\": %.3f,\n", copy_bw);
    std::fprintf(f, "  \"bytes_rule\": \"inputs read once (string bytes, offsets, lengths, validity, output offsets) + "
                    "outputs written once (data, produced bytes, lengths, validity)\",\n");
    std::fprintf(f, "  \"total_mismatches\": %" PRId64 ",\n  \"functions\": [\n", total_mismatches);
    for (size_t i = 0; i < table.size(); ++i) {
      const Row& row = table[i];
      std::fprintf(f, "    {\"name\": \"%s\", \"kernel\": \"%s\", \"sql\": \"%s\", \"bytes\": %" PRId64
                      ", \"runtime_bytes_moved\": %" PRId64 ", \"results\": [\n",
                   row.b->key.c_str(), row.b->kernel.c_str(), json_escape(row.b->sql).c_str(), row.bytes, row.rt_bytes);
      for (size_t j = 0; j < row.results.size(); ++j) {
        const Result& r = row.results[j];
        const double gbps = r.ms > 0 ? double(row.bytes) / (r.ms * 1e-3) / 1e9 : 0;
        std::fprintf(f,
                     "      {\"variant\": \"%s\", \"how\": \"%s\", \"rows_per_thread\": %d, \"mapping\": \"%s\", \"block_size\": %d, "
                     "\"runs\": %d, \"median_ms\": %.6f, \"min_ms\": %.6f, \"rows_per_s\": %.6g, \"gbps\": %.4f, "
                     "\"fraction_of_copy_bw\": %.4f, \"mismatches\": %" PRId64 ", \"note\": \"%s\", \"entry\": \"%s\"}%s\n",
                     r.variant.c_str(), json_escape(r.how).c_str(), r.rows_per_thread,
                     r.staged ? "block-staged" : "per-thread", r.block, r.runs, r.ms, r.ms_min,
                     r.ms > 0 ? double(rows) / (r.ms * 1e-3) : 0.0, gbps, copy_bw > 0 ? gbps / copy_bw : 0.0,
                     r.mismatches, json_escape(r.note).c_str(), r.entry.c_str(), j + 1 < row.results.size() ? "," : "");
      }
      std::fprintf(f, "    ]}%s\n", i + 1 < table.size() ? "," : "");
    }
    std::fprintf(f, "  ]\n}\n");
    std::fclose(f);
    std::printf("wrote %s\n", json_path.c_str());
  }

  // Table last.
  std::printf("\n%-10s %-17s %4s %5s %10s %12s %9s %7s %8s\n", "function", "variant", "rpt", "block", "median ms",
              "Mrows/s", "GB/s", "%copy", "mismatch");
  for (const Row& row : table)
    for (const Result& r : row.results) {
      const double gbps = r.ms > 0 ? double(row.bytes) / (r.ms * 1e-3) / 1e9 : 0;
      std::printf("%-10s %-17s %3d%c %5d %10.3f %12.1f %9.1f %6.1f%% %8" PRId64 "\n", row.b->key.c_str(), r.variant.c_str(),
                  r.rows_per_thread, r.staged ? 'S' : ' ', r.block, r.ms, r.ms > 0 ? double(rows) / (r.ms * 1e-3) / 1e6 : 0.0, gbps,
                  copy_bw > 0 ? 100.0 * gbps / copy_bw : 0.0, r.mismatches);
    }
  std::printf("copy bandwidth %.0f GB/s (read+write); cpu-rowfn = registry invoker on std::thread, cpu-kernel = catalog "
              "CPU kernel (rt::CpuCall) on std::thread; total mismatches %" PRId64 "\n",
              copy_bw, total_mismatches);
  return total_mismatches == 0 ? 0 : 1;
}

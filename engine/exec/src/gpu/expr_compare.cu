// Comparisons (=, <>, <, <=, >, >=) and IN lists on the device. Strings compare bytewise (unsigned) after
// dropping trailing blanks, as the CPU evaluator does (SQL's padding rule).
#include <algorithm>
#include <vector>

#include "string_operand.cuh"

namespace tessera::exec::gpu {

using plan::Op;

namespace {

__device__ inline bool holds(Op o, int c) {
  switch (o) {
    case Op::Eq: return c == 0;
    case Op::Ne: return c != 0;
    case Op::Lt: return c < 0;
    case Op::Le: return c <= 0;
    case Op::Gt: return c > 0;
    default: return c >= 0;
  }
}

template <typename T>
void compare_fixed(Op o, const DeviceDatum& a, const DeviceDatum& b, Valid va, Valid vb, uint8_t* d, uint8_t* ov,
                   int64_t rows, GpuContext& ctx) {
  const In<T> x = operand<T>(a), y = operand<T>(b);
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    const T u = x[i], v = y[i];
    d[i] = holds(o, u < v ? -1 : (v < u ? 1 : 0));
    if (ov) ov[i] = va(i) && vb(i);
  });
}

template <typename T>
void in_list_fixed(const std::vector<const plan::Value*>& items, const DeviceDatum& v, Valid va, bool negated,
                   bool list_null, uint8_t* d, uint8_t* ov, int64_t rows, GpuContext& ctx) {
  std::vector<T> host;
  for (const plan::Value* it : items) {
    if constexpr (std::is_same_v<T, double>) host.push_back(it->d);
    else host.push_back(static_cast<T>(it->i));
  }
  std::sort(host.begin(), host.end());  // each row a binary search (a long list costs a few comparisons a row)
  rt::DeviceBuffer dv = new_buffer(std::max<size_t>(host.size(), 1) * sizeof(T), ctx);
  if (!host.empty())
    rt::cuda_check(cudaMemcpyAsync(dv.data(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice,
                                   static_cast<cudaStream_t>(ctx.stream)), "cudaMemcpyAsync");
  const T* list = static_cast<const T*>(dv.data());
  const int n = static_cast<int>(host.size());
  const In<T> x = operand<T>(v);
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    bool found = false;
    if (va(i)) {
      const T u = x[i];
      const int lo = lower_bound_index(n, [&](int k) { return list[k] < u; });
      found = lo < n && list[lo] == u;
    }
    d[i] = found != negated;
    if (ov) ov[i] = va(i) && (found || !list_null);
  });
  synchronize(ctx);
}

}  // namespace

StrIn string_operand(const DeviceDatum& d, rt::DeviceBuffer& keep, GpuContext& ctx) {
  StrIn s;
  if (!d.is_scalar) {
    s.bytes = static_cast<const uint8_t*>(d.column->data.data());
    s.off = static_cast<const int64_t*>(d.column->offsets.data());
    s.len = static_cast<const int32_t*>(d.column->lengths.data());
    return s;
  }
  keep = new_buffer(std::max<size_t>(d.scalar.s.size(), 1), ctx);
  if (!d.scalar.s.empty())
    rt::cuda_check(cudaMemcpyAsync(keep.data(), d.scalar.s.data(), d.scalar.s.size(), cudaMemcpyHostToDevice,
                                   static_cast<cudaStream_t>(ctx.stream)), "cudaMemcpyAsync");
  s.bytes = static_cast<const uint8_t*>(keep.data());
  s.scalar_len = static_cast<int32_t>(d.scalar.s.size());
  return s;
}

DeviceStrings upload_sorted_strings(const std::vector<std::string_view>& sorted, GpuContext& ctx) {
  std::vector<uint8_t> bytes;
  std::vector<int64_t> offs;  // n + 1 starts
  for (std::string_view x : sorted) {
    offs.push_back(static_cast<int64_t>(bytes.size()));
    bytes.insert(bytes.end(), x.begin(), x.end());
  }
  offs.push_back(static_cast<int64_t>(bytes.size()));
  cudaStream_t s = static_cast<cudaStream_t>(ctx.stream);
  DeviceStrings out;
  out.n = static_cast<int>(sorted.size());
  out.bytes = new_buffer(std::max<size_t>(bytes.size(), 1), ctx);
  out.offsets = new_buffer(offs.size() * 8, ctx);
  if (!bytes.empty())
    rt::cuda_check(cudaMemcpyAsync(out.bytes.data(), bytes.data(), bytes.size(), cudaMemcpyHostToDevice, s),
                   "cudaMemcpyAsync");
  rt::cuda_check(cudaMemcpyAsync(out.offsets.data(), offs.data(), offs.size() * 8, cudaMemcpyHostToDevice, s),
                 "cudaMemcpyAsync");
  synchronize(ctx);  // the host vectors end here
  return out;
}

DeviceDatum compare(Op o, const DeviceDatum& a, const DeviceDatum& b, const DataType& t, int64_t rows,
                    GpuContext& ctx) {
  const Valid va = validity(a), vb = validity(b);
  const bool nulls = va.any_null() || vb.any_null();
  auto out = new_fixed(fn::SqlType::Bool, rows, nulls, ctx);
  uint8_t* d = static_cast<uint8_t*>(out->data.data());
  uint8_t* ov = static_cast<uint8_t*>(out->valid.data());
  if (t.physical() == fn::SqlType::String) {
    rt::DeviceBuffer ka, kb;
    const StrIn x = string_operand(a, ka, ctx), y = string_operand(b, kb, ctx);
    for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
      const uint8_t *p, *q;
      int32_t n, m;
      x.get(i, p, n);
      y.get(i, q, m);
      d[i] = holds(o, compare_bytes(p, n, q, m));
      if (ov) ov[i] = va(i) && vb(i);
    });
    return column_datum(out);
  }
  with_physical(t.physical(), [&](auto tag) { compare_fixed<decltype(tag)>(o, a, b, va, vb, d, ov, rows, ctx); });
  return column_datum(out);
}

DeviceDatum in_list(const plan::Expr& e, const DeviceDatum& v, int64_t rows, GpuContext& ctx) {
  const DataType& t = e.args[0]->type;
  bool list_null = false;
  std::vector<const plan::Value*> items;
  for (size_t k = 1; k < e.args.size(); ++k) {
    if (e.args[k]->value.null) list_null = true;
    else items.push_back(&e.args[k]->value);
  }
  const Valid va = validity(v);
  const bool nulls = va.any_null() || list_null;
  auto out = new_fixed(fn::SqlType::Bool, rows, nulls, ctx);
  uint8_t* d = static_cast<uint8_t*>(out->data.data());
  uint8_t* ov = static_cast<uint8_t*>(out->valid.data());
  const bool negated = e.negated;
  const int n = static_cast<int>(items.size());
  if (t.physical() == fn::SqlType::String) {
    // Blanks trimmed, sorted by bytes as compare_bytes orders them (std::string_view compares unsigned bytes,
    // a prefix first), so each row is a binary search.
    std::vector<std::string_view> sorted;
    for (const plan::Value* it : items) {
      std::string_view x = it->s;
      while (!x.empty() && x.back() == ' ') x.remove_suffix(1);
      sorted.push_back(x);
    }
    std::sort(sorted.begin(), sorted.end());
    const DeviceStrings list = upload_sorted_strings(sorted, ctx);
    rt::DeviceBuffer keep;
    const StrIn x = string_operand(v, keep, ctx);
    const uint8_t* ib = list.b();
    const int64_t* io = list.o();
    for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
      bool found = false;
      if (va(i)) {
        const uint8_t* p;
        int32_t len;
        x.get(i, p, len);
        found = find_sorted_string(ib, io, n, p, len) >= 0;
      }
      d[i] = found != negated;
      if (ov) ov[i] = va(i) && (found || !list_null);
    });
    synchronize(ctx);  // `keep` ends here
    return column_datum(out);
  }
  with_physical(t.physical(), [&](auto tag) {
    in_list_fixed<decltype(tag)>(items, v, va, negated, list_null, d, ov, rows, ctx);
  });
  return column_datum(out);
}

}  // namespace tessera::exec::gpu

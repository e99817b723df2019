// CASE and COALESCE on the device: a choice per row (the first true condition, or the first non-NULL
// argument), then the chosen source's value per row. As on the CPU, every branch is evaluated over all
// rows (a failing row in a branch a row does not take still fails the query; docs/ENGINE.md).

#include <cstring>

#include "string_operand.cuh"
#include "tessera/exec/case_lookup.hpp"

namespace tessera::exec::gpu {

namespace {

cudaStream_t st(GpuContext& ctx) { return static_cast<cudaStream_t>(ctx.stream); }

// One source of values: a column, or a constant whose bytes are in device memory.
struct Source {
  const uint8_t* data = nullptr;
  const int64_t* off = nullptr;  // strings
  const int32_t* len = nullptr;
  const uint8_t* valid = nullptr;
  bool scalar = false;
  bool null = false;
  int32_t scalar_len = 0;
  __device__ bool ok(int64_t i) const { return !null && (!valid || valid[i]); }
  __device__ bool truthy(int64_t i) const { return ok(i) && data[scalar ? 0 : i] != 0; }
};

struct Sources {
  std::vector<Source> host;
  std::vector<rt::DeviceBuffer> keep;  // scalar bytes
  rt::DeviceBuffer device;
};

Source to_source(const DeviceDatum& d, std::vector<rt::DeviceBuffer>& keep, GpuContext& ctx) {
  Source s;
  if (!d.is_scalar) {
    s.data = static_cast<const uint8_t*>(d.column->data.data());
    s.off = static_cast<const int64_t*>(d.column->offsets.data());
    s.len = static_cast<const int32_t*>(d.column->lengths.data());
    s.valid = static_cast<const uint8_t*>(d.column->valid.data());
    return s;
  }
  s.scalar = true;
  s.null = d.scalar.null;
  std::string bytes;
  if (d.scalar.type.is_string()) {
    bytes = d.scalar.s;
    s.scalar_len = static_cast<int32_t>(bytes.size());
  } else {
    const rt::Column one = d.scalar.broadcast(1);
    bytes.assign(reinterpret_cast<const char*>(one.data.data()), one.data.size());
  }
  rt::DeviceBuffer b = new_buffer(std::max<size_t>(bytes.size(), 1), ctx);
  if (!bytes.empty())
    rt::cuda_check(cudaMemcpyAsync(b.data(), bytes.data(), bytes.size(), cudaMemcpyHostToDevice, st(ctx)), "cudaMemcpyAsync");
  s.data = static_cast<const uint8_t*>(b.data());
  keep.push_back(std::move(b));
  return s;
}

Sources upload_sources(const std::vector<DeviceDatum>& ds, GpuContext& ctx) {
  Sources s;
  for (const auto& d : ds) s.host.push_back(to_source(d, s.keep, ctx));
  s.device = new_buffer(std::max<size_t>(s.host.size(), 1) * sizeof(Source), ctx);
  rt::cuda_check(cudaMemcpyAsync(s.device.data(), s.host.data(), s.host.size() * sizeof(Source), cudaMemcpyHostToDevice, st(ctx)),
                 "cudaMemcpyAsync");
  synchronize(ctx);
  return s;
}


}  // namespace

// out[i] = sources[choice[i]][i], NULL where choice[i] < 0 or the source is NULL there.
DeviceDatum choose(const std::vector<DeviceDatum>& values, const int32_t* choice, const DataType& t, int64_t rows,
                   GpuContext& ctx) {
  const Sources src = upload_sources(values, ctx);
  const Source* s = static_cast<const Source*>(src.device.data());
  auto out = std::make_shared<rt::DeviceColumn>();
  out->type = t.physical();
  out->rows = rows;
  out->valid = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)), ctx);
  uint8_t* ov = static_cast<uint8_t*>(out->valid.data());
  if (t.is_string()) {
    out->offsets = new_buffer(static_cast<size_t>(rows + 1) * 8, ctx);
    out->rows_in_order = true;  // packed by the scan below
    out->lengths = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)) * 4, ctx);
    int64_t* oo = static_cast<int64_t*>(out->offsets.data());
    int32_t* ol = static_cast<int32_t*>(out->lengths.data());
    for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
      const int c = choice[i];
      const bool ok = c >= 0 && s[c].ok(i);
      ol[i] = ok ? (s[c].scalar ? s[c].scalar_len : s[c].len[i]) : 0;
      ov[i] = ok;
    });
    const int64_t total = exclusive_offsets(ol, rows, oo, ctx);
    out->data = new_buffer(static_cast<size_t>(std::max<int64_t>(total, 1)), ctx);
    uint8_t* od = static_cast<uint8_t*>(out->data.data());
    for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
      if (!ov[i]) return;
      const Source& x = s[choice[i]];
      const uint8_t* from = x.scalar ? x.data : x.data + x.off[i];
      for (int32_t k = 0; k < ol[i]; ++k) od[oo[i] + k] = from[k];
    });
    synchronize(ctx);
    return column_datum(out);
  }
  const int w = fn::type_width(out->type);
  out->data = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)) * w, ctx);
  uint8_t* od = static_cast<uint8_t*>(out->data.data());
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    const int c = choice[i];
    const bool ok = c >= 0 && s[c].ok(i);
    ov[i] = ok;
    if (!ok) return;
    const uint8_t* from = s[c].data + (s[c].scalar ? 0 : i * w);
    for (int k = 0; k < w; ++k) od[i * w + k] = from[k];
  });
  synchronize(ctx);
  return column_datum(out);
}


// A CASE that compares one expression with constants (case_lookup.hpp): the expression once, then a binary search
// of the sorted constants (integers or strings) per row picks the branch.
static DeviceDatum case_lookup_when(const plan::Expr& e, const CaseLookup& lookup, const DeviceBatch& batch, GpuContext& ctx) {
  const int64_t rows = batch.rows;
  const size_t pairs = (e.args.size() - (e.has_else ? 1 : 0)) / 2;
  const DeviceDatum x = evaluate(*lookup.probe, batch, ctx);
  std::vector<DeviceDatum> results;
  for (size_t k = 0; k < pairs; ++k) results.push_back(evaluate(*e.args[2 * k + 1], batch, ctx));
  if (e.has_else) results.push_back(evaluate(*e.args.back(), batch, ctx));
  const int otherwise = e.has_else ? static_cast<int>(pairs) : -1;
  const Valid vx = validity(x);
  rt::DeviceBuffer choice = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)) * 4, ctx);
  int32_t* ch = static_cast<int32_t*>(choice.data());
  if (lookup.strings) {
    const std::vector<std::string_view> sorted(lookup.text_keys.begin(), lookup.text_keys.end());
    const DeviceStrings keys = upload_sorted_strings(sorted, ctx);
    rt::DeviceBuffer branch = new_buffer(std::max<size_t>(lookup.branch.size(), 1) * 4, ctx), keep;
    rt::cuda_check(cudaMemcpyAsync(branch.data(), lookup.branch.data(), lookup.branch.size() * 4,
                                   cudaMemcpyHostToDevice, st(ctx)), "cudaMemcpyAsync");
    const StrIn xs = string_operand(x, keep, ctx);
    const uint8_t* kb = keys.b();
    const int64_t* ko = keys.o();
    const int32_t* b = static_cast<const int32_t*>(branch.data());
    const int count = keys.n;
    for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
      int pick = otherwise;
      if (vx(i)) {
        const uint8_t* p;
        int32_t len;
        xs.get(i, p, len);
        const int at = find_sorted_string(kb, ko, count, p, len);
        if (at >= 0) pick = b[at];
      }
      ch[i] = pick;
    });
    synchronize(ctx);  // the branch vector was copied from; `keep` ends here
    return choose(results, ch, e.type, rows, ctx);
  }
  const size_t n = lookup.keys.size();
  rt::DeviceBuffer keys = new_buffer(std::max<size_t>(n, 1) * 8, ctx), branch = new_buffer(std::max<size_t>(n, 1) * 4, ctx);
  rt::cuda_check(cudaMemcpyAsync(keys.data(), lookup.keys.data(), n * 8, cudaMemcpyHostToDevice, st(ctx)), "cudaMemcpyAsync");
  rt::cuda_check(cudaMemcpyAsync(branch.data(), lookup.branch.data(), n * 4, cudaMemcpyHostToDevice, st(ctx)),
                 "cudaMemcpyAsync");
  const int64_t* k = static_cast<const int64_t*>(keys.data());
  const int32_t* b = static_cast<const int32_t*>(branch.data());
  const bool wide = fn::type_width(lookup.probe->type.physical()) == 8;
  const In<int64_t> x8 = wide ? operand<int64_t>(x) : In<int64_t>{};
  const In<int32_t> x4 = wide ? In<int32_t>{} : operand<int32_t>(x);
  const int count = static_cast<int>(n);
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    int pick = otherwise;
    if (vx(i)) {
      const int64_t v = wide ? x8[i] : static_cast<int64_t>(x4[i]);
      const int lo = lower_bound_index(count, [&](int j) { return k[j] < v; });
      if (lo < count && k[lo] == v) pick = b[lo];
    }
    ch[i] = pick;
  });
  synchronize(ctx);  // the lookup's host vectors were copied from
  return choose(results, ch, e.type, rows, ctx);
}

DeviceDatum case_when(const plan::Expr& e, const DeviceBatch& batch, GpuContext& ctx) {
  if (const std::optional<CaseLookup> lookup = case_lookup(e)) return case_lookup_when(e, *lookup, batch, ctx);
  const int64_t rows = batch.rows;
  const size_t pairs = (e.args.size() - (e.has_else ? 1 : 0)) / 2;
  std::vector<DeviceDatum> conds, results;
  for (size_t k = 0; k < pairs; ++k) {
    conds.push_back(evaluate(*e.args[2 * k], batch, ctx));
    results.push_back(evaluate(*e.args[2 * k + 1], batch, ctx));
  }
  if (e.has_else) results.push_back(evaluate(*e.args.back(), batch, ctx));
  const Sources c = upload_sources(conds, ctx);
  const Source* cs = static_cast<const Source*>(c.device.data());
  rt::DeviceBuffer choice = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)) * 4, ctx);
  int32_t* ch = static_cast<int32_t*>(choice.data());
  const int np = static_cast<int>(pairs);
  const int otherwise = e.has_else ? np : -1;
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    int pick = otherwise;
    for (int k = 0; k < np; ++k)
      if (cs[k].truthy(i)) {
        pick = k;
        break;
      }
    ch[i] = pick;
  });
  return choose(results, ch, e.type, rows, ctx);
}

DeviceDatum coalesce(const plan::Expr& e, const DeviceBatch& batch, GpuContext& ctx) {
  const int64_t rows = batch.rows;
  std::vector<DeviceDatum> args;
  for (const auto& a : e.args) args.push_back(evaluate(*a, batch, ctx));
  const Sources a = upload_sources(args, ctx);
  const Source* as = static_cast<const Source*>(a.device.data());
  rt::DeviceBuffer choice = new_buffer(static_cast<size_t>(std::max<int64_t>(rows, 1)) * 4, ctx);
  int32_t* ch = static_cast<int32_t*>(choice.data());
  const int n = static_cast<int>(args.size());
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    int pick = -1;
    for (int k = 0; k < n; ++k)
      if (as[k].ok(i)) {
        pick = k;
        break;
      }
    ch[i] = pick;
  });
  return choose(args, ch, e.type, rows, ctx);
}

}  // namespace tessera::exec::gpu

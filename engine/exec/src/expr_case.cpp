// Choosing each row's value among several sources (CASE, COALESCE, IIF).
#include "expr_eval.hpp"


namespace tessera::exec::cpu_expr {

// out[i] = sources[choice[i]][i], NULL where choice[i] < 0.
Datum choose(const std::vector<Datum>& sources, const std::vector<int>& choice, const DataType& t, int64_t rows) {
  rt::Column out;
  out.type = t.physical();
  out.rows = rows;
  bool nulls = false;
  for (int64_t i = 0; i < rows && !nulls; ++i)
    nulls = choice[i] < 0 || !validity(sources[choice[i]])(i);
  if (nulls) out.valid.resize(rows);
  if (t.is_string()) {
    out.offsets.resize(rows);
    out.lengths.resize(rows);
    for (int64_t i = 0; i < rows; ++i) {
      const int c = choice[i];
      const bool ok = c >= 0 && validity(sources[c])(i);
      const std::string_view s = ok ? string_at(sources[c], i) : std::string_view();
      out.offsets[i] = static_cast<int64_t>(out.data.size());
      out.lengths[i] = static_cast<int32_t>(s.size());
      out.data.insert(out.data.end(), s.begin(), s.end());
      if (nulls) out.valid[i] = ok;
    }
    return column_datum(std::move(out));
  }
  const int w = fn::type_width(out.type);
  out.data.assign(static_cast<size_t>(rows) * w, 0);
  std::vector<rt::Buffer<uint8_t>> scalars(sources.size());
  for (size_t k = 0; k < sources.size(); ++k)
    if (sources[k].is_scalar) scalars[k] = sources[k].scalar.broadcast(1).data;
  for (int64_t i = 0; i < rows; ++i) {
    const int c = choice[i];
    const bool ok = c >= 0 && validity(sources[c])(i);
    if (ok) {
      const uint8_t* src = sources[c].is_scalar ? scalars[c].data() : sources[c].column->data.data() + i * w;
      std::memcpy(out.data.data() + i * w, src, w);
    }
    if (nulls) out.valid[i] = ok;
  }
  return column_datum(std::move(out));
}

bool truthy(const Datum& d, int64_t i) {
  if (d.is_scalar) return !d.scalar.null && d.scalar.i != 0;
  return d.column->is_valid(i) && d.column->data[i] != 0;
}

}  // namespace tessera::exec::cpu_expr

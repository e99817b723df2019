// DuckDB result -> Arrow C Data Interface -> Tessera columns (see arrow_table.hpp).
#include "tessera/duckdb/arrow_table.hpp"

#include <duckdb.h>

#include <cstring>
#include <stdexcept>

#include "tessera/runtime/error.hpp"

// The Arrow C Data Interface's two structs, as the specification defines them (a stable C ABI;
// https://arrow.apache.org/docs/format/CDataInterface.html). duckdb.h only declares them.
#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE
struct ArrowSchema {
  const char* format;
  const char* name;
  const char* metadata;
  int64_t flags;
  int64_t n_children;
  struct ArrowSchema** children;
  struct ArrowSchema* dictionary;
  void (*release)(struct ArrowSchema*);
  void* private_data;
};
struct ArrowArray {
  int64_t length;
  int64_t null_count;
  int64_t offset;
  int64_t n_buffers;
  int64_t n_children;
  const void** buffers;
  struct ArrowArray** children;
  struct ArrowArray* dictionary;
  void (*release)(struct ArrowArray*);
  void* private_data;
};
#endif

namespace tessera::duckdb {
namespace {

using storage::DataType;

struct QueryResultGuard {
  duckdb_result r;
  QueryResultGuard() { std::memset(&r, 0, sizeof r); }
  ~QueryResultGuard() { duckdb_destroy_result(&r); }
};

// How one Arrow column becomes a Tessera column.
enum class Kind { Bool, I8, U8, I16, U16, I32, U32, I64, U64, Decimal128, F32, F64, Date32, Utf8, LargeUtf8 };

struct Plan {
  Kind kind;
  DataType type;
};

Plan plan_of(const std::string& format, const std::string& column, const std::string& what) {
  if (format == "b") return {Kind::Bool, DataType::boolean()};
  if (format == "c") return {Kind::I8, DataType::int32()};
  if (format == "C") return {Kind::U8, DataType::int32()};
  if (format == "s") return {Kind::I16, DataType::int32()};
  if (format == "S") return {Kind::U16, DataType::int32()};
  if (format == "i") return {Kind::I32, DataType::int32()};
  if (format == "I") return {Kind::U32, DataType::int64()};
  if (format == "l") return {Kind::I64, DataType::int64()};
  if (format == "L") return {Kind::U64, DataType::decimal(38, 0)};
  if (format == "f") return {Kind::F32, DataType::float64()};
  if (format == "g") return {Kind::F64, DataType::float64()};
  if (format == "tdD") return {Kind::Date32, DataType::date()};
  if (format == "u") return {Kind::Utf8, DataType::varchar(0)};
  if (format == "U") return {Kind::LargeUtf8, DataType::varchar(0)};
  if (format.rfind("d:", 0) == 0) {  // d:precision,scale[,bitwidth]
    int p = 0, s = 0, bits = 128;
    if (std::sscanf(format.c_str() + 2, "%d,%d,%d", &p, &s, &bits) >= 2 && bits == 128 && p >= 1 && p <= 38 && s >= 0 && s <= p)
      return {Kind::Decimal128, DataType::decimal(p, s)};
  }
  throw tessera::Error(what + ": column '" + column + "' has Arrow format '" + format +
                           "', which Tessera cannot store yet (date-time types are not done); CAST it to DATE or "
                           "VARCHAR first");
}

bool bit(const void* bitmap, int64_t i) {
  return (static_cast<const uint8_t*>(bitmap)[i >> 3] >> (i & 7)) & 1;
}

// Appends rows [0, n) of one Arrow child array (its own offset applied) to `c`.
void append(rt::Column& c, const Plan& p, const ArrowArray& a) {
  const int64_t n = a.length, off = a.offset;
  const void* validity = a.n_buffers > 0 ? a.buffers[0] : nullptr;
  const bool has_nulls = validity && a.null_count != 0;
  const int64_t base = c.rows;
  if (has_nulls || !c.valid.empty()) {
    if (c.valid.empty()) c.valid.assign(static_cast<size_t>(base), 1);
    c.valid.resize(static_cast<size_t>(base + n));
    for (int64_t r = 0; r < n; ++r) c.valid[base + r] = !has_nulls || bit(validity, off + r) ? 1 : 0;
  }
  if (p.kind == Kind::Utf8 || p.kind == Kind::LargeUtf8) {
    auto offset_at = [&](int64_t i) -> int64_t {
      return p.kind == Kind::Utf8 ? static_cast<const int32_t*>(a.buffers[1])[i] : static_cast<const int64_t*>(a.buffers[1])[i];
    };
    const char* bytes = static_cast<const char*>(a.buffers[2]);
    const int64_t first = offset_at(off), last = offset_at(off + n);
    const int64_t at = static_cast<int64_t>(c.data.size());
    c.data.resize(static_cast<size_t>(at + (last - first)));
    if (last > first) std::memcpy(c.data.data() + at, bytes + first, static_cast<size_t>(last - first));
    c.offsets.resize(static_cast<size_t>(base + n));
    c.lengths.resize(static_cast<size_t>(base + n));
    for (int64_t r = 0; r < n; ++r) {
      c.offsets[base + r] = at + offset_at(off + r) - first;
      c.lengths[base + r] = static_cast<int32_t>(offset_at(off + r + 1) - offset_at(off + r));
    }
    c.rows = base + n;
    return;
  }
  const int width = fn::type_width(p.type.physical());
  c.data.resize(static_cast<size_t>((base + n) * width));
  uint8_t* out = c.data.data() + base * width;
  const void* values = a.buffers[1];
  auto put32 = [&](int64_t r, int32_t v) { std::memcpy(out + r * 4, &v, 4); };
  auto put64 = [&](int64_t r, int64_t v) { std::memcpy(out + r * 8, &v, 8); };
  switch (p.kind) {
    case Kind::Bool: for (int64_t r = 0; r < n; ++r) out[r] = bit(values, off + r); break;
    case Kind::I8: for (int64_t r = 0; r < n; ++r) put32(r, static_cast<const int8_t*>(values)[off + r]); break;
    case Kind::U8: for (int64_t r = 0; r < n; ++r) put32(r, static_cast<const uint8_t*>(values)[off + r]); break;
    case Kind::I16: for (int64_t r = 0; r < n; ++r) put32(r, static_cast<const int16_t*>(values)[off + r]); break;
    case Kind::U16: for (int64_t r = 0; r < n; ++r) put32(r, static_cast<const uint16_t*>(values)[off + r]); break;
    case Kind::I32: case Kind::Date32: std::memcpy(out, static_cast<const int32_t*>(values) + off, static_cast<size_t>(n) * 4); break;
    case Kind::U32: for (int64_t r = 0; r < n; ++r) put64(r, static_cast<const uint32_t*>(values)[off + r]); break;
    case Kind::I64: case Kind::F64: std::memcpy(out, static_cast<const int64_t*>(values) + off, static_cast<size_t>(n) * 8); break;
    case Kind::F32:
      for (int64_t r = 0; r < n; ++r) {
        const double d = static_cast<const float*>(values)[off + r];
        std::memcpy(out + r * 8, &d, 8);
      }
      break;
    case Kind::U64:
      for (int64_t r = 0; r < n; ++r) {
        const __int128 v = static_cast<const uint64_t*>(values)[off + r];
        std::memcpy(out + r * 16, &v, 16);
      }
      break;
    case Kind::Decimal128: {
      const auto* v = static_cast<const __int128*>(values) + off;
      if (width == 16) std::memcpy(out, v, static_cast<size_t>(n) * 16);
      else for (int64_t r = 0; r < n; ++r) put64(r, static_cast<int64_t>(v[r]));
      break;
    }
    default: break;
  }
  c.rows = base + n;
}

}  // namespace

storage::Table read_arrow_table(DuckDb& db, const std::string& name, const std::string& sql, const std::string& what) {
  QueryResultGuard res;
  if (duckdb_query(db.connection(), sql.c_str(), &res.r) != DuckDBSuccess) {
    const char* e = duckdb_result_error(&res.r);
    throw tessera::Error(what + ": DuckDB: " + (e ? e : "query failed"));
  }
  const idx_t ncols = duckdb_column_count(&res.r);
  std::vector<duckdb_logical_type> types(ncols);
  std::vector<const char*> names(ncols);
  for (idx_t c = 0; c < ncols; ++c) {
    types[c] = duckdb_column_logical_type(&res.r, c);
    names[c] = duckdb_column_name(&res.r, c);
  }
  duckdb_arrow_options options = duckdb_result_get_arrow_options(&res.r);
  ArrowSchema schema{};
  duckdb_error_data err = duckdb_to_arrow_schema(options, types.data(), names.data(), ncols, &schema);
  for (auto& t : types) duckdb_destroy_logical_type(&t);
  auto check = [&](duckdb_error_data e) {
    if (e && duckdb_error_data_has_error(e)) {
      const std::string msg = duckdb_error_data_message(e);
      duckdb_destroy_error_data(&e);
      throw tessera::internal_error(what + ": DuckDB's Arrow export: " + msg);
    }
    if (e) duckdb_destroy_error_data(&e);
  };
  struct Cleanup {
    ArrowSchema& s;
    duckdb_arrow_options& o;
    ~Cleanup() {
      if (s.release) s.release(&s);
      duckdb_destroy_arrow_options(&o);
    }
  } cleanup{schema, options};
  check(err);
  storage::Schema out_schema;
  std::vector<Plan> plans;
  for (int64_t c = 0; c < schema.n_children; ++c) {
    const ArrowSchema& child = *schema.children[c];
    plans.push_back(plan_of(child.format, child.name ? child.name : "", what));
    out_schema.add({child.name ? child.name : "", plans.back().type, true, ""});
  }
  storage::Table t(name, out_schema);
  for (size_t k = 0; k < t.num_columns(); ++k) t.column(k).type = out_schema.field(k).type.physical();
  for (;;) {
    duckdb_data_chunk chunk = duckdb_fetch_chunk(res.r);
    if (!chunk) break;
    if (duckdb_data_chunk_get_size(chunk) == 0) {
      duckdb_destroy_data_chunk(&chunk);
      break;
    }
    ArrowArray array{};
    duckdb_error_data e = duckdb_data_chunk_to_arrow(options, chunk, &array);
    duckdb_destroy_data_chunk(&chunk);
    check(e);
    struct Release {
      ArrowArray& a;
      ~Release() {
        if (a.release) a.release(&a);
      }
    } release{array};
    for (int64_t c = 0; c < array.n_children; ++c) append(t.column(static_cast<size_t>(c)), plans[c], *array.children[c]);
  }
  t.validate();
  return t;
}

}  // namespace tessera::duckdb

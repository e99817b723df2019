#include "tessera/duckdb/duckdb.hpp"

#include <duckdb.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include "tessera/runtime/error.hpp"

namespace tessera::duckdb {

namespace {

std::string sql_excerpt(std::string_view sql) {
  std::string s(sql.substr(0, 300));
  if (sql.size() > 300) s += " ...";
  return s;
}

[[noreturn]] void fail(const std::string& what, std::string_view sql) {
  throw Error("DuckDB: " + what + "\n  in: " + sql_excerpt(sql));
}

// Owns a duckdb_result.
struct ResultGuard {
  duckdb_result r;
  ResultGuard() { std::memset(&r, 0, sizeof r); }
  ~ResultGuard() { duckdb_destroy_result(&r); }
};

struct TypeGuard {
  duckdb_logical_type t;
  explicit TypeGuard(duckdb_logical_type x) : t(x) {}
  ~TypeGuard() { duckdb_destroy_logical_type(&t); }
};

struct ChunkGuard {
  duckdb_data_chunk c;
  explicit ChunkGuard(duckdb_data_chunk x) : c(x) {}
  ~ChunkGuard() {
    if (c) duckdb_destroy_data_chunk(&c);
  }
};

int128 from_hugeint(duckdb_hugeint h) {
  return static_cast<int128>((static_cast<unsigned __int128>(static_cast<uint64_t>(h.upper)) << 64) | h.lower);
}

const char* simple_type_name(duckdb_type t) {
  switch (t) {
    case DUCKDB_TYPE_BOOLEAN: return "BOOLEAN";
    case DUCKDB_TYPE_TINYINT: return "TINYINT";
    case DUCKDB_TYPE_SMALLINT: return "SMALLINT";
    case DUCKDB_TYPE_INTEGER: return "INTEGER";
    case DUCKDB_TYPE_BIGINT: return "BIGINT";
    case DUCKDB_TYPE_HUGEINT: return "HUGEINT";
    case DUCKDB_TYPE_UTINYINT: return "UTINYINT";
    case DUCKDB_TYPE_USMALLINT: return "USMALLINT";
    case DUCKDB_TYPE_UINTEGER: return "UINTEGER";
    case DUCKDB_TYPE_UBIGINT: return "UBIGINT";
    case DUCKDB_TYPE_UHUGEINT: return "UHUGEINT";
    case DUCKDB_TYPE_FLOAT: return "FLOAT";
    case DUCKDB_TYPE_DOUBLE: return "DOUBLE";
    case DUCKDB_TYPE_DATE: return "DATE";
    case DUCKDB_TYPE_TIMESTAMP: return "TIMESTAMP";
    case DUCKDB_TYPE_TIMESTAMP_S: return "TIMESTAMP_S";
    case DUCKDB_TYPE_TIMESTAMP_MS: return "TIMESTAMP_MS";
    case DUCKDB_TYPE_TIMESTAMP_NS: return "TIMESTAMP_NS";
    case DUCKDB_TYPE_TIMESTAMP_TZ: return "TIMESTAMP WITH TIME ZONE";
    case DUCKDB_TYPE_VARCHAR: return "VARCHAR";
    case DUCKDB_TYPE_INTERVAL: return "INTERVAL";
    case DUCKDB_TYPE_TIME: return "TIME";
    case DUCKDB_TYPE_BLOB: return "BLOB";
    case DUCKDB_TYPE_LIST: return "LIST";
    case DUCKDB_TYPE_STRUCT: return "STRUCT";
    case DUCKDB_TYPE_MAP: return "MAP";
    case DUCKDB_TYPE_ENUM: return "ENUM";
    case DUCKDB_TYPE_UUID: return "UUID";
    default: return "an unsupported type";
  }
}

// Reads value `row` of a vector of physical type `t` as an integer.
int128 read_int(duckdb_type t, const void* data, idx_t row) {
  switch (t) {
    case DUCKDB_TYPE_BOOLEAN: return static_cast<const bool*>(data)[row] ? 1 : 0;
    case DUCKDB_TYPE_TINYINT: return static_cast<const int8_t*>(data)[row];
    case DUCKDB_TYPE_SMALLINT: return static_cast<const int16_t*>(data)[row];
    case DUCKDB_TYPE_INTEGER: return static_cast<const int32_t*>(data)[row];
    case DUCKDB_TYPE_BIGINT: return static_cast<const int64_t*>(data)[row];
    case DUCKDB_TYPE_HUGEINT: return from_hugeint(static_cast<const duckdb_hugeint*>(data)[row]);
    case DUCKDB_TYPE_UTINYINT: return static_cast<const uint8_t*>(data)[row];
    case DUCKDB_TYPE_USMALLINT: return static_cast<const uint16_t*>(data)[row];
    case DUCKDB_TYPE_UINTEGER: return static_cast<const uint32_t*>(data)[row];
    case DUCKDB_TYPE_UBIGINT: return static_cast<const uint64_t*>(data)[row];
    case DUCKDB_TYPE_UHUGEINT: {
      const duckdb_uhugeint h = static_cast<const duckdb_uhugeint*>(data)[row];
      return static_cast<int128>((static_cast<unsigned __int128>(h.upper) << 64) | h.lower);
    }
    case DUCKDB_TYPE_DATE: return static_cast<const int32_t*>(data)[row];
    case DUCKDB_TYPE_TIMESTAMP:
    case DUCKDB_TYPE_TIMESTAMP_TZ:
    case DUCKDB_TYPE_TIME: return static_cast<const int64_t*>(data)[row];  // TIME: microseconds since midnight
    case DUCKDB_TYPE_TIMESTAMP_S: return static_cast<int128>(static_cast<const int64_t*>(data)[row]) * 1000000;
    case DUCKDB_TYPE_TIMESTAMP_MS: return static_cast<int128>(static_cast<const int64_t*>(data)[row]) * 1000;
    case DUCKDB_TYPE_TIMESTAMP_NS: return static_cast<const int64_t*>(data)[row] / 1000;
    default: return 0;
  }
}

// What a result column of DuckDB type `t` becomes.
struct ColumnPlan {
  ColumnKind kind;
  duckdb_type physical;  // the vector's element type
};

}  // namespace

// ---- ResultColumn / Result --------------------------------------------------------------------

Cell ResultColumn::cell(size_t row) const {
  if (!valid[row]) return Cell::null();
  switch (kind) {
    case ColumnKind::Bool: return Cell::boolean(ints[row] != 0);
    case ColumnKind::Int: return Cell::integer(ints[row]);
    case ColumnKind::Decimal: return Cell::decimal(ints[row], scale);
    case ColumnKind::Double: return Cell::float64(doubles[row]);
    case ColumnKind::Date: return Cell::date(static_cast<int32_t>(ints[row]));
    case ColumnKind::Timestamp: return Cell::timestamp(static_cast<int64_t>(ints[row]));
    case ColumnKind::String: return Cell::string(strings[row]);
  }
  return Cell::null();
}

const ResultColumn& Result::column(std::string_view name) const {
  for (const ResultColumn& c : columns)
    if (c.name == name) return c;
  throw std::out_of_range("no result column '" + std::string(name) + "'");
}

RowSet Result::row_set() const {
  RowSet rs;
  for (const ResultColumn& c : columns) rs.columns.push_back(c.name);
  rs.rows.resize(static_cast<size_t>(rows));
  for (size_t r = 0; r < rs.rows.size(); ++r) {
    rs.rows[r].reserve(columns.size());
    for (const ResultColumn& c : columns) rs.rows[r].push_back(c.cell(r));
  }
  return rs;
}

std::vector<std::vector<std::string>> Result::text_rows() const { return row_set().text_rows(); }

// ---- DuckDb --------------------------------------------------------------------------------------

struct DuckDb::Impl {
  duckdb_database db = nullptr;
  duckdb_connection con = nullptr;
  bool owns_db = true;  // false: a second connection (connect()) to another DuckDb's database
  ~Impl() {
    if (con) duckdb_disconnect(&con);
    if (db && owns_db) duckdb_close(&db);
  }
};

DuckDb::DuckDb(int threads) : DuckDb(std::string(), threads) {}

DuckDb::DuckDb(const std::string& path, int threads) : impl_(std::make_unique<Impl>()), threads_(threads) {
  duckdb_config config = nullptr;
  if (duckdb_create_config(&config) != DuckDBSuccess) throw Error("DuckDB: cannot create a configuration");
  if (threads > 0 && duckdb_set_config(config, "threads", std::to_string(threads).c_str()) != DuckDBSuccess) {
    duckdb_destroy_config(&config);
    throw Error("DuckDB: cannot set threads=" + std::to_string(threads));
  }
  char* err = nullptr;
  const duckdb_state st = duckdb_open_ext(path.empty() ? nullptr : path.c_str(), &impl_->db, config, &err);
  duckdb_destroy_config(&config);
  if (st != DuckDBSuccess) {
    std::string msg = err ? err : "unknown error";
    if (err) duckdb_free(err);
    throw Error(path.empty() ? "DuckDB: cannot open an in-memory database: " + msg
                             : "DuckDB: cannot open the database file " + path + ": " + msg);
  }
  if (duckdb_connect(impl_->db, &impl_->con) != DuckDBSuccess) throw Error("DuckDB: cannot connect");
  if (threads <= 0) threads_ = static_cast<int>(query_int("SELECT current_setting('threads')::BIGINT"));
}

DuckDb::~DuckDb() = default;
DuckDb::DuckDb(DuckDb&&) noexcept = default;
DuckDb& DuckDb::operator=(DuckDb&&) noexcept = default;

_duckdb_connection* DuckDb::connection() const { return impl_->con; }

DuckDb::DuckDb(std::unique_ptr<Impl> impl, int threads) : impl_(std::move(impl)), threads_(threads) {}

DuckDb DuckDb::connect() const {
  auto impl = std::make_unique<Impl>();
  impl->db = impl_->db;
  impl->owns_db = false;
  if (duckdb_connect(impl->db, &impl->con) != DuckDBSuccess) throw Error("DuckDB: cannot open another connection");
  return DuckDb(std::move(impl), threads_);
}

std::string DuckDb::library_version() { return duckdb_library_version(); }

void DuckDb::execute(std::string_view sql) {
  ResultGuard g;
  const std::string text(sql);
  if (duckdb_query(impl_->con, text.c_str(), &g.r) != DuckDBSuccess) {
    const char* e = duckdb_result_error(&g.r);
    fail(e ? e : "query failed", sql);
  }
}

Result DuckDb::query(std::string_view sql) {
  ResultGuard g;
  const std::string text(sql);
  if (duckdb_query(impl_->con, text.c_str(), &g.r) != DuckDBSuccess) {
    const char* e = duckdb_result_error(&g.r);
    fail(e ? e : "query failed", sql);
  }

  Result out;
  const idx_t ncols = duckdb_column_count(&g.r);
  std::vector<ColumnPlan> plans;
  for (idx_t c = 0; c < ncols; ++c) {
    ResultColumn col;
    const char* name = duckdb_column_name(&g.r, c);
    col.name = name ? name : "";
    const duckdb_type t = duckdb_column_type(&g.r, c);
    ColumnPlan p{ColumnKind::Int, t};
    switch (t) {
      case DUCKDB_TYPE_BOOLEAN: p.kind = ColumnKind::Bool; break;
      case DUCKDB_TYPE_TINYINT: case DUCKDB_TYPE_SMALLINT: case DUCKDB_TYPE_INTEGER: case DUCKDB_TYPE_BIGINT:
      case DUCKDB_TYPE_HUGEINT: case DUCKDB_TYPE_UTINYINT: case DUCKDB_TYPE_USMALLINT: case DUCKDB_TYPE_UINTEGER:
      case DUCKDB_TYPE_UBIGINT: case DUCKDB_TYPE_UHUGEINT: p.kind = ColumnKind::Int; break;
      case DUCKDB_TYPE_FLOAT: case DUCKDB_TYPE_DOUBLE: p.kind = ColumnKind::Double; break;
      case DUCKDB_TYPE_DATE: p.kind = ColumnKind::Date; break;
      case DUCKDB_TYPE_TIMESTAMP: case DUCKDB_TYPE_TIMESTAMP_S: case DUCKDB_TYPE_TIMESTAMP_MS:
      case DUCKDB_TYPE_TIMESTAMP_NS: case DUCKDB_TYPE_TIMESTAMP_TZ: p.kind = ColumnKind::Timestamp; break;
      case DUCKDB_TYPE_TIME: p.kind = ColumnKind::Timestamp; break;  // on 1970-01-01, as Tessera's TIME compares
      case DUCKDB_TYPE_VARCHAR: p.kind = ColumnKind::String; break;
      case DUCKDB_TYPE_DECIMAL: {
        TypeGuard lt(duckdb_column_logical_type(&g.r, c));
        p.kind = ColumnKind::Decimal;
        p.physical = duckdb_decimal_internal_type(lt.t);
        col.width = duckdb_decimal_width(lt.t);
        col.scale = duckdb_decimal_scale(lt.t);
        break;
      }
      default:
        fail(std::string("result column '") + col.name + "' has type " + simple_type_name(t) +
                 ", which Tessera does not read; CAST it (e.g. to VARCHAR) in the query",
             sql);
    }
    col.kind = p.kind;
    col.type_name = p.kind == ColumnKind::Decimal
                        ? "DECIMAL(" + std::to_string(col.width) + "," + std::to_string(col.scale) + ")"
                        : simple_type_name(t);
    plans.push_back(p);
    out.columns.push_back(std::move(col));
  }

  for (;;) {
    ChunkGuard chunk(duckdb_fetch_chunk(g.r));
    if (!chunk.c) break;
    const idx_t n = duckdb_data_chunk_get_size(chunk.c);
    if (n == 0) break;
    for (idx_t c = 0; c < ncols; ++c) {
      ResultColumn& col = out.columns[c];
      const ColumnPlan& p = plans[c];
      duckdb_vector v = duckdb_data_chunk_get_vector(chunk.c, c);
      const void* data = duckdb_vector_get_data(v);
      uint64_t* validity = duckdb_vector_get_validity(v);
      for (idx_t r = 0; r < n; ++r) {
        const bool ok = validity == nullptr || duckdb_validity_row_is_valid(validity, r);
        col.valid.push_back(ok ? 1 : 0);
        switch (p.kind) {
          case ColumnKind::Double:
            col.doubles.push_back(!ok ? 0.0
                                  : p.physical == DUCKDB_TYPE_FLOAT
                                      ? static_cast<double>(static_cast<const float*>(data)[r])
                                      : static_cast<const double*>(data)[r]);
            break;
          case ColumnKind::String: {
            if (!ok) {
              col.strings.emplace_back();
              break;
            }
            duckdb_string_t s = static_cast<const duckdb_string_t*>(data)[r];
            const uint32_t len = duckdb_string_t_length(s);
            const char* ptr = duckdb_string_is_inlined(s) ? static_cast<const duckdb_string_t*>(data)[r].value.inlined.inlined
                                                          : s.value.pointer.ptr;
            col.strings.emplace_back(ptr, len);
            break;
          }
          default: col.ints.push_back(ok ? read_int(p.physical, data, r) : 0); break;
        }
      }
    }
    out.rows += static_cast<int64_t>(n);
  }
  return out;
}

int64_t DuckDb::query_int(std::string_view sql) {
  Result r = query(sql);
  if (r.columns.size() != 1 || r.rows != 1)
    fail("expected one row of one column, got " + std::to_string(r.rows) + " rows of " +
             std::to_string(r.columns.size()) + " columns",
         sql);
  const ResultColumn& c = r.columns[0];
  if (c.kind != ColumnKind::Int || !c.valid[0]) fail("expected a non-NULL integer, got " + c.type_name, sql);
  return static_cast<int64_t>(c.ints[0]);
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw tessera::Error("cannot read " + path, ErrorKind::Io);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace tessera::duckdb

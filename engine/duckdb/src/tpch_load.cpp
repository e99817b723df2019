#include "tessera/duckdb/tpch_load.hpp"

#include <duckdb.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

#include "tessera/storage/parallel.hpp"
#include "tessera/tpch/generator.hpp"

namespace tessera::duckdb {

using storage::DataType;
using storage::TypeId;

namespace {

std::string quote_ident(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + "\"";
}

duckdb_logical_type logical_type(const DataType& t) {
  switch (t.id) {
    case TypeId::Bool: return duckdb_create_logical_type(DUCKDB_TYPE_BOOLEAN);
    case TypeId::Int32: return duckdb_create_logical_type(DUCKDB_TYPE_INTEGER);
    case TypeId::Int64: return duckdb_create_logical_type(DUCKDB_TYPE_BIGINT);
    case TypeId::Double: return duckdb_create_logical_type(DUCKDB_TYPE_DOUBLE);
    case TypeId::Date: return duckdb_create_logical_type(DUCKDB_TYPE_DATE);
    case TypeId::Decimal: return duckdb_create_decimal_type(static_cast<uint8_t>(t.precision), static_cast<uint8_t>(t.scale));
    case TypeId::Money: return duckdb_create_decimal_type(19, 4);
    case TypeId::Char:
    case TypeId::Varchar: return duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime: return duckdb_create_logical_type(DUCKDB_TYPE_TIMESTAMP);
    case TypeId::Time: return duckdb_create_logical_type(DUCKDB_TYPE_TIME);
  }
  return duckdb_create_logical_type(DUCKDB_TYPE_INVALID);
}

[[noreturn]] void appender_fail(duckdb_appender app, const std::string& table, const char* what) {
  std::string msg = what;
  if (app) {
    duckdb_error_data e = duckdb_appender_error_data(app);
    if (e) {
      const char* m = duckdb_error_data_message(e);
      if (m && *m) msg += std::string(": ") + m;
      duckdb_destroy_error_data(&e);
    }
  }
  throw Error("DuckDB: appending to " + table + ": " + msg);
}

// Copies rows [from, from + n) of column `col` into vector `v`; `phys` is the vector's element type.
void fill_vector(duckdb_vector v, duckdb_type phys, const DataType& t, const rt::Column& col, int64_t from, idx_t n) {
  void* data = duckdb_vector_get_data(v);
  const uint8_t* src = col.data.data();
  switch (t.id) {
    case TypeId::Bool: {
      bool* out = static_cast<bool*>(data);
      for (idx_t r = 0; r < n; ++r) out[r] = src[from + r] != 0;
      break;
    }
    case TypeId::Int32:
    case TypeId::Date: std::memcpy(data, src + from * 4, n * 4); break;
    case TypeId::Int64:
    case TypeId::Double: std::memcpy(data, src + from * 8, n * 8); break;
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime:
    case TypeId::Time: {  // Tessera: 100-ns ticks; DuckDB TIMESTAMP and TIME: microseconds (the last digit is lost)
      const int64_t* in = reinterpret_cast<const int64_t*>(src) + from;
      for (idx_t r = 0; r < n; ++r) {
        const int64_t q = in[r] / 10;
        static_cast<int64_t*>(data)[r] = in[r] % 10 < 0 ? q - 1 : q;
      }
      break;
    }
    case TypeId::Decimal:
    case TypeId::Money: {
      if (t.is_wide_decimal()) {  // Tessera: scaled int128; DuckDB: HUGEINT (precision > 18 both)
        for (idx_t r = 0; r < n; ++r) {
          __int128 v;
          std::memcpy(&v, src + (from + r) * 16, 16);
          duckdb_hugeint h;
          h.lower = static_cast<uint64_t>(v);
          h.upper = static_cast<int64_t>(v >> 64);
          static_cast<duckdb_hugeint*>(data)[r] = h;
        }
        break;
      }
      const int64_t* in = reinterpret_cast<const int64_t*>(src) + from;  // Tessera: scaled int64
      switch (phys) {
        case DUCKDB_TYPE_SMALLINT:
          for (idx_t r = 0; r < n; ++r) static_cast<int16_t*>(data)[r] = static_cast<int16_t>(in[r]);
          break;
        case DUCKDB_TYPE_INTEGER:
          for (idx_t r = 0; r < n; ++r) static_cast<int32_t*>(data)[r] = static_cast<int32_t>(in[r]);
          break;
        case DUCKDB_TYPE_BIGINT: std::memcpy(data, in, n * 8); break;
        default:  // HUGEINT
          for (idx_t r = 0; r < n; ++r) {
            duckdb_hugeint h;
            h.lower = static_cast<uint64_t>(in[r]);
            h.upper = in[r] < 0 ? -1 : 0;
            static_cast<duckdb_hugeint*>(data)[r] = h;
          }
      }
      break;
    }
    case TypeId::Char:
    case TypeId::Varchar: {
      const char* bytes = reinterpret_cast<const char*>(src);
      for (idx_t r = 0; r < n; ++r)
        duckdb_vector_assign_string_element_len(v, r, bytes + col.offsets[from + r],
                                                static_cast<idx_t>(col.lengths[from + r]));
      break;
    }
  }
  if (!col.valid.empty()) {
    bool any_null = false;
    for (idx_t r = 0; r < n && !any_null; ++r) any_null = col.valid[from + r] == 0;
    if (any_null) {
      duckdb_vector_ensure_validity_writable(v);
      uint64_t* validity = duckdb_vector_get_validity(v);
      for (idx_t r = 0; r < n; ++r)
        if (col.valid[from + r] == 0) duckdb_validity_set_row_invalid(validity, r);
    }
  }
}

}  // namespace

std::string duckdb_type_name(const DataType& t) {
  switch (t.id) {
    case TypeId::Bool: return "BOOLEAN";
    case TypeId::Int32: return "INTEGER";
    case TypeId::Int64: return "BIGINT";
    case TypeId::Double: return "DOUBLE";
    case TypeId::Date: return "DATE";
    case TypeId::Decimal: return "DECIMAL(" + std::to_string(t.precision) + "," + std::to_string(t.scale) + ")";
    case TypeId::Money: return "DECIMAL(19,4)";
    case TypeId::Char: return t.length > 0 ? "CHAR(" + std::to_string(t.length) + ")" : "VARCHAR";
    case TypeId::Varchar: return t.length > 0 ? "VARCHAR(" + std::to_string(t.length) + ")" : "VARCHAR";
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime: return "TIMESTAMP";
    case TypeId::Time: return "TIME";
  }
  return "VARCHAR";
}

std::string create_table_sql(const storage::Table& t) {
  std::string sql = "CREATE TABLE " + quote_ident(t.name()) + " (";
  const auto& fields = t.schema().fields();
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i) sql += ", ";
    sql += quote_ident(fields[i].name) + " " + duckdb_type_name(fields[i].type);
    if (!fields[i].nullable) sql += " NOT NULL";
  }
  return sql + ")";
}

void append_table(DuckDb& db, const storage::Table& t) {
  const auto& fields = t.schema().fields();
  const size_t ncols = fields.size();
  if (ncols == 0) return;
  for (const auto& f : fields) {
    const DataType& dt = f.type;
    if (dt.id == TypeId::Decimal && (dt.precision < 1 || dt.precision > 38 || dt.scale < 0 || dt.scale > dt.precision))
      throw Error("DuckDB: appending to " + t.name() + ": unsupported type " + dt.to_string());
  }

  std::vector<duckdb_logical_type> types;
  std::vector<duckdb_type> phys;
  for (const auto& f : fields) {
    types.push_back(logical_type(f.type));
    duckdb_type p = duckdb_get_type_id(types.back());
    if (p == DUCKDB_TYPE_DECIMAL) p = duckdb_decimal_internal_type(types.back());
    phys.push_back(p);
  }
  duckdb_data_chunk chunk = duckdb_create_data_chunk(types.data(), ncols);
  for (auto& lt : types) duckdb_destroy_logical_type(&lt);

  duckdb_appender app = nullptr;
  struct Cleanup {
    duckdb_appender& app;
    duckdb_data_chunk& chunk;
    ~Cleanup() {
      if (chunk) duckdb_destroy_data_chunk(&chunk);
      if (app) duckdb_appender_destroy(&app);
    }
  } cleanup{app, chunk};

  if (duckdb_appender_create(db.connection(), nullptr, t.name().c_str(), &app) != DuckDBSuccess)
    appender_fail(app, t.name(), "cannot create an appender (does the table exist?)");

  const int64_t rows = t.num_rows();
  const int64_t block = static_cast<int64_t>(duckdb_vector_size());
  for (int64_t from = 0; from < rows; from += block) {
    const idx_t n = static_cast<idx_t>(std::min(block, rows - from));
    duckdb_data_chunk_reset(chunk);
    for (size_t c = 0; c < ncols; ++c)
      fill_vector(duckdb_data_chunk_get_vector(chunk, c), phys[c], fields[c].type, t.column(c), from, n);
    duckdb_data_chunk_set_size(chunk, n);
    if (duckdb_append_data_chunk(app, chunk) != DuckDBSuccess) appender_fail(app, t.name(), "append failed");
  }
  if (duckdb_appender_close(app) != DuckDBSuccess) appender_fail(app, t.name(), "close failed");
}

void create_and_load(DuckDb& db, const storage::Table& t) {
  db.execute(create_table_sql(t));
  append_table(db, t);
}

void load_tables(DuckDb& db, const std::vector<storage::Table>& tables) {
  for (const storage::Table& t : tables) create_and_load(db, t);
}

void load_stored_tables(DuckDb& db, const std::vector<const storage::Table*>& tables, int workers,
                        const std::function<void(const std::string&)>& log) {
  for (const storage::Table* t : tables) {
    const auto t0 = std::chrono::steady_clock::now();
    db.execute(create_table_sql(*t));
    const std::vector<int64_t> starts = t->chunk_starts();
    storage::parallel_for(starts.size() - 1, workers, [&](size_t i) {
      storage::Table part(t->name(), t->schema());
      for (size_t k = 0; k < t->num_columns(); ++k) part.column(k) = t->column_rows(k, starts[i], starts[i + 1]);
      DuckDb con = db.connect();
      append_table(con, part);
    });
    if (log) {
      char line[160];
      std::snprintf(line, sizeof line, "%s: %lld rows, %zu chunks, in %.1f s", t->name().c_str(),
                    static_cast<long long>(t->num_rows()), starts.size() - 1,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      log(line);
    }
  }
}

std::vector<storage::Table> load_tpch(DuckDb& db, double sf, int gen_threads) {
  tpch::GenOptions opts;
  opts.sf = sf;
  opts.threads = gen_threads;
  std::vector<storage::Table> tables = tpch::generate_tables(opts);
  load_tables(db, tables);
  return tables;
}

}  // namespace tessera::duckdb

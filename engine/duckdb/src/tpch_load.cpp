#include "tessera/duckdb/tpch_load.hpp"

#include <duckdb.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

#include "tessera/tpch/generator.hpp"
#include "vector_fill.hpp"

namespace tessera::duckdb {

using storage::DataType;
using storage::TypeId;

namespace {

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

}  // namespace

std::string quote_identifier(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + "\"";
}

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
  std::string sql = "CREATE TABLE " + quote_identifier(t.name()) + " (";
  const auto& fields = t.schema().fields();
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i) sql += ", ";
    sql += quote_identifier(fields[i].name) + " " + duckdb_type_name(fields[i].type);
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

std::vector<storage::Table> load_tpch(DuckDb& db, double sf, int gen_threads) {
  tpch::GenOptions opts;
  opts.sf = sf;
  opts.threads = gen_threads;
  std::vector<storage::Table> tables = tpch::generate_tables(opts);
  load_tables(db, tables);
  return tables;
}

}  // namespace tessera::duckdb

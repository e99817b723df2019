// A database on disk into DuckDB through a table function (see tpch_load.hpp, load_stored_tables).
//
// Why a table function and not appenders: 16 connections appending 1M-row chunks to one table scaled to about
// two cores on the H100 host (100 million rows of hits: 441 s). `CREATE TABLE AS SELECT * FROM scan()` lets
// DuckDB run its own parallel insert, each of its threads pulling stored chunks from this scan.
#include <duckdb.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>

#include "tessera/duckdb/tpch_load.hpp"
#include "tessera/storage/table.hpp"
#include "vector_fill.hpp"

namespace tessera::duckdb {

namespace {

// The scan's global state: the table, its stored chunks and the next one to hand out.
struct Scan {
  const storage::Table* table = nullptr;
  std::vector<int64_t> starts;            // chunk_starts(): chunk i is rows [starts[i], starts[i + 1])
  std::vector<duckdb_type> phys;          // each column's vector element type
  std::atomic<size_t> next_chunk{0};
  std::mutex error_mutex;
  std::string error;                      // the first failure (a damaged chunk), reported by the caller
};

// One DuckDB thread's state: the stored chunk it is emitting, decoded, and how far it got.
struct Local {
  std::vector<rt::Column> columns;
  int64_t rows = 0, pos = 0;
};

void bind(duckdb_bind_info info) {
  auto* scan = static_cast<Scan*>(duckdb_bind_get_extra_info(info));
  for (const auto& f : scan->table->schema().fields()) {
    duckdb_logical_type t = logical_type(f.type);
    duckdb_bind_add_result_column(info, f.name.c_str(), t);
    duckdb_destroy_logical_type(&t);
  }
  duckdb_bind_set_cardinality(info, static_cast<idx_t>(scan->table->num_rows()), true);
}

void init(duckdb_init_info info) {
  auto* scan = static_cast<Scan*>(duckdb_init_get_extra_info(info));
  duckdb_init_set_max_threads(info, std::max<size_t>(1, scan->starts.size() - 1));  // an empty table: one thread, no rows
}

void local_init(duckdb_init_info info) {
  duckdb_init_set_init_data(info, new Local, [](void* p) { delete static_cast<Local*>(p); });
}

// Decodes the next stored chunk into `local`; false when none is left.
bool next_chunk(Scan& scan, Local& local) {
  const size_t i = scan.next_chunk.fetch_add(1);
  if (i + 1 >= scan.starts.size()) return false;
  const storage::Table& t = *scan.table;
  local.columns.resize(t.num_columns());
  for (size_t k = 0; k < t.num_columns(); ++k) local.columns[k] = t.column_rows(k, scan.starts[i], scan.starts[i + 1]);
  local.rows = scan.starts[i + 1] - scan.starts[i];
  local.pos = 0;
  return true;
}

void produce(duckdb_function_info info, duckdb_data_chunk output) {
  auto* scan = static_cast<Scan*>(duckdb_function_get_extra_info(info));
  auto* local = static_cast<Local*>(duckdb_function_get_local_init_data(info));
  try {
    if (local->pos == local->rows && !next_chunk(*scan, *local)) {
      local->columns.clear();
      duckdb_data_chunk_set_size(output, 0);
      return;
    }
    const idx_t n = static_cast<idx_t>(std::min<int64_t>(static_cast<int64_t>(duckdb_vector_size()), local->rows - local->pos));
    const auto& fields = scan->table->schema().fields();
    for (size_t c = 0; c < fields.size(); ++c)
      fill_vector(duckdb_data_chunk_get_vector(output, c), scan->phys[c], fields[c].type, local->columns[c], local->pos, n);
    duckdb_data_chunk_set_size(output, n);
    local->pos += static_cast<int64_t>(n);
  } catch (const std::exception& e) {
    {
      std::lock_guard<std::mutex> lock(scan->error_mutex);
      if (scan->error.empty()) scan->error = e.what();
    }
    duckdb_function_set_error(info, e.what());
  }
}

// Loads `t`; returns its stored chunks' count.
size_t load_one(DuckDb& db, const storage::Table& t) {
  Scan scan;
  scan.table = &t;
  scan.starts = t.chunk_starts();
  for (const auto& f : t.schema().fields()) scan.phys.push_back(physical_type(f.type));
  // Registered functions are the database's, not the connection's: each load gets a name of its own, and its
  // pointer to `scan` is never used after this statement.
  static std::atomic<int> loads{0};
  const std::string fn = "tessera_stored_scan_" + std::to_string(loads.fetch_add(1));
  duckdb_table_function tf = duckdb_create_table_function();
  duckdb_table_function_set_name(tf, fn.c_str());
  duckdb_table_function_set_extra_info(tf, &scan, nullptr);  // lives on this stack frame, past the statement
  duckdb_table_function_set_bind(tf, bind);
  duckdb_table_function_set_init(tf, init);
  duckdb_table_function_set_local_init(tf, local_init);
  duckdb_table_function_set_function(tf, produce);
  DuckDb con = db.connect();
  const duckdb_state registered = duckdb_register_table_function(con.connection(), tf);
  duckdb_destroy_table_function(&tf);
  if (registered != DuckDBSuccess) throw Error("DuckDB: cannot register the scan of " + t.name());
  // The rows' order does not matter (the benchmarks compare answers, not storage order); keeping it would make
  // DuckDB insert on one thread.
  con.execute("SET preserve_insertion_order = false");
  con.execute(create_table_sql(t));
  try {
    con.execute("INSERT INTO " + quote_identifier(t.name()) + " SELECT * FROM " + fn + "()");
  } catch (const std::exception& e) {
    throw Error("DuckDB: loading " + t.name() + " from the database on disk: " + (scan.error.empty() ? e.what() : scan.error));
  }
  return scan.starts.size() - 1;
}

}  // namespace

void load_stored_tables(DuckDb& db, const std::vector<const storage::Table*>& tables,
                        const std::function<void(const std::string&)>& log) {
  for (const storage::Table* t : tables) {
    const auto t0 = std::chrono::steady_clock::now();
    const size_t chunks = load_one(db, *t);
    if (log) {
      char line[160];
      std::snprintf(line, sizeof line, "%s: %lld rows, %zu chunks, in %.1f s", t->name().c_str(),
                    static_cast<long long>(t->num_rows()), chunks,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      log(line);
    }
  }
}

}  // namespace tessera::duckdb

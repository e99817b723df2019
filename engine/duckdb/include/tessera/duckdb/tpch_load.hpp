// Loading Tessera's in-memory tables (the TPC-H generator's, or .tbl/CSV loads) into DuckDB, so both
// engines answer over the same data. Column types map one to one:
//   INT32 -> INTEGER, INT64 -> BIGINT, DOUBLE -> DOUBLE, BOOL -> BOOLEAN, DATE -> DATE,
//   DECIMAL(p,s) -> DECIMAL(p,s) (TPC-H money and quantities: DECIMAL(15,2)), MONEY -> DECIMAL(19,4),
//   CHAR(n) -> CHAR(n), VARCHAR(n) -> VARCHAR(n) (DuckDB stores both as VARCHAR and keeps no padding,
//   like Tessera). Non-nullable fields become NOT NULL columns.
// Rows go in through the appender API, one DuckDB data chunk (2048 rows) at a time, with the column
// buffers copied straight into the chunk's vectors.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::duckdb {

std::string quote_identifier(const std::string& s);        // "name" with " doubled
std::string duckdb_type_name(const storage::DataType& t);   // "DECIMAL(15,2)", "CHAR(25)", ...
std::string create_table_sql(const storage::Table& t);      // CREATE TABLE <name> (<col> <type> [NOT NULL], ...)

// Appends all rows of `t` to the existing DuckDB table of the same name (columns in schema order).
void append_table(DuckDb& db, const storage::Table& t);
// CREATE TABLE (from t's schema) and append_table.
void create_and_load(DuckDb& db, const storage::Table& t);

// Creates and fills every table of `tables` (e.g. tpch::generate_tables(opts)).
void load_tables(DuckDb& db, const std::vector<storage::Table>& tables);

// Creates and fills DuckDB tables from tables of a database on disk, stored chunk by chunk: a table function
// (stored_table_load.cpp) hands the stored chunks to DuckDB's own parallel INSERT, each of its threads decoding
// one chunk at a time (storage::Table::column_rows), so memory holds a chunk per thread, not the table (SF 100's
// lineitem, 100 million rows of hits), on `db`'s threads. Row order is not kept. `log` (if set) hears one line per
// table.
void load_stored_tables(DuckDb& db, const std::vector<const storage::Table*>& tables,
                        const std::function<void(const std::string&)>& log = {});

// Generates TPC-H at scale factor `sf` with the Tessera generator, loads all eight tables into `db`
// and returns the generated tables (for Tessera to run on the same data). threads <= 0: all cores.
std::vector<storage::Table> load_tpch(DuckDb& db, double sf, int gen_threads = 0);

}  // namespace tessera::duckdb

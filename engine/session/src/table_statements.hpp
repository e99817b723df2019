// The statements that create, fill, empty and drop tables: CREATE TABLE (columns, or AS SELECT),
// SELECT ... INTO, INSERT ... VALUES / SELECT, BULK INSERT, TRUNCATE TABLE, DROP TABLE. They work on the database
// through TableStore, so they stay apart from Database's query path.
//
// Values are converted to a column's declared type by the same conversion kernels as CAST (with its
// range checks: TINYINT, SMALLINT, SMALLMONEY), but a string longer than its column is an error (SQL
// Server's Msg 2628), not cut. A failing statement changes nothing: rows are built in a table of their
// own and appended only when every row converted and every NOT NULL column got a value.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "tessera/engine/database.hpp"
#include "tessera/sql/ast.hpp"

namespace tessera::engine::detail {

struct TableStore {
  std::function<storage::Table*(std::string_view)> find_table;  // nullptr if absent
  std::function<bool(std::string_view)> is_view;
  std::function<void(storage::Table)> add_table;
  std::function<void(std::string_view)> drop_table;
  std::function<void(const storage::Table&)> rows_changed;  // forget statistics and GPU copies
  std::function<QueryResult(const sql::SelectStatement&)> run_select;
  std::function<storage::Table(const std::string& name, const std::string& path, const FileRead&)> read_file;
  int threads = 1;  // for parsing files
};

// Each returns the number of rows it wrote, -1 for those that write none (CREATE TABLE, TRUNCATE, DROP). Throws Error with SQL
// Server's message number and the line:column of the part at fault.
int64_t create_table(sql::CreateTableStmt& st, TableStore& store);
int64_t select_into(sql::SelectStatement& q, TableStore& store);
int64_t insert(sql::InsertStmt& st, TableStore& store);
// BULK INSERT t FROM 'file' WITH (FORMAT = 'CSV' | 'PARQUET', FIRSTROW = n, FIELDTERMINATOR = 'c', ...): the
// file's fields read as text (CSV) and converted to t's columns as INSERT converts them.
int64_t bulk_insert(sql::BulkInsertStmt& st, TableStore& store);
int64_t truncate_table(const sql::TruncateTableStmt& st, TableStore& store);
int64_t drop_table(const sql::DropTableStmt& st, TableStore& store);

// The SQL type text a column's values are converted to ("SMALLINT", "DECIMAL(15,2)", "VARCHAR(MAX)").
std::string declared_type(const storage::Field& f);

}  // namespace tessera::engine::detail

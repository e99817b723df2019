// DuckDB through its C API (third_party/duckdb, installed by scripts/install_duckdb.sh): an in-memory
// database to run the oracle's queries on, with results as typed columns, rows of text or a RowSet
// for compare_results(). See docs/DUCKDB.md.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/duckdb/result_compare.hpp"

struct _duckdb_connection;  // duckdb.h's handle types, so that this header needs no duckdb.h

namespace tessera::duckdb {

// Any failure reported by DuckDB; what() holds DuckDB's own error text.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class ColumnKind : uint8_t { Bool, Int, Decimal, Double, Date, Timestamp, String };

// One result column, materialised. Values by kind:
//   Bool, Int (TINYINT..BIGINT, HUGEINT, unsigned), Decimal (scaled by 10^scale), Date (days since 1970),
//   Timestamp (microseconds since 1970)  -> ints;   Double (DOUBLE, FLOAT) -> doubles;   String -> strings.
// A NULL holds 0 / 0.0 / "" and valid[row] == 0.
struct ResultColumn {
  std::string name;
  std::string type_name;  // DuckDB's type: "BIGINT", "DECIMAL(38,2)", "DOUBLE", "DATE", "VARCHAR", ...
  ColumnKind kind = ColumnKind::Int;
  int width = 0;          // DECIMAL width
  int scale = 0;          // DECIMAL scale
  std::vector<int128> ints;
  std::vector<double> doubles;
  std::vector<std::string> strings;
  std::vector<uint8_t> valid;  // one per row, 1 = not NULL

  bool is_valid(size_t row) const { return valid[row] != 0; }
  Cell cell(size_t row) const;
};

struct Result {
  std::vector<ResultColumn> columns;
  int64_t rows = 0;

  const ResultColumn& column(std::string_view name) const;  // throws std::out_of_range
  RowSet row_set() const;
  // Every cell as text: decimals exactly with their scale, doubles in the shortest round-trip form
  // (full precision), dates YYYY-MM-DD, NULL as "NULL".
  std::vector<std::vector<std::string>> text_rows() const;
};

class DuckDb {
 public:
  // An in-memory database. threads <= 0: DuckDB's default (all cores).
  explicit DuckDb(int threads = 0);
  // A database in a file (created when absent): the cold benchmark's baseline over its own storage.
  DuckDb(const std::string& path, int threads);
  ~DuckDb();
  DuckDb(DuckDb&&) noexcept;
  DuckDb& operator=(DuckDb&&) noexcept;
  DuckDb(const DuckDb&) = delete;
  DuckDb& operator=(const DuckDb&) = delete;

  // Runs one or more ';'-separated statements. Throws Error("DuckDB: <DuckDB's message>\n  in: <sql>").
  void execute(std::string_view sql);
  // Runs the statements and returns the last one's result, materialised. Throws Error as execute()
  // does, and for result types it cannot represent (LIST, STRUCT, INTERVAL, ...: CAST them in SQL).
  Result query(std::string_view sql);
  // The single value of a one-row, one-column integer result (e.g. SELECT count(*) ...).
  int64_t query_int(std::string_view sql);

  int threads() const { return threads_; }
  _duckdb_connection* connection() const;  // the raw duckdb_connection, for the C API
  // Another connection to the same database (for appenders on several threads); `this` must outlive it.
  DuckDb connect() const;

  static std::string library_version();  // "v1.5.6"

 private:
  struct Impl;
  explicit DuckDb(std::unique_ptr<Impl> impl, int threads);
  std::unique_ptr<Impl> impl_;
  int threads_ = 0;
};

// Reads a whole file (a query), throws std::runtime_error naming the path if it cannot.
std::string read_text_file(const std::string& path);

}  // namespace tessera::duckdb

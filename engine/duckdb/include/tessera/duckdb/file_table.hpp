// A user's data file as a Tessera table, read by DuckDB's own readers (read_csv with its header and type
// detection, read_parquet) through the C API and handed over column by column through the Arrow C Data
// Interface (arrow_table.hpp). BULK INSERT of CSV and --csv/--data use Tessera's own parallel parser instead.
#pragma once

#include <string>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::duckdb {

// Reads `path` by its extension: .csv, .tsv, .txt (DuckDB's read_csv in its strict mode, the dialect fixed by
// Tessera -- ',' for .csv, a tab for .tsv, detected for .txt -- header and types detected, NULL as an empty
// field; a damaged row is an error naming the file, the line and the field: strict_csv.hpp) or .parquet. Only
// regular files: a FIFO, device or directory is refused. Column types: BOOLEAN -> BIT, TINYINT..INTEGER -> INT,
// BIGINT and UINTEGER -> BIGINT, UBIGINT and HUGEINT -> DECIMAL(38,0), DECIMAL(p,s) -> DECIMAL(p,s),
// FLOAT/DOUBLE -> FLOAT, DATE -> DATE, VARCHAR -> VARCHAR(MAX); anything else (TIMESTAMP, ...) is an
// error naming the column. Throws std::runtime_error naming the file for an unknown extension or
// DuckDB's error text for a file it cannot read.
storage::Table read_file_table(DuckDb& db, const std::string& name, const std::string& path);

// What BULK INSERT and read_csv(...) in FROM may ask of the reader; unset fields are detected.
struct FileReadOptions {
  std::string format;           // "csv" or "parquet"; "": by the extension
  int header = -1;              // CSV: 1 the first row names the columns, 0 it does not, -1 detect
  std::string delimiter;        // CSV: "" detect
  int64_t skip_rows = 0;        // CSV: lines skipped before the data (or the header)
  bool all_varchar = false;     // CSV: every column as VARCHAR (the caller converts)
};
storage::Table read_file_table(DuckDb& db, const std::string& name, const std::string& path,
                               const FileReadOptions& options);

}  // namespace tessera::duckdb

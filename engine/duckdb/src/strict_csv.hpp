// CSV files through DuckDB's read_csv without quiet misloads (issue 36): Tessera fixes the dialect (delimiter by
// the extension or the user, '"' quotes, the rows to skip) instead of letting DuckDB's sniffer guess it from a
// sample, since one damaged row made the sniffer pick another dialect (the whole file as one column, or every row
// before the damage skipped); the read runs in DuckDB's strict mode (no padding, no ignored rows). When DuckDB
// refuses a file, a structural pass over it as text finds the first damaged row, and the error names the file,
// the line and the field.
#pragma once

#include <string>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/duckdb/file_table.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::duckdb {

// `ext`: the path's extension, lower case (".csv", ".tsv", ".txt", ...).
storage::Table read_csv_strict(DuckDb& db, const std::string& name, const std::string& path, const FileReadOptions& options,
                               const std::string& ext);

// A path a reader may open: an existing regular file (or a glob pattern); a directory, FIFO, device or socket is
// refused with a message saying which, so a read never blocks on a pipe or runs forever on /dev/zero.
void check_regular_file(const std::string& path);

// `s` as a SQL string literal ('it''s').
std::string sql_string(const std::string& s);

// DuckDB's error text without what only DuckDB's developers need (the SQL it ran, "Possible fixes").
std::string clean_duckdb_error(const std::string& message);

}  // namespace tessera::duckdb

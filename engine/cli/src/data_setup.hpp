// The data the tessera command runs on: TPC-H generated (--sf), ClickBench's hits table generated (--hits N), or
// the TPC-H tables found as dbgen .tbl files (--data DIR) or CSV files with a header line (--csv DIR) in a
// directory. Generated data goes straight into the database on disk when there is one, part by part.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/engine/database.hpp"

namespace tessera::cli {

struct DataSource {
  enum class Kind { Generate, Hits, Tbl, Csv, None };  // None: no data option (a database given)
  Kind kind = Kind::Generate;
  double sf = 0.01;  // Generate
  int64_t hits_rows = 0;                   // Hits
  int64_t hits_part_rows = int64_t{1} << 20;  // Hits into a database on disk: rows generated and written at a time
  std::string dir;   // Tbl, Csv: <dir>/<table>.tbl or <dir>/<table>.csv for each TPC-H table present
};

struct LoadSummary {
  std::vector<std::string> tables;
  std::vector<int64_t> rows;  // per table
  double seconds = 0;
  std::string description;    // "TPC-H SF 0.01 (generated)", "/data/sf1 (.tbl)"
};

// Fills `db`. Generation shows a progress bar on stderr when `progress` and it takes more than a second;
// loading names each file on stderr when `progress`. Throws tpch::LoadError for a malformed file
// (file:line:column: what was expected) and std::runtime_error when the directory holds none of the
// tables' files or cannot be read.
LoadSummary load_data(engine::Database& db, const DataSource& src, int threads, bool progress);

// --load NAME=PATH: the file read by DuckDB's readers (duckdb::read_file_table) into table NAME. Throws
// std::runtime_error naming the file for one it cannot read, and when NAME exists already or Tessera was
// built without DuckDB.
// The engine's reader of users' files (read_csv(...) in FROM, BULK INSERT): DuckDB's readers where this
// build has DuckDB, else empty (the statements then say so).
engine::FileReader file_reader(int threads);

void load_file_table(engine::Database& db, const std::string& name, const std::string& path, int threads);

}  // namespace tessera::cli

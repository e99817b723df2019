#include "tessera/duckdb/file_table.hpp"

#include "tessera/duckdb/arrow_table.hpp"
#include "strict_csv.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <stdexcept>

#include "tessera/runtime/error.hpp"

namespace tessera::duckdb {

namespace {

using storage::DataType;

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

storage::Table read_file_table(DuckDb& db, const std::string& name, const std::string& path) {
  return read_file_table(db, name, path, FileReadOptions{});
}

storage::Table read_file_table(DuckDb& db, const std::string& name, const std::string& path,
                               const FileReadOptions& options) {
  check_regular_file(path);
  const std::string ext = lower(path.substr(path.find_last_of('.') == std::string::npos ? path.size()
                                                                                          : path.find_last_of('.')));
  std::string format = lower(options.format);
  if (format.empty()) {
    if (ext == ".csv" || ext == ".tsv" || ext == ".txt") format = "csv";
    else if (ext == ".parquet") format = "parquet";
    else
      throw tessera::Error(path + ": unknown file type '" + ext +
                               "' (.csv, .tsv, .txt are read as CSV, .parquet as Parquet; or say FORMAT)");
  }
  if (format == "csv") return read_csv_strict(db, name, path, options, ext);
  if (format != "parquet") throw tessera::Error(path + ": unknown format '" + options.format + "' (CSV or PARQUET)");
  // Column by column through the Arrow C Data Interface (arrow_table.cpp), not value by value.
  try {
    return read_arrow_table(db, name, "SELECT * FROM read_parquet(" + sql_string(path) + ")", path);
  } catch (const std::runtime_error& e) {
    throw tessera::Error(clean_duckdb_error(e.what()));
  }
}

}  // namespace tessera::duckdb

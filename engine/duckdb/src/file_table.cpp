#include "tessera/duckdb/file_table.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <stdexcept>

namespace tessera::duckdb {

namespace {

using storage::DataType;

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string sql_string(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

DataType tessera_type(const ResultColumn& c, const std::string& path) {
  switch (c.kind) {
    case ColumnKind::Bool: return DataType::boolean();
    case ColumnKind::Int:
      if (c.type_name == "TINYINT" || c.type_name == "SMALLINT" || c.type_name == "INTEGER" ||
          c.type_name == "UTINYINT" || c.type_name == "USMALLINT")
        return DataType::int32();
      if (c.type_name == "BIGINT" || c.type_name == "UINTEGER") return DataType::int64();
      return DataType::decimal(38, 0);  // UBIGINT, HUGEINT
    case ColumnKind::Decimal: return DataType::decimal(c.width, c.scale);
    case ColumnKind::Double: return DataType::float64();
    case ColumnKind::Date: return DataType::date();
    case ColumnKind::String: return DataType::varchar(0);
    case ColumnKind::Timestamp: break;
  }
  throw std::runtime_error(path + ": column '" + c.name + "' is " + c.type_name +
                           ", which Tessera cannot store yet (date-time types are not done); only its DATE "
                           "or VARCHAR form can be loaded");
}

}  // namespace

storage::Table read_file_table(DuckDb& db, const std::string& name, const std::string& path) {
  return read_file_table(db, name, path, FileReadOptions{});
}

storage::Table read_file_table(DuckDb& db, const std::string& name, const std::string& path,
                               const FileReadOptions& options) {
  const std::string ext = lower(path.substr(path.find_last_of('.') == std::string::npos ? path.size()
                                                                                          : path.find_last_of('.')));
  std::string format = lower(options.format);
  if (format.empty()) {
    if (ext == ".csv" || ext == ".tsv" || ext == ".txt") format = "csv";
    else if (ext == ".parquet") format = "parquet";
    else
      throw std::runtime_error(path + ": unknown file type '" + ext +
                               "' (.csv, .tsv, .txt are read as CSV, .parquet as Parquet; or say FORMAT)");
  }
  std::string reader;
  if (format == "csv") {
    reader = "read_csv(" + sql_string(path);
    if (options.header >= 0) reader += std::string(", header = ") + (options.header ? "true" : "false");
    if (!options.delimiter.empty()) reader += ", delim = " + sql_string(options.delimiter);
    if (options.skip_rows > 0) reader += ", skip = " + std::to_string(options.skip_rows);
    if (options.all_varchar) reader += ", all_varchar = true";
    reader += ")";
  } else if (format == "parquet") {
    reader = "read_parquet(" + sql_string(path) + ")";
  } else {
    throw std::runtime_error(path + ": unknown format '" + options.format + "' (CSV or PARQUET)");
  }
  Result r;
  try {
    r = db.query("SELECT * FROM " + reader);
  } catch (const Error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
  storage::Schema schema;
  for (const ResultColumn& c : r.columns) schema.add({c.name, tessera_type(c, path), true});
  storage::Table t(name, schema);
  const int64_t rows = r.rows;
  for (size_t k = 0; k < r.columns.size(); ++k) {
    const ResultColumn& c = r.columns[k];
    const DataType type = schema.field(k).type;
    rt::Column& out = t.column(k);
    const bool any_null = std::find(c.valid.begin(), c.valid.end(), 0) != c.valid.end();
    if (type.is_string()) {
      for (int64_t i = 0; i < rows; ++i) out.append_string(c.strings[i], c.valid[i] != 0);
      continue;
    }
    rt::Column col = rt::Column::fixed(type.physical(), rows);
    uint8_t* d = col.data.data();
    for (int64_t i = 0; i < rows; ++i) {
      switch (type.physical()) {
        case fn::SqlType::Bool: d[i] = c.ints[i] != 0; break;
        case fn::SqlType::Int32:
        case fn::SqlType::Date: {
          const int32_t v = static_cast<int32_t>(c.ints[i]);
          std::memcpy(d + i * 4, &v, 4);
          break;
        }
        case fn::SqlType::Float64: std::memcpy(d + i * 8, &c.doubles[i], 8); break;
        case fn::SqlType::Decimal128: {
          const __int128 v = c.ints[i];
          std::memcpy(d + i * 16, &v, 16);
          break;
        }
        default: {  // BIGINT, DECIMAL(<= 18)
          const int64_t v = static_cast<int64_t>(c.ints[i]);
          std::memcpy(d + i * 8, &v, 8);
        }
      }
    }
    if (any_null) col.valid.assign(c.valid.begin(), c.valid.end());
    out = std::move(col);
  }
  return t;
}

}  // namespace tessera::duckdb

// CSV through DuckDB, strictly (see strict_csv.hpp).
#include "strict_csv.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <regex>
#include <stdexcept>

#include "tessera/duckdb/arrow_table.hpp"
#include "tessera/runtime/error.hpp"

namespace tessera::duckdb {
std::string sql_string(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

namespace {

struct Dialect {
  std::string delimiter;  // "": DuckDB detects it (a .txt file without a delimiter given)
  int64_t skip = 0;
};

std::string dialect_args(const Dialect& d) {
  std::string a;
  if (!d.delimiter.empty()) a += ", delim = " + sql_string(d.delimiter);
  a += ", quote = '\"', escape = '\"', skip = " + std::to_string(d.skip);
  return a + ", strict_mode = true, null_padding = false, ignore_errors = false";
}

// The fields of the first record after `skip` lines (quotes respected), or 0 if the file has none.
size_t first_record_fields(const std::string& path, const Dialect& d) {
  std::ifstream in(path, std::ios::binary);
  std::string line;
  for (int64_t i = 0; i < d.skip && std::getline(in, line);) ++i;
  const char delim = d.delimiter.size() == 1 ? d.delimiter[0] : '\t';
  size_t fields = 1;
  bool quoted = false, any = false;
  for (char c; in.get(c);) {
    any = true;
    if (c == '"') quoted = !quoted;
    else if (!quoted && c == '\n') break;
    else if (!quoted && c == delim) ++fields;
  }
  return any ? fields : 0;
}

// The field (1-based) of `line` where a quote opens and never closes.
size_t unterminated_field(const std::string& line, char delim) {
  size_t field = 1, opened = 0;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
      if (quoted) opened = field;
    } else if (!quoted && c == delim) {
      ++field;
    }
  }
  return quoted ? opened : field;
}

// Reads the file as `fields` text columns in strict mode: DuckDB then reports the first row whose shape is wrong,
// which becomes "<file>: line L, field F: ...". nullopt if the file's structure is sound.
std::optional<std::string> first_damaged_row(DuckDb& db, const std::string& path, const Dialect& d, size_t fields) {
  std::string columns;
  for (size_t i = 1; i <= fields; ++i) columns += (i > 1 ? ", " : "") + sql_string("c" + std::to_string(i)) + ": 'VARCHAR'";
  try {
    db.query("SELECT count(*) FROM read_csv(" + sql_string(path) + ", auto_detect = false, header = false, columns = {" +
             columns + "}" + dialect_args(d) + ")");
    return std::nullopt;
  } catch (const Error& e) {
    const std::string m = e.what();
    std::smatch line, original, counts;
    if (!std::regex_search(m, line, std::regex("CSV Error on Line: ([0-9]+)"))) return clean_duckdb_error(m);
    std::string text;
    if (std::regex_search(m, original, std::regex("Original Line: ([^\n]*)"))) text = original[1];
    const std::string at = path + ": line " + line[1].str();
    const char delim = d.delimiter.size() == 1 ? d.delimiter[0] : ',';
    if (std::regex_search(m, counts, std::regex("Expected Number of Columns: ([0-9]+) Found: ([0-9]+)"))) {
      const size_t want = std::stoul(counts[1]), got = std::stoul(counts[2]);
      return at + ", field " + std::to_string(std::min(want, got) + 1) + ": " + std::to_string(got) + " fields where the " +
             "first row has " + std::to_string(want) + " (" + text + ")";
    }
    if (m.find("unterminated quote") != std::string::npos)
      return at + ", field " + std::to_string(unterminated_field(text, delim)) + ": a quoted value is not terminated (" +
             text + ")";
    return at + ": " + clean_duckdb_error(m);
  }
}

}  // namespace

std::string clean_duckdb_error(const std::string& message) {
  std::string m = message;
  for (const char* cut : {"\nPossible fixes:", "\nLINE 1:", "\n  in: "})
    if (const size_t at = m.find(cut); at != std::string::npos) m.erase(at);
  while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
  return m;
}

void check_regular_file(const std::string& path) {
  if (path.find_first_of("*?[") != std::string::npos) return;  // a glob: DuckDB expands it
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) throw tessera::Error(path + ": cannot open it (" + std::strerror(errno) + ")", ErrorKind::Io);
  const char* what = S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a FIFO (named pipe)"
                     : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device" : S_ISSOCK(st.st_mode) ? "a socket" : nullptr;
  if (what) throw tessera::Error(path + " is " + what + ", not a file: only regular files are read");
}

storage::Table read_csv_strict(DuckDb& db, const std::string& name, const std::string& path, const FileReadOptions& options,
                               const std::string& ext) {
  Dialect d;
  d.delimiter = options.delimiter;
  if (d.delimiter.empty() && ext == ".csv") d.delimiter = ",";
  if (d.delimiter.empty() && ext == ".tsv") d.delimiter = "\t";
  d.skip = options.skip_rows;
  std::string sql = "SELECT * FROM read_csv(" + sql_string(path) + dialect_args(d);
  if (options.header >= 0) sql += std::string(", header = ") + (options.header ? "true" : "false");
  if (options.all_varchar) sql += ", all_varchar = true";
  sql += ")";
  try {
    return read_arrow_table(db, name, sql, path);
  } catch (const std::runtime_error& e) {
    // Where the dialect is known, find the row that broke it; otherwise DuckDB's own words.
    if (!d.delimiter.empty() && path.find_first_of("*?[") == std::string::npos)
      if (const size_t fields = first_record_fields(path, d))
        if (std::optional<std::string> row = first_damaged_row(db, path, d, fields)) throw tessera::Error(*row);
    throw tessera::Error(clean_duckdb_error(e.what()));  // the file's content: the user's
  }
}

}  // namespace tessera::duckdb

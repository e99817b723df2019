// Loaders for dbgen .tbl files and CSV files into in-memory tables. A malformed row raises LoadError
// naming file, line and column and what was expected (a user error); a file that cannot be opened or read raises it
// without a line (an I/O error); the target table is only touched on success.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tessera/runtime/error.hpp"
#include "tessera/storage/table.hpp"
#include "tessera/tpch/schema.hpp"

namespace tessera::tpch {

class LoadError : public tessera::Error {
 public:
  LoadError(std::string file, int64_t line, int64_t column, std::string message);
  const std::string& file() const { return file_; }
  int64_t line() const { return line_; }      // 1-based
  int64_t column() const { return column_; }  // 1-based character position in the line (0: whole file)
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  int64_t line_, column_;
  std::string message_;
};

struct LoadOptions {
  enum class Format { Tbl, Csv } format = Format::Tbl;
  char delimiter = '|';       // Tbl: '|'; CSV: ',' by default (set by csv())
  bool header = false;        // CSV: first line names the columns (checked against the schema)
  std::string null_text = ""; // a field equal to this is NULL (only allowed in nullable columns)
  // Threads for one file: the text is cut at record boundaries (quote-aware for CSV) into pieces parsed in
  // parallel; an error names the same line a one-thread parse would. 1: one thread; 0: all cores.
  int threads = 1;
  int64_t skip_lines = 0;     // lines before the data (or the header) that are skipped; errors still count them

  static LoadOptions tbl() { return {}; }
  static LoadOptions csv(bool header = true, char delimiter = ',') {
    LoadOptions o;
    o.format = Format::Csv;
    o.delimiter = delimiter;
    o.header = header;
    return o;
  }
};

// Parses `text` (the contents of `file_name`) into a new table with `schema`.
storage::Table parse_table(std::string_view text, const std::string& file_name, const std::string& table_name,
                           const storage::Schema& schema, const LoadOptions& opts = {});

// Reads a file. Throws LoadError (line 0) if it cannot be read.
storage::Table load_file(const std::string& path, const std::string& table_name, const storage::Schema& schema,
                         const LoadOptions& opts = {});

// TPC-H conveniences: the table's schema from schema.hpp.
storage::Table load_tbl(const std::string& path, TableId t, int threads = 1);
storage::Table load_csv(const std::string& path, TableId t, bool header = true, char delimiter = ',', int threads = 1);

// Loads and appends to `dst` only if the whole file parsed (dst is unchanged on error).
void load_into(storage::Table& dst, const std::string& path, const LoadOptions& opts = {});

}  // namespace tessera::tpch

// Table functions in FROM, each a table that lives for one statement: read_csv(...) and read_parquet(...), a file read
// through DuckDB; GENERATE_SERIES and STRING_SPLIT, made from their constant arguments (constant_tables.cpp).
#include "constant_tables.hpp"
#include "database_impl.hpp"

namespace tessera::engine {

// read_csv('f', header = true, delim = ';', skip = 2, all_varchar = true) / read_parquet('f') in FROM.
const storage::Table* Database::Impl::file_table(const std::string& name, const std::vector<plan::TableFunctionArg>& args,
                                                 sql::SourceLocation loc) {
  if (name != "read_csv" && name != "read_csv_auto" && name != "read_parquet") return nullptr;
  if (!opts.file_reader)
    throw plan::BindError(loc, name + "(...) reads files through DuckDB, which this program was built without");
  FileRead fr;
  fr.format = name == "read_parquet" ? "parquet" : "csv";
  std::string path;
  auto flag = [&](const std::string& arg, const std::string& v) {
    if (v == "true" || v == "1") return true;
    if (v == "false" || v == "0") return false;
    throw plan::BindError(loc, name + ": " + arg + " must be true or false, not '" + v + "'");
  };
  for (const plan::TableFunctionArg& a : args) {
    const std::string& arg = a.name;
    const std::string& value = a.text;
    if (arg.empty()) {
      if (!path.empty()) throw plan::BindError(loc, name + " takes one file name (then name = value options)");
      path = value;
    } else if (fr.format == "csv" && arg == "header") {
      fr.header = flag(arg, value) ? 1 : 0;
    } else if (fr.format == "csv" && (arg == "delim" || arg == "sep" || arg == "delimiter")) {
      fr.delimiter = value;
    } else if (fr.format == "csv" && arg == "skip") {
      fr.skip_rows = std::stoll(value);
    } else if (fr.format == "csv" && arg == "all_varchar") {
      fr.all_varchar = flag(arg, value);
    } else {
      throw plan::BindError(loc, name + ": unknown option '" + arg + "'" +
                                     (fr.format == "csv" ? " (header, delim, skip, all_varchar)" : ""));
    }
  }
  if (path.empty()) throw plan::BindError(loc, name + " needs a file name: " + name + "('data.csv')");
  try {
    file_tables.push_back(std::make_unique<storage::Table>(opts.file_reader(path, path, fr)));
  } catch (const plan::BindError&) {
    throw;
  } catch (const tessera::Error& e) {  // the reader's: a damaged file (User), one that cannot be read (Io)
    throw plan::BindError(loc, name + ": " + e.what(), e.kind());
  } catch (const std::exception& e) {
    throw plan::BindError(loc, name + ": " + e.what());
  }
  return file_tables.back().get();
}

const storage::Table* Database::Impl::table_function(const std::string& name, const std::vector<plan::TableFunctionArg>& args,
                                                     sql::SourceLocation loc) {
  if (const storage::Table* t = file_table(name, args, loc)) return t;
  std::optional<storage::Table> made = constant_table(name, args, loc, host_memory_budget());  // constant_tables.cpp
  if (!made) return nullptr;
  file_tables.push_back(std::make_unique<storage::Table>(std::move(*made)));
  return file_tables.back().get();
}

// The tables read_csv(...) made for a statement, once it is done.
void Database::Impl::forget_file_tables() {
  for (const auto& t : file_tables) forget_rows(t.get());
  file_tables.clear();
}

}  // namespace tessera::engine

#include "dot_command.hpp"

#include "data_setup.hpp"

#include <cctype>
#include <charconv>
#include <vector>

#include "data_setup.hpp"
#include "options.hpp"

namespace tessera::cli {

namespace {

std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i >= line.size()) break;
    std::string w;
    if (line[i] == '\'' || line[i] == '"') {  // a quoted argument (a file name with blanks)
      const char q = line[i++];
      while (i < line.size() && line[i] != q) w += line[i++];
      if (i < line.size()) ++i;
    } else {
      while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) w += line[i++];
    }
    out.push_back(std::move(w));
  }
  return out;
}

void expect_args(const std::vector<std::string>& w, size_t min, size_t max, const char* usage) {
  if (w.size() - 1 < min || w.size() - 1 > max) throw UsageError(std::string("usage: ") + usage);
}

}  // namespace

std::string schema_text(const storage::Table& t) {
  std::string s = "CREATE TABLE " + t.name() + " (\n";
  const auto& fields = t.schema().fields();
  for (size_t i = 0; i < fields.size(); ++i) {
    s += "  " + fields[i].name + " " + fields[i].type.to_string();
    if (!fields[i].nullable) s += " NOT NULL";
    s += i + 1 < fields.size() ? ",\n" : "\n";
  }
  s += ");\n";
  return s;
}

std::string dot_help_text() {
  return ".tables               list the tables\n"
         ".schema [table]       CREATE TABLE text of a table (or of all)\n"
         ".timing on|off        print parse/plan/execute times after each statement\n"
         ".format table|csv     output format\n"
         ".maxrows N            table format: rows shown per result (0: all)\n"
         ".read FILE            run a SQL script\n"
         ".import FILE TABLE    load a .csv/.tsv/.txt or .parquet file as a new table (as --load)\n"
         ".help                 this list\n"
         ".quit, .exit          leave the shell (or Ctrl-D)\n"
         "SQL statements end with ';' and may span lines.\n";
}

DotResult run_dot_command(std::string_view line, ScriptRunner& runner, std::ostream& out) {
  const std::vector<std::string> w = words(line);
  if (w.empty()) return DotResult::Continue;
  const std::string& cmd = w[0];
  engine::Database& db = runner.database();
  RunSettings& settings = runner.settings();
  if (cmd == ".quit" || cmd == ".exit" || cmd == ".q") {
    return DotResult::Quit;
  } else if (cmd == ".help") {
    out << dot_help_text();
  } else if (cmd == ".tables") {
    expect_args(w, 0, 0, ".tables");
    for (const std::string& name : db.table_names()) out << name << '\n';
  } else if (cmd == ".schema") {
    expect_args(w, 0, 1, ".schema [table]");
    if (w.size() == 2) {
      const storage::Table* t = db.find_table(w[1]);
      if (!t) throw UsageError("no table '" + w[1] + "' (.tables lists them)");
      out << schema_text(*t);
    } else {
      for (const std::string& name : db.table_names())
        if (const storage::Table* t = db.find_table(name)) out << schema_text(*t);
    }
  } else if (cmd == ".timing") {
    expect_args(w, 1, 1, ".timing on|off");
    if (w[1] == "on") {
      settings.timing = true;
    } else if (w[1] == "off") {
      settings.timing = false;
    } else {
      throw UsageError("usage: .timing on|off");
    }
  } else if (cmd == ".format" || cmd == ".mode") {
    expect_args(w, 1, 1, ".format table|csv");
    if (!parse_output_format(w[1], settings.format.format)) throw UsageError("usage: .format table|csv");
  } else if (cmd == ".maxrows") {
    expect_args(w, 1, 1, ".maxrows N");
    int64_t n = 0;
    const auto [end, ec] = std::from_chars(w[1].data(), w[1].data() + w[1].size(), n);
    if (ec != std::errc() || end != w[1].data() + w[1].size() || n < 0) throw UsageError("usage: .maxrows N (N >= 0)");
    settings.format.max_rows = n;
  } else if (cmd == ".import") {
    expect_args(w, 2, 2, ".import FILE TABLE");
    load_file_table(db, w[2], w[1], 0);
    out << "loaded " << w[2] << ": " << db.find_table(w[2])->num_rows() << " rows\n";
  } else if (cmd == ".read") {
    expect_args(w, 1, 1, ".read FILE");
    runner.run(read_script_file(w[1]), w[1]);
  } else {
    throw UsageError("unknown command '" + cmd + "' (.help lists the commands)");
  }
  return DotResult::Continue;
}

}  // namespace tessera::cli

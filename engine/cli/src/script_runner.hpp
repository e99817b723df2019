// Runs SQL scripts statement by statement against a Database and prints every SELECT's (and EXPLAIN's)
// result, so that a script's output shows each answer, not only the last one. Stops at the first
// failing statement and names it:
//   tessera: error: q15.sql: statement 2 (line 15): <the engine's message>
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <string_view>

#include "result_format.hpp"
#include "tessera/engine/database.hpp"

namespace tessera::cli {

struct Statement;  // statement_splitter.hpp

struct RunSettings {
  FormatOptions format;
  bool timing = false;  // parse/plan/execute times of each statement on `err`
};

class ScriptRunner {
 public:
  ScriptRunner(engine::Database& db, RunSettings& settings, std::ostream& out, std::ostream& err)
      : db_(db), settings_(settings), out_(out), err_(err) {}

  // Runs every statement of `script`. `source` names it in messages ("q01.sql"; "" for -e and the shell:
  // then a single statement's error is the engine's message alone). Returns false after printing the
  // error of the first failing statement (later statements are not run).
  bool run(std::string_view script, const std::string& source);

  // The next result is printed without the blank line that otherwise separates results (the shell
  // calls it before each input, whose results follow the prompt).
  void start_output_group() { results_printed_ = 0; }

  RunSettings& settings() { return settings_; }
  engine::Database& database() { return db_; }

 private:
  void report_error(size_t index, const Statement& st, size_t count, const std::string& source,
                    const char* what);

  engine::Database& db_;
  RunSettings& settings_;
  std::ostream& out_;
  std::ostream& err_;
  int results_printed_ = 0;
};

// The whole text of a file ("-": standard input); throws std::runtime_error naming the path.
std::string read_script_file(const std::string& path);
std::string read_all(std::istream& in);

}  // namespace tessera::cli

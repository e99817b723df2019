// The shell's dot-commands (a line that starts with '.' where a statement would start):
//   .tables               the tables, one a line
//   .schema [table]       CREATE TABLE text of one table or of all
//   .timing on|off        print parse/plan/execute times after each statement
//   .format table|csv     output format
//   .maxrows N            table format: rows shown per result (0: all)
//   .read FILE            run a SQL script
//   .help                 this list
//   .quit / .exit         leave the shell
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "script_runner.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::cli {

enum class DotResult { Continue, Quit };

// Runs one dot-command. Throws UsageError (options.hpp) for an unknown command or a bad argument, and
// what the commands throw (a file that cannot be read). A failing .read prints its error itself.
DotResult run_dot_command(std::string_view line, ScriptRunner& runner, std::ostream& out);

// CREATE TABLE name (\n  column TYPE [NOT NULL],\n ...\n);
std::string schema_text(const storage::Table& t);

std::string dot_help_text();

}  // namespace tessera::cli

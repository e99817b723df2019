// The interactive shell (GNU readline): line editing, history in ~/.tessera_history, completion of
// table names, column names and SQL keywords, statements over several lines until a ';' ends them,
// and the dot-commands of dot_command.hpp where a statement would start. Errors are printed and the
// shell goes on. Ctrl-D (or .quit) leaves it.
#pragma once

#include <string>

#include "script_runner.hpp"

namespace tessera::cli {

// Runs the shell on the terminal until the user leaves; `banner` is printed first. Returns the exit code.
int run_shell(ScriptRunner& runner, const std::string& banner);

}  // namespace tessera::cli

// tessera: runs SQL on TPC-H data with the Tessera engine, or writes dbgen .tbl files.
//   tessera [--sf N | --data DIR | --csv DIR] [--format table|csv] [--timing] [-e SQL | FILE.sql ...]
//   tessera gen --sf N --out DIR
//   tessera serve DATABASE.tdb [--host H] [--port P]   (docs/SERVER.md)
// See docs/CLI.md. Every failure is a "tessera: error: ..." line on stderr and exit code 1.
#include <cstdio>
#include <iostream>
#include <string>
#include <unistd.h>
#include <vector>

#include "data_setup.hpp"
#include "engine_options.hpp"
#include "options.hpp"
#include "script_runner.hpp"
#include "serve_command.hpp"
#include "shell.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/tpch/progress_bar.hpp"

using namespace tessera;

namespace {

std::string banner(const cli::LoadSummary& s, const engine::Database& db) {
  int64_t rows = 0;
  for (int64_t r : s.rows) rows += r;
  char buf[256];
  std::snprintf(buf, sizeof buf, "Tessera shell on %s: %zu tables, %lld rows, ready in %.1f s.\n", s.description.c_str(),
                s.tables.size(), static_cast<long long>(rows), s.seconds);
  return std::string(buf) + "Operators: " + db.gpu_engine_status() + "; scalar functions of CPU operators on the " +
         db.function_device() + ".\nStatements end with ';'. .help lists the commands, .quit (or Ctrl-D) leaves.\n";
}

int run(const cli::RunOptions& o) {
  engine::Database db(cli::engine_options(o, std::cerr));
  for (const std::string& w : db.warnings()) std::cerr << "tessera: warning: " << w << '\n';
  const bool shell = o.scripts.empty() && isatty(STDIN_FILENO);
  const cli::LoadSummary loaded = cli::load_data(db, o.data, o.threads, isatty(STDERR_FILENO));
  for (const auto& [name, path] : o.loads) cli::load_file_table(db, name, path, o.threads);

  cli::RunSettings settings = o.settings;
  cli::ScriptRunner runner(db, settings, std::cout, std::cerr);
  if (shell) return cli::run_shell(runner, banner(loaded, db));
  if (o.scripts.empty()) return runner.run(cli::read_all(std::cin), "<stdin>") ? 0 : 1;
  for (const cli::ScriptSource& s : o.scripts) {
    const bool ok = s.kind == cli::ScriptSource::Kind::Inline
                        ? runner.run(s.text, "")
                        : runner.run(cli::read_script_file(s.text), s.text == "-" ? "<stdin>" : s.text);
    if (!ok) return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const cli::Command cmd = cli::parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
    switch (cmd.kind) {
      case cli::Command::Kind::Help:
        std::cout << cli::usage_text();
        return 0;
      case cli::Command::Kind::GenHelp:
        std::cout << cli::gen_usage_text();
        return 0;
      case cli::Command::Kind::ServeHelp:
        std::cout << cli::serve_usage_text();
        return 0;
      case cli::Command::Kind::Serve:
        return cli::run_serve(cmd.serve);
      case cli::Command::Kind::Gen:
        tpch::write_tbl_files_with_progress(cmd.gen.gen, cmd.gen.out, cmd.gen.quiet);
        return 0;
      case cli::Command::Kind::Run:
        return run(cmd.run);
    }
  } catch (const cli::UsageError& e) {
    std::cerr << "tessera: error: " << e.what() << "\n(tessera --help lists the options)\n";
  } catch (const std::exception& e) {  // engine::Error, tpch::LoadError (file:line:column: ...), I/O
    std::cerr << "tessera: error: " << e.what() << '\n';
  } catch (...) {
    std::cerr << "tessera: error: unknown exception\n";
  }
  return 1;
}

// The tessera command line:
//   tessera [DATABASE.tdb] [options] [-e SQL | FILE.sql ...]   run SQL (or an interactive shell)
//   tessera gen --sf N --out DIR [--threads N] [--tables t1,...] [--quiet]   write dbgen .tbl files
//   tessera serve DATABASE.tdb [--host H] [--port P] [engine options]         serve SQL Server's clients (TDS)
// parse_command_line() only reads the arguments (nothing is opened or run) and throws UsageError for
// anything it cannot take, with a message that names the argument.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "data_setup.hpp"
#include "script_runner.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/tpch/generator.hpp"

namespace tessera::cli {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ScriptSource {
  enum class Kind { Inline, File };  // -e SQL, or a file ("-": standard input)
  Kind kind = Kind::Inline;
  std::string text;                  // the SQL, or the path
};

struct RunOptions {
  DataSource data;
  std::vector<ScriptSource> scripts;  // in command-line order; empty: the shell, or the script on stdin
  RunSettings settings;
  int threads = 0;                    // engine and generator threads (0: all cores)
  std::string catalog_dir;            // engine::Options::catalog_dir
  engine::FunctionDevice functions = engine::FunctionDevice::Auto;  // --device
  bool case_insensitive = false;      // --collation ci
  int64_t memory_limit = 0;           // --memory-limit: engine::Options::host_memory_bytes
  int64_t gpu_memory = 0;             // --gpu-memory: engine::Options::gpu_cache_bytes
  int64_t morsel_rows = 0;            // --morsel-rows: engine::Options::morsel_rows
  int64_t spill_memory = 0;           // --spill-memory: engine::Options::spill_memory_bytes
  std::string spill_dir;              // --spill-dir: engine::Options::spill_directory
  engine::SpillMode spill = engine::SpillMode::Auto;  // --spill: engine::Options::spill
  int64_t statement_timeout_ms = 0;   // --statement-timeout: engine::Options::statement_timeout_ms
  std::vector<std::pair<std::string, std::string>> loads;  // --load name=path, besides the TPC-H data
  std::vector<std::string> udf_catalogs;                      // --udf-catalog DIR
  std::string database;  // a database on disk: the argument that ends with .tdb or names a directory
  std::vector<std::pair<std::string, std::string>> udf_sources;  // --udf SPEC.json FILE.cpp
};

struct GenCommandOptions {
  tpch::GenOptions gen;  // sf, threads, tables
  std::string out;
  bool quiet = false;
};

// tessera serve (docs/SERVER.md): the database and the engine options of `engine` (its scripts, data and output
// options are not taken), and where to listen.
struct ServeCommandOptions {
  RunOptions engine;
  std::string host = "127.0.0.1";
  uint16_t port = 1433;
  int io_threads = 2;
  std::string tls_certificate;  // --tls-cert FILE and --tls-key FILE (PEM): both or neither; none: no TLS
  std::string tls_key;
};

struct Command {
  enum class Kind { Run, Gen, Serve, Help, GenHelp, ServeHelp };
  Kind kind = Kind::Run;
  RunOptions run;
  GenCommandOptions gen;
  ServeCommandOptions serve;
};

// `args` without the program name.
Command parse_command_line(const std::vector<std::string>& args);

std::string usage_text();
std::string gen_usage_text();
std::string serve_usage_text();

}  // namespace tessera::cli

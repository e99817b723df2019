#include "options.hpp"

#include <cctype>
#include <charconv>
#include <filesystem>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>

#include "tessera/tpch/schema.hpp"

namespace tessera::cli {

namespace {

// Walks the arguments; options take their value as the next argument or after '=' (--sf=1).
class ArgReader {
 public:
  explicit ArgReader(const std::vector<std::string>& args) : args_(args) {}

  bool done() const { return i_ >= args_.size(); }
  // The next argument; for "--name=value" the name, with the value kept for value().
  std::string next() {
    std::string a = args_[i_++];
    inline_value_.reset();
    if (a.size() > 2 && a[0] == '-' && a[1] == '-') {
      const size_t eq = a.find('=');
      if (eq != std::string::npos) {
        inline_value_ = a.substr(eq + 1);
        a.resize(eq);
      }
    }
    current_ = a;
    return a;
  }
  std::string value() {
    if (inline_value_) {
      std::string v = *inline_value_;
      inline_value_.reset();
      return v;
    }
    if (done()) throw UsageError("option '" + current_ + "' needs a value");
    return args_[i_++];
  }
  // An option that takes no value was given one (--timing=yes).
  void no_value() {
    if (inline_value_) throw UsageError("option '" + current_ + "' takes no value");
  }
  const std::string& current() const { return current_; }

 private:
  const std::vector<std::string>& args_;
  size_t i_ = 0;
  std::string current_;
  std::optional<std::string> inline_value_;
};

// A database on disk: a path ending in .tdb, or an existing directory.
bool is_database_path(const std::string& a) {
  std::error_code ec;
  return (a.size() > 4 && a.compare(a.size() - 4, 4, ".tdb") == 0) || std::filesystem::is_directory(a, ec);
}

int64_t parse_count(const std::string& option, const std::string& v, int64_t max) {
  int64_t n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (v.empty() || ec != std::errc() || end != v.data() + v.size() || n < 0 || n > max)
    throw UsageError("bad value '" + v + "' for " + option + ": expected a whole number from 0 to " +
                     std::to_string(max));
  return n;
}

// A byte count: digits with an optional K, M, G or T (powers of 1024), e.g. 512M, 8G.
int64_t parse_bytes(const std::string& option, const std::string& v) {
  const size_t digits = v.find_first_not_of("0123456789");
  int shift = 0;
  if (digits != std::string::npos && digits + 1 == v.size()) {
    const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(v.back())));
    shift = u == 'K' ? 10 : u == 'M' ? 20 : u == 'G' ? 30 : u == 'T' ? 40 : -1;
  }
  int64_t n = 0;
  const char* end = v.data() + (digits == std::string::npos ? v.size() : digits);
  const auto [stop, ec] = std::from_chars(v.data(), end, n);
  if (v.empty() || digits == 0 || shift < 0 || (digits != std::string::npos && digits + 1 != v.size()) ||
      ec != std::errc() || stop != end || n <= 0 || n > (INT64_MAX >> shift))
    throw UsageError("bad value '" + v + "' for " + option + ": expected a size such as 512M or 8G");
  return n << shift;
}

// A duration: a number of seconds (fractions allowed), or digits with ms, s, min or h: 30, 2.5, 500ms, 10min.
int64_t parse_duration_ms(const std::string& option, const std::string& v) {
  size_t unit = v.find_first_not_of("0123456789.");
  if (unit == std::string::npos) unit = v.size();
  const std::string number = v.substr(0, unit), suffix = v.substr(unit);
  const double scale = suffix.empty() || suffix == "s" ? 1000 : suffix == "ms" ? 1 : suffix == "min" ? 60000
                       : suffix == "h"                  ? 3600000
                                                        : -1;
  char* end = nullptr;
  const double n = number.empty() ? -1 : std::strtod(number.c_str(), &end);
  const double ms = n * scale;
  if (scale < 0 || n < 0 || *end != 0 || !(ms >= 1) || ms > 1e12)
    throw UsageError("bad value '" + v + "' for " + option +
                     ": expected a time such as 30 (seconds), 2.5s, 500ms or 10min, at least 1 ms");
  return static_cast<int64_t>(ms);
}

double parse_scale_factor(const std::string& option, const std::string& v) {
  char* end = nullptr;
  const double sf = std::strtod(v.c_str(), &end);
  if (v.empty() || *end != 0 || !std::isfinite(sf)) throw UsageError("bad scale factor '" + v + "' for " + option);
  try {
    (void)tpch::scale_info(sf);
  } catch (const std::exception& e) {
    throw UsageError("bad scale factor '" + v + "' for " + option + ": " + e.what());
  }
  return sf;
}

std::vector<tpch::TableId> parse_tables(const std::string& v) {
  std::vector<tpch::TableId> out;
  size_t s = 0;
  while (s <= v.size()) {
    size_t e = v.find(',', s);
    if (e == std::string::npos) e = v.size();
    const std::string name = v.substr(s, e - s);
    if (!name.empty()) {
      const auto t = tpch::table_from_name(name);
      if (!t) throw UsageError("unknown table '" + name + "' for --tables");
      out.push_back(*t);
    }
    s = e + 1;
  }
  if (out.empty()) throw UsageError("--tables needs at least one table name");
  return out;
}

// The options that configure the engine, taken by `tessera` and `tessera serve` alike; false for any other.
bool take_engine_option(ArgReader& r, const std::string& a, RunOptions& o) {
  if (a == "--threads") {
    o.threads = static_cast<int>(parse_count(a, r.value(), 4096));
  } else if (a == "--catalog") {
    o.catalog_dir = r.value();
    if (o.catalog_dir.empty()) throw UsageError("--catalog needs a directory");
  } else if (a == "--udf-catalog") {
    o.udf_catalogs.push_back(r.value());
    if (o.udf_catalogs.back().empty()) throw UsageError("--udf-catalog needs a directory");
  } else if (a == "--udf") {
    const std::string spec = r.value();
    const std::string source = r.done() ? std::string() : r.value();
    if (spec.empty() || source.empty() || source[0] == '-')
      throw UsageError("--udf needs two arguments: the function spec (.json) and the C++ file");
    o.udf_sources.emplace_back(spec, source);
  } else if (a == "--device") {
    const std::string v = r.value();
    if (!engine::parse_function_device(v, o.functions))
      throw UsageError("bad value '" + v + "' for --device: expected auto, cpu or cuda");
  } else if (a == "--collation") {
    const std::string v = r.value();
    if (v != "ci" && v != "bin")
      throw UsageError("bad value '" + v + "' for --collation: expected ci (case-insensitive) or bin (binary)");
    o.case_insensitive = v == "ci";
  } else if (a == "--memory-limit") {
    o.memory_limit = parse_bytes(a, r.value());
  } else if (a == "--gpu-memory") {
    o.gpu_memory = parse_bytes(a, r.value());
  } else if (a == "--morsel-rows") {
    o.morsel_rows = parse_count(a, r.value(), INT64_MAX);
  } else if (a == "--spill-memory") {
    o.spill_memory = parse_bytes(a, r.value());
  } else if (a == "--spill-dir") {
    o.spill_dir = r.value();
  } else if (a == "--spill") {
    const std::string v = r.value();
    if (v == "auto") o.spill = engine::SpillMode::Auto;
    else if (v == "always") o.spill = engine::SpillMode::Always;
    else if (v == "never") o.spill = engine::SpillMode::Never;
    else throw UsageError("bad value '" + v + "' for --spill: expected auto, always or never");
  } else if (a == "--statement-timeout") {
    o.statement_timeout_ms = parse_duration_ms(a, r.value());
  } else {
    return false;
  }
  return true;
}

Command parse_gen(const std::vector<std::string>& args) {
  Command cmd;
  cmd.kind = Command::Kind::Gen;
  GenCommandOptions& g = cmd.gen;
  bool have_sf = false;
  ArgReader r(args);
  while (!r.done()) {
    const std::string a = r.next();
    if (a == "--sf" || a == "-s") {
      g.gen.sf = parse_scale_factor(a, r.value());
      have_sf = true;
    } else if (a == "--out" || a == "-o") {
      g.out = r.value();
    } else if (a == "--threads" || a == "-j") {
      g.gen.threads = static_cast<int>(parse_count(a, r.value(), 4096));
    } else if (a == "--tables" || a == "-T") {
      g.gen.tables = parse_tables(r.value());
    } else if (a == "--quiet" || a == "-q") {
      r.no_value();
      g.quiet = true;
    } else if (a == "--help" || a == "-h") {
      cmd.kind = Command::Kind::GenHelp;
      return cmd;
    } else {
      throw UsageError("unknown option '" + a + "' for tessera gen");
    }
  }
  if (!have_sf) throw UsageError("tessera gen needs --sf N");
  if (g.out.empty()) throw UsageError("tessera gen needs --out DIR");
  return cmd;
}

Command parse_serve(const std::vector<std::string>& args) {
  Command cmd;
  cmd.kind = Command::Kind::Serve;
  ServeCommandOptions& s = cmd.serve;
  ArgReader r(args);
  while (!r.done()) {
    const std::string a = r.next();
    if (a == "--host") {
      s.host = r.value();
      if (s.host.empty()) throw UsageError("--host needs an address (127.0.0.1, 0.0.0.0, ::1, ...)");
    } else if (a == "--port") {
      s.port = static_cast<uint16_t>(parse_count(a, r.value(), 65535));
    } else if (a == "--io-threads") {
      s.io_threads = static_cast<int>(parse_count(a, r.value(), 64));
      if (s.io_threads < 1) throw UsageError("--io-threads needs at least 1");
    } else if (a == "--tls-cert") {
      s.tls_certificate = r.value();
    } else if (a == "--tls-key") {
      s.tls_key = r.value();
    } else if (take_engine_option(r, a, s.engine)) {
      // the engine's options, as for tessera DATABASE.tdb
    } else if (a == "-h" || a == "--help") {
      cmd.kind = Command::Kind::ServeHelp;
      return cmd;
    } else if (a.size() > 1 && a[0] == '-') {
      throw UsageError("unknown option '" + a + "' for tessera serve");
    } else {
      if (!s.engine.database.empty())
        throw UsageError("tessera serve serves one database (got '" + s.engine.database + "' and '" + a + "')");
      if (!is_database_path(a))
        throw UsageError("'" + a + "' is not a database: give a directory tessera created, or a new path ending in .tdb");
      s.engine.database = a;
    }
  }
  if (s.engine.database.empty()) throw UsageError("tessera serve needs a database (DATABASE.tdb)");
  if (s.tls_certificate.empty() != s.tls_key.empty())
    throw UsageError("TLS needs both --tls-cert FILE and --tls-key FILE");
  s.engine.data.kind = DataSource::Kind::None;
  return cmd;
}

}  // namespace

Command parse_command_line(const std::vector<std::string>& args) {
  if (!args.empty() && args[0] == "gen") return parse_gen(std::vector<std::string>(args.begin() + 1, args.end()));
  if (!args.empty() && args[0] == "serve") return parse_serve(std::vector<std::string>(args.begin() + 1, args.end()));
  Command cmd;
  RunOptions& o = cmd.run;
  std::string data_option;  // the one of --sf, --hits, --data, --csv given
  auto set_data = [&](const std::string& a) {
    if (!data_option.empty() && data_option != a)
      throw UsageError("give only one of --sf, --hits, --data and --csv (got " + data_option + " and " + a + ")");
    data_option = a;
  };
  ArgReader r(args);
  bool only_files = false;  // after "--" every argument is a file
  while (!r.done()) {
    const std::string a = only_files ? std::string() : r.next();
    if (only_files) {
      o.scripts.push_back({ScriptSource::Kind::File, r.value()});
    } else if (a == "--") {
      only_files = true;
    } else if (a == "-e" || a == "--execute") {
      o.scripts.push_back({ScriptSource::Kind::Inline, r.value()});
    } else if (a == "--sf") {
      set_data(a);
      o.data.kind = DataSource::Kind::Generate;
      o.data.sf = parse_scale_factor(a, r.value());
    } else if (a == "--hits") {
      set_data(a);
      o.data.kind = DataSource::Kind::Hits;
      o.data.hits_rows = parse_count(a, r.value(), int64_t{1} << 40);
      if (o.data.hits_rows < 1) throw UsageError("--hits needs a number of rows of at least 1");
    } else if (a == "--data" || a == "--csv") {
      set_data(a);
      o.data.kind = a == "--data" ? DataSource::Kind::Tbl : DataSource::Kind::Csv;
      o.data.dir = r.value();
      if (o.data.dir.empty()) throw UsageError(a + " needs a directory");
    } else if (a == "--load") {
      const std::string v = r.value();
      const size_t eq = v.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == v.size())
        throw UsageError("--load needs name=path (got '" + v + "')");
      o.loads.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (a == "--format") {
      const std::string v = r.value();
      if (!parse_output_format(v, o.settings.format.format))
        throw UsageError("bad value '" + v + "' for --format: expected table or csv");
    } else if (a == "--timing") {
      r.no_value();
      o.settings.timing = true;
    } else if (take_engine_option(r, a, o)) {
      // --threads, --catalog, --udf..., --device, --collation, memory limits, --statement-timeout
    } else if (a == "--max-rows") {
      o.settings.format.max_rows = parse_count(a, r.value(), INT64_MAX);
    } else if (a == "-h" || a == "--help") {
      cmd.kind = Command::Kind::Help;
      return cmd;
    } else if (a.size() > 1 && a[0] == '-') {
      throw UsageError("unknown option '" + a + "'");
    } else if (is_database_path(a)) {
      if (!o.database.empty()) throw UsageError("give one database (got '" + o.database + "' and '" + a + "')");
      o.database = a;
    } else {
      o.scripts.push_back({ScriptSource::Kind::File, a});  // a file, or "-" for standard input
    }
  }
  // A database alone starts with its own tables, not generated TPC-H data.
  if (!o.database.empty() && data_option.empty()) o.data.kind = DataSource::Kind::None;
  return cmd;
}

std::string usage_text() {
  return "usage: tessera [DATABASE.tdb] [options] [-e SQL | FILE.sql ...]\n"
         "       tessera gen --sf N --out DIR [--threads N] [--tables t1,t2,...] [--quiet]\n"
         "       tessera serve DATABASE.tdb [--host H] [--port P] [options]   (tessera serve --help)\n"
         "\n"
         "Runs SQL on TPC-H data and prints every SELECT's result. Without -e or files: an interactive\n"
         "shell when standard input is a terminal, else the script read from standard input.\n"
         "\n"
         "DATABASE.tdb (or an existing directory) opens a database on disk, or creates it: its tables and\n"
         "views are loaded, and every change (CREATE/INSERT/DROP/TRUNCATE TABLE, views, --load, data options)\n"
         "is saved. Without a data option it starts with its own tables only.\n"
         "\n"
         "data (one of):\n"
         "  --sf N           generate TPC-H at scale factor N in memory (default 0.01)\n"
         "  --hits N         generate ClickBench's hits table with N rows (docs/CLICKBENCH.md)\n"
         "  --data DIR       load DIR/<table>.tbl (dbgen format) for each TPC-H table present\n"
         "  --csv DIR        load DIR/<table>.csv (comma-separated, header line) for each TPC-H table present\n"
         "  --load NAME=PATH table NAME from a .csv/.tsv/.txt (header and types detected) or .parquet file,\n"
         "                   besides the TPC-H data (may be given several times)\n"
         "options:\n"
         "  -e, --execute SQL  run SQL (';'-separated statements; may be given several times)\n"
         "  --format F       table (aligned, default) or csv (RFC 4180)\n"
         "  --max-rows N     table format: show at most N rows of a result (default 40; 0: all)\n"
         "  --timing         print parse/plan/execute times of each statement on stderr\n"
         "  --threads N      threads for the engine and the generator (default 0: all cores)\n"
         "  --catalog DIR    kernel catalog (default: $TESSERA_CATALOG, else the build's catalog)\n"
         "  --udf SPEC.json FILE.cpp  compile the C++ functions FILE declares in SPEC with tessera-cc and\n"
         "                   call them from SQL (docs/UDF.md; may be given several times)\n"
         "  --udf-catalog DIR  add the functions of a catalog tessera-cc --udf-spec built\n"
         "  --device D       where operators and scalar functions run: auto (the GPU if there is one,\n"
         "                   default; an operator the GPU engine lacks runs on the CPU, EXPLAIN says\n"
         "                   which), cpu, or cuda (the GPU, an error without one)\n"
         "  --collation C    the database's collation for strings: bin (binary, default) or ci\n"
         "                   (case-insensitive, SQL Server's default); COLLATE overrides it per expression\n"
         "  --memory-limit S host memory a scan's columns may take (e.g. 8G; default half the memory):\n"
         "                   a larger scan streams the table a morsel at a time\n"
         "  --gpu-memory S   GPU memory for cached table columns (default 80% of the free memory); a\n"
         "                   larger scan streams through the GPU a morsel at a time\n"
         "  --morsel-rows N  stream every scan that can stream in morsels of N rows (testing)\n"
         "  --spill-memory S host memory for the partitions a join too large for memory keeps for its\n"
         "                   later passes (default: as --memory-limit); the rest goes to a file\n"
         "  --spill-dir DIR  where that file goes (default $TMPDIR, else /tmp; deleted as created)\n"
         "  --spill M        auto (default: the CPU spills, the GPU recomputes from its cached chunks),\n"
         "                   always, or never (recompute the inputs in every partitioned pass)\n"
         "  --statement-timeout T  stop a statement that runs longer than T (30 = seconds, 500ms, 10min);\n"
         "                   it changes nothing. Ctrl-C cancels the running statement the same way\n"
         "  -h, --help       this text\n"
         "shell commands: .tables  .schema [table]  .timing on|off  .format table|csv  .maxrows N\n"
         "                .read FILE  .help  .quit\n";
}

std::string gen_usage_text() {
  return "usage: tessera gen --sf N --out DIR [--threads N] [--tables t1,t2,...] [--quiet]\n"
         "  writes DIR/<table>.tbl in TPC-H dbgen format (the same files as tessera-gen); tables: part,\n"
         "  partsupp, supplier, customer, orders, lineitem, nation, region (default: all)\n";
}

std::string serve_usage_text() {
  return "usage: tessera serve DATABASE.tdb [--host H] [--port P] [--io-threads N] [--tls-cert FILE --tls-key FILE]\n"
         "       [engine options]\n"
         "\n"
         "Serves the database to SQL Server's clients (FreeTDS tsql, pyodbc, pymssql, Node's mssql, ...) over\n"
         "TDS 7.1-7.4, until Ctrl-C or SIGTERM. Logs one line per connection, login and failure on stderr.\n"
         "Every client logs in: the first start of a database creates the administrator login 'sa' with the\n"
         "password in the environment variable TESSERA_SA_PASSWORD (and refuses to start without it); sa then\n"
         "runs CREATE LOGIN name WITH PASSWORD = '...', ALTER LOGIN and DROP LOGIN. With a certificate, clients\n"
         "that ask for encryption get TLS (the login only for ENCRYPT_OFF, everything for Encrypt=yes); without one\n"
         "they must connect with encryption off (docs/SERVER.md).\n"
         "\n"
         "  --host H         the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: all)\n"
         "  --port P         the TCP port (default 1433, SQL Server's; 0: any free port)\n"
         "  --io-threads N   network threads (default 2); statements run one at a time on the engine thread\n"
         "  --tls-cert FILE  the server's certificate (PEM, intermediates after it) for TLS; needs --tls-key\n"
         "  --tls-key FILE   its private key (PEM, unencrypted)\n"
         "engine options, as for tessera DATABASE.tdb:\n"
         "  --statement-timeout T  stop a statement that runs longer than T (30 = seconds, 500ms, 10min)\n"
         "  --device D  --collation C  --threads N  --memory-limit S  --gpu-memory S  --catalog DIR\n"
         "  --udf SPEC.json FILE.cpp  --udf-catalog DIR  --morsel-rows N  (tessera --help)\n";
}

}  // namespace tessera::cli

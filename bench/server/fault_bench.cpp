// tessera-faults: `tessera serve` under faults (issue 32 section 4; docs/SERVER.md "Faults"), with the load
// benchmark's TDS client and no client library, so that it runs wherever tessera does (the GPU machine too).
//
//   tessera-faults --tessera build/engine/cli/tessera [--db DATABASE.tdb] [--sf 0.01]
//                  [--phases mid-query,mid-result,server-kill,bad-logins] [--clients 3] [--writers 4]
//                  [--flood-threads 20] [--flood-seconds 4] [--min-wait-ms 2000] [--long-query SQL]
//                  [--looping-catalog DIR] [--server-arg ARG]... [--report FILE.md] [--keep]
//
// Starts the server over the database (TPC-H generated at --sf when it does not exist; without --db a temporary
// one), runs the phases (fault_run.hpp says what each checks) and writes a markdown report of every check; exits 1
// when one fails or the server does not stop cleanly at the end. The killed clients are this program again
// (`--child KIND PORT`), so that SIGKILL takes a whole client process as it would a real one.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "benchmark_database.hpp"
#include "fault_run.hpp"
#include "report_text.hpp"
#include "served_database.hpp"

namespace {

using namespace tessera::bench;

constexpr const char* kToolPassword = "Tessera-Faults-1";  // sa of a database the tool creates

// 120 million pairs at SF 0.01 (18 s on a core of the 2-core CI machine unless stopped); with --morsel-rows 1000 the
// engine looks at a stop every 2 million pairs.
constexpr const char* kLongQuery =
    "SELECT COUNT(*) FROM lineitem a CROSS JOIN part b WHERE LEN(a.l_comment + b.p_comment) > 1000";
// With --looping-catalog (the test user functions of compiler/, udf-looping-catalog): a statement that never ends
// unless stopped, on the CPU and on the GPU alike (COLLATZ_STEPS(0) loops; the loop's back edge checks for a stop).
// The cross join above is long on the CPU only: on a GPU it may end in a second, or be refused (its GPU join pairs at
// most 100 million rows).
constexpr const char* kForeverQuery = "SELECT MAX(COLLATZ_STEPS(CAST(n_nationkey * 0 AS BIGINT))) FROM nation";
// 60,000 rows at SF 0.01, several megabytes: far more than the sockets' buffers hold.
constexpr const char* kLargeResult = "SELECT l_orderkey, l_linenumber, l_comment, l_shipinstruct, l_shipmode FROM lineitem";

struct Options {
  std::string tessera;
  std::string database;
  std::string sf;
  std::vector<std::string> phases = {"mid-query", "mid-result", "server-kill", "bad-logins"};
  FaultOptions faults;
  std::vector<std::string> server_args = {"--morsel-rows", "1000"};
  std::string looping_catalog;
  std::string report;
  bool keep = false;
  std::string command_line;
};

[[noreturn]] void usage(const std::string& error) {
  std::cerr << "tessera-faults: " << error << "\n"
            << "usage: tessera-faults --tessera PATH [--db DATABASE.tdb] [--sf N]\n"
            << "       [--phases mid-query,mid-result,server-kill,bad-logins] [--clients N] [--writers N]\n"
            << "       [--flood-threads N] [--flood-seconds S] [--min-wait-ms MS] [--long-query SQL]\n"
            << "       [--looping-catalog DIR] [--server-arg ARG]... [--report FILE.md] [--keep]\n";
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  o.command_line = command_line(argc, argv);
  o.faults.long_query = kLongQuery;
  o.faults.large_result_query = kLargeResult;
  bool long_query_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(a + " needs a value");
      return argv[++i];
    };
    try {
      if (a == "--tessera") o.tessera = value();
      else if (a == "--db") o.database = value();
      else if (a == "--sf") o.sf = value();
      else if (a == "--phases") o.phases = split_list(value());
      else if (a == "--clients") o.faults.killed_clients = std::stoi(value());
      else if (a == "--writers") o.faults.writers = std::stoi(value());
      else if (a == "--flood-threads") o.faults.flood_threads = std::stoi(value());
      else if (a == "--flood-seconds") o.faults.flood = std::chrono::milliseconds(static_cast<int>(std::stod(value()) * 1000));
      else if (a == "--min-wait-ms") o.faults.min_throttle_wait_ms = std::stoi(value());
      else if (a == "--long-query") {
        o.faults.long_query = value();
        long_query_given = true;
      } else if (a == "--looping-catalog") o.looping_catalog = value();
      else if (a == "--server-arg") o.server_args.push_back(value());
      else if (a == "--report") o.report = value();
      else if (a == "--keep") o.keep = true;
      else usage("unknown option " + a);
    } catch (const std::invalid_argument&) {
      usage("bad value for " + a);
    }
  }
  if (o.tessera.empty()) usage("--tessera PATH is needed");
  if (!o.looping_catalog.empty()) {
    o.server_args.push_back("--udf-catalog");
    o.server_args.push_back(o.looping_catalog);
    if (!long_query_given) o.faults.long_query = kForeverQuery;
  }
  for (const std::string& p : o.phases)
    if (p != "mid-query" && p != "mid-result" && p != "server-kill" && p != "bad-logins") usage("unknown phase " + p);
  if (o.faults.killed_clients < 1 || o.faults.writers < 1 || o.faults.flood_threads < 1 || o.faults.flood.count() < 100)
    usage("--clients, --writers and --flood-threads need at least 1, --flood-seconds 0.1");
  return o;
}

std::string cell(std::string text) {
  for (char& c : text)
    if (c == '|' || c == '\n') c = ' ';
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "--child") return run_killed_client(argv[2], static_cast<uint16_t>(std::stoi(argv[3])));
  const Options o = parse(argc, argv);
  std::ostringstream report;
  FaultReport result;
  bool ok = true;
  std::filesystem::path work;
  const auto started = std::chrono::steady_clock::now();
  try {
    const BenchmarkDatabase db = prepare_database(o.tessera, o.database, o.sf, "tessera-faults", kToolPassword);
    work = db.temp_dir;
    FaultOptions faults = o.faults;
    faults.self = std::filesystem::read_symlink("/proc/self/exe").string();
    const std::string log_path = db.path + ".serve.log";
    ServeOptions serve{o.tessera, db.path, db.password, log_path, o.server_args, std::chrono::seconds(300)};
    auto server = std::make_unique<ServedDatabase>(serve);
    std::cerr << "tessera-faults: tessera serve on 127.0.0.1:" << server->port() << " (log " << log_path << ")\n";
    const auto restart = [serve]() mutable {
      serve.append_log = true;
      return std::make_unique<ServedDatabase>(serve);
    };
    run_faults(server, restart, db.password, o.phases, faults, result);

    const int rc = server->stop();
    result.check("end", "the server stopped cleanly on SIGTERM (exit 0)", rc == 0, "exit " + std::to_string(rc));
    const std::string log = server->log();
    std::istringstream lines(log);
    std::string unexpected;
    for (std::string line; std::getline(lines, line);)
      if (line.find("unexpected error") != std::string::npos && unexpected.empty()) unexpected = line;
    result.check("end", "no unexpected error in the server's log", unexpected.empty(), unexpected);
    ok = result.passed();

    report << "# tessera serve under faults\n\n"
           << "- Date: " << utc_now() << "; machine: " << machine() << "\n"
           << "- Command: `" << o.command_line << "`\n"
           << "- Database: `" << db.path << "`"
           << (db.fresh ? " (TPC-H SF " + db.sf + ", generated by this run)" : "") << "; server arguments: `serve DATABASE --port 0";
    for (const std::string& a : o.server_args) report << " " << a;
    report << "`" << (db.own_password ? std::string("; sa's password: ") + kToolPassword : std::string()) << "\n"
           << "- Clients: the load benchmark's TDS client (no client library); the killed clients are processes of "
              "their own (`tessera-faults --child`), killed with SIGKILL; " << faults.killed_clients
           << " per client phase, " << faults.writers << " writers of " << faults.rows_per_statement
           << "-row INSERTs, " << faults.flood_threads << " threads of wrong passwords for "
           << fixed(faults.flood.count() / 1000.0, 1) << " s\n"
           << "- Long query (mid-query): `" << faults.long_query << "`\n- Large result (mid-result): `"
           << faults.large_result_query << "`\n\n";
    report << "| phase | check | result | seen |\n|---|---|---|---|\n";
    for (const Check& c : result.checks)
      report << "| " << c.phase << " | " << cell(c.name) << " | " << (c.ok ? "ok" : "**FAIL**") << " | "
             << cell(c.detail) << " |\n";
    report << "\n";
    for (const auto& [phase, seconds] : result.phase_seconds) report << "- " << phase << ": " << fixed(seconds) << " s\n";
    for (const std::string& n : result.notes) report << "- " << n << "\n";
    size_t failed = 0;
    for (const Check& c : result.checks) failed += c.ok ? 0 : 1;
    report << "\nResult: "
           << (ok ? "PASS: " + std::to_string(result.checks.size()) + " checks in " +
                        fixed(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()) + " s"
                  : "FAIL: " + std::to_string(failed) + " of " + std::to_string(result.checks.size()) +
                        " checks (server log: " + log_path + ")")
           << "\n";
  } catch (const std::exception& e) {
    report << "\ntessera-faults: error: " << e.what() << "\n\nResult: FAIL\n";
    ok = false;
  }
  std::cout << report.str();
  if (!o.report.empty()) std::ofstream(o.report) << report.str();
  if (!work.empty() && !o.keep && ok) std::filesystem::remove_all(work);
  if (!work.empty() && !ok) std::cerr << "tessera-faults: work directory kept: " << work.string() << "\n";
  return ok ? 0 : 1;
}

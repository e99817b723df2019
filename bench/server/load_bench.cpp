// tessera-load: `tessera serve` under concurrent clients (issue 32 section 4; docs/SERVER.md "Load").
//
//   tessera-load --tessera build/engine/cli/tessera --db sf1.tdb [--sf 1] [--clients 16,64] [--duration 60]
//                [--suites tpch,tpch-scalar] [--queries engine/queries] [--timeout 600] [--seed 1]
//                [--server-arg ARG]... [--report FILE.md] [--keep]
//
// Starts the server over the database (generating TPC-H at --sf into it first when it does not exist; without --db,
// a temporary one), reads every query's single-user answer (twice: cold, then warm, which must agree), then for each client count runs that many connections
// sending the suites' queries for --duration seconds, and compares every answer with the single-user one. Reports
// queries per second and latency percentiles; exits 1 if any query failed, answered differently or got no answer, or
// the server did not stop cleanly.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "benchmark_database.hpp"
#include "load_run.hpp"
#include "report_text.hpp"
#include "served_database.hpp"

namespace {

using namespace tessera::bench;

constexpr const char* kBenchmarkPassword = "Tessera-Load-1";  // sa of a database the benchmark creates

struct Options {
  std::string tessera;
  std::string database;
  std::string sf;  // generate the database at this scale factor when it does not exist
  std::vector<int> clients = {16, 64};
  int duration_s = 60;
  int timeout_s = 600;
  std::vector<std::string> suites = {"tpch", "tpch-scalar"};
  std::string queries = TESSERA_SOURCE_DIR "/engine/queries";
  uint64_t seed = 1;
  std::vector<std::string> server_args;
  std::string report;
  bool keep = false;
  std::string command_line;
};

[[noreturn]] void usage(const std::string& error) {
  std::cerr << "tessera-load: " << error << "\n"
            << "usage: tessera-load --tessera PATH [--db DATABASE.tdb] [--sf N] [--clients 16,64] [--duration S]\n"
            << "       [--suites tpch,tpch-scalar] [--queries DIR] [--timeout S] [--seed N] [--server-arg ARG]...\n"
            << "       [--report FILE.md] [--keep]\n";
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  o.command_line = command_line(argc, argv);
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
      else if (a == "--clients") {
        o.clients.clear();
        for (const std::string& c : split_list(value())) o.clients.push_back(std::stoi(c));
      } else if (a == "--duration") o.duration_s = std::stoi(value());
      else if (a == "--timeout") o.timeout_s = std::stoi(value());
      else if (a == "--suites") o.suites = split_list(value());
      else if (a == "--queries") o.queries = value();
      else if (a == "--seed") o.seed = std::stoull(value());
      else if (a == "--server-arg") o.server_args.push_back(value());
      else if (a == "--report") o.report = value();
      else if (a == "--keep") o.keep = true;
      else usage("unknown option " + a);
    } catch (const std::invalid_argument&) {
      usage("bad value for " + a);
    }
  }
  if (o.tessera.empty()) usage("--tessera PATH is needed");
  for (int c : o.clients)
    if (c < 1 || c > 200) usage("--clients takes counts from 1 to 200 (the server takes 256 connections)");
  if (o.duration_s < 1) usage("--duration needs at least 1 s");
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  std::ostringstream report;
  bool ok = true;
  std::filesystem::path work;
  try {
    // The database: given, generated, or a temporary one; sa's password: TESSERA_SA_PASSWORD, or for a database
    // without logins yet the benchmark's own (written in the report: such a database is the benchmark's, on loopback).
    const BenchmarkDatabase db = prepare_database(o.tessera, o.database, o.sf, "tessera-load", kBenchmarkPassword);
    work = db.temp_dir;
    const std::string& database = db.path;
    const bool fresh = db.fresh, own_password = db.own_password;
    const std::string& password = db.password;
    const std::vector<Query> queries = load_queries(o.queries, o.suites);
    const std::string log_path = database + ".serve.log";  // beside the database
    ServedDatabase server({o.tessera, database, password, log_path, o.server_args, std::chrono::seconds(300)});
    std::cerr << "tessera-load: tessera serve on 127.0.0.1:" << server.port() << " (log " << log_path << "), "
              << queries.size() << " queries\n";

    const auto timeout = std::chrono::seconds(o.timeout_s);
    // Twice: the first run reads the columns from disk (cold) and is the reference; the second (warm) must give the
    // same bytes, and its times are the single-user baseline.
    const std::vector<Reference> answers = single_user_answers(server.port(), password, queries, timeout);
    const std::vector<Reference> warm = single_user_answers(server.port(), password, queries, timeout);
    double single_ms = 0, cold_ms = 0;
    for (size_t i = 0; i < answers.size(); ++i) {
      single_ms += warm[i].ms;
      cold_ms += answers[i].ms;
      if (warm[i].response != answers[i].response)
        throw std::runtime_error(queries[i].name + ": two single-user runs gave different answers");
    }

    report << "# tessera serve under load\n\n"
           << "- Date: " << utc_now() << "; machine: " << machine() << "\n"
           << "- Command: `" << o.command_line << "`\n"
           << "- Database: `" << database << "`" << (fresh ? " (TPC-H SF " + db.sf + ", generated by this run)" : "")
           << "; server arguments: `serve DATABASE --port 0";
    for (const std::string& a : o.server_args) report << " " << a;
    report << "`" << (own_password ? std::string("; sa's password: ") + kBenchmarkPassword : std::string())
           << "\n- Queries: " << queries.size() << " (" ;
    for (size_t i = 0; i < o.suites.size(); ++i) report << (i ? ", " : "") << "engine/queries/" << o.suites[i];
    report << "), each client in a shuffled order of its own (seed " << o.seed << "); every answer compared with the "
           << "single-user answer (the response's bytes; the same rows in another order would count as reordered)\n"
           << "- Single user, one query at a time on one connection: " << fixed(single_ms / 1000.0, 2)
           << " s for all " << queries.size() << " (" << fixed(queries.size() / (single_ms / 1000.0), 2)
           << " queries/s), warm; the first run, reading the columns from disk, " << fixed(cold_ms / 1000.0, 2)
           << " s. Both gave the same bytes for every query.\n\n";

    report << "| clients | duration s | queries | queries/s | p50 ms | p95 ms | p99 ms | max ms | errors | wrong answers | lost | reordered |\n"
           << "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    std::vector<LoadResult> results;
    for (size_t level = 0; level < o.clients.size(); ++level) {
      const int n = o.clients[level];
      std::cerr << "tessera-load: " << n << " clients for " << o.duration_s << " s\n";
      LoadResult r = run_load(server.port(), password, queries, answers, n, std::chrono::seconds(o.duration_s), timeout,
                              o.seed + level);
      report << "| " << n << " | " << fixed(r.seconds) << " | " << r.completed << " | " << fixed(r.per_second(), 2)
             << " | " << fixed(r.percentile(50), 0) << " | " << fixed(r.percentile(95), 0) << " | "
             << fixed(r.percentile(99), 0) << " | " << fixed(r.percentile(100), 0) << " | " << r.errors << " | "
             << r.wrong << " | " << r.lost << " | " << r.reordered << " |\n";
      if (r.errors || r.wrong || r.lost || r.completed == 0) ok = false;
      results.push_back(std::move(r));
    }

    report << "\nPer query: single-user time (warm), and the median latency under each load (ms; the number of runs in "
              "brackets)\n\n| query | rows | single ms |";
    for (int n : o.clients) report << " " << n << " clients p50 |";
    report << "\n|---|---:|---:|";
    for (size_t i = 0; i < o.clients.size(); ++i) report << "---:|";
    report << "\n";
    for (size_t i = 0; i < queries.size(); ++i) {
      report << "| " << queries[i].name << " | " << answers[i].rows << " | " << fixed(warm[i].ms, 0) << " |";
      for (const LoadResult& r : results) {
        const auto it = r.latencies_by_query.find(queries[i].name);
        if (it == r.latencies_by_query.end()) {
          report << " - |";
          continue;
        }
        std::vector<double> v = it->second;
        std::sort(v.begin(), v.end());
        report << " " << fixed(v[(v.size() - 1) / 2], 0) << " (" << v.size() << ") |";
      }
      report << "\n";
    }
    for (const LoadResult& r : results)
      for (const std::string& p : r.problems) report << "\n- " << r.clients << " clients: " << p;

    const int rc = server.stop();
    const std::string log = server.log();
    std::vector<std::string> server_problems;
    if (rc != 0) server_problems.push_back("the server exited " + std::to_string(rc) + " on SIGTERM");
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);)
      if (line.find("protocol error") != std::string::npos || line.find("unexpected error") != std::string::npos)
        server_problems.push_back("server log: " + line);
    for (const std::string& p : server_problems) report << "\n- " << p;
    if (!server_problems.empty()) ok = false;
    report << "\n\nResult: " << (ok ? "PASS: every answer equal to the single-user one, no error, nothing lost; the "
                                       "server stopped cleanly"
                                     : "FAIL")
           << "\n";
  } catch (const std::exception& e) {
    report << "\ntessera-load: error: " << e.what() << "\n";
    ok = false;
  }
  std::cout << report.str();
  if (!o.report.empty()) std::ofstream(o.report) << report.str();
  if (!work.empty() && !o.keep) std::filesystem::remove_all(work);
  return ok ? 0 : 1;
}

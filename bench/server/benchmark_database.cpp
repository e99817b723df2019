#include "benchmark_database.hpp"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include "report_text.hpp"
#include "served_database.hpp"

namespace tessera::bench {

BenchmarkDatabase prepare_database(const std::string& tessera, const std::string& given, const std::string& sf,
                                   const std::string& tool, const std::string& own_password) {
  BenchmarkDatabase db;
  db.path = given;
  if (db.path.empty()) {
    std::string pattern = "/tmp/" + tool + "-XXXXXX";
    db.temp_dir = ::mkdtemp(pattern.data());
    db.path = (db.temp_dir / "tpch.tdb").string();
  }
  db.fresh = !std::filesystem::exists(db.path);
  if (db.fresh) {
    db.sf = sf.empty() ? "0.01" : sf;
    std::cerr << tool << ": generating TPC-H SF " << db.sf << " into " << db.path << "\n";
    const auto t0 = std::chrono::steady_clock::now();
    const std::string log = db.path + ".generate.log";
    if (run_command({tessera, db.path, "--sf", db.sf, "-e", "SELECT 1"}, log) != 0)
      throw std::runtime_error("generating the database failed (" + log + ")");
    std::filesystem::remove(log);
    std::cerr << tool << ": generated in "
              << fixed(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()) << " s\n";
  }
  if (const char* p = std::getenv("TESSERA_SA_PASSWORD")) db.password = p;
  const bool has_logins = std::filesystem::exists(std::filesystem::path(db.path) / "logins.json");
  db.own_password = db.password.empty() && !has_logins;
  if (db.own_password) db.password = own_password;
  if (db.password.empty())
    throw std::runtime_error(db.path + " has logins: give sa's password in TESSERA_SA_PASSWORD (a database this tool "
                             "created has sa's password " + own_password + ")");
  return db;
}

}  // namespace tessera::bench

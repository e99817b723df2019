// libFuzzer target: SQL text through parse, bind, optimize and execute on a tiny database (two tables with
// NULLs, strings, decimals and dates). Queries run on one shared database; a script with a statement that
// changes it (CREATE, INSERT, DROP, ...) gets a fresh one, so no input's crash depends on an earlier input.
// An engine::Error is a rejected input; anything else escaping execute() -- another exception type, a
// crash, a sanitizer report, a hang past libFuzzer's -timeout -- is a bug.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "tessera/engine/database.hpp"
#include "tessera/sql/parser.hpp"

namespace {

const char* kSetup =
    "CREATE TABLE t (id INT NOT NULL, grp VARCHAR(10), amount DECIMAL(10,2), d DATE, x INT, f FLOAT, m MONEY);"
    "INSERT INTO t VALUES (1, 'a', 1.50, '1996-02-29', 10, 1.5, 2.0000), (2, 'b', 2.75, '1995-12-31', NULL, NULL, NULL),"
    " (3, 'a', 10.00, '1996-03-01', 30, -0.25, 7.5), (4, NULL, NULL, NULL, NULL, 1e300, -1), (5, 'b  ', 3.33, '1994-01-01', 50, 0, 0);"
    "CREATE TABLE u (k INT, label VARCHAR(20));"
    "INSERT INTO u VALUES (1, 'one'), (3, 'three'), (3, 'été'), (NULL, 'none');";

std::unique_ptr<tessera::engine::Database> fresh() {
  tessera::engine::Options o;
  o.threads = 1;
  o.functions = tessera::engine::FunctionDevice::Cpu;
  auto db = std::make_unique<tessera::engine::Database>(o);
  db->execute(kSetup);
  return db;
}

// Whether the script only reads (every statement a query); unparsable text changes nothing either.
bool read_only(const std::string& sql) {
  try {
    const tessera::sql::Script script = tessera::sql::parse_script(sql);
    for (const auto& st : script.statements)
      if (st->kind != tessera::sql::StatementKind::Select || !st->as<tessera::sql::SelectStmt>().query->into.empty())
        return false;
  } catch (const std::exception&) {
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 2048) return 0;  // long inputs add nothing the limits do not already cover, and run slowly
  static const std::unique_ptr<tessera::engine::Database> shared = fresh();
  const std::string sql(reinterpret_cast<const char*>(data), size);
  std::unique_ptr<tessera::engine::Database> own;
  tessera::engine::Database& db = read_only(sql) ? *shared : *(own = fresh());
  try {
    db.execute(sql);
  } catch (const tessera::engine::Error&) {
  }
  return 0;
}

// Every statement can be stopped (issue 36): a time limit (Options::statement_timeout_ms, --statement-timeout) or
// a cancel from another thread (Database::cancel, what Ctrl-C calls) ends a statement that would run forever --
// a user function looping on some input (tessera-cc's back-edge checks), or the engine's own long work -- with a
// clear message, changing nothing; the next statement runs normally. The same bodies run on the GPU on the device
// machine (the user functions' kernels on the GPU there).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "tessera/engine/database.hpp"
#include "tessera/sql_text.hpp"

using namespace tessera;
using ::testing::HasSubstr;

namespace {

// $TESSERA_UDF_LOOPING_CATALOG (the GPU machine's copy), else the one this build made.
std::string looping_catalog() {
  const char* dir = std::getenv("TESSERA_UDF_LOOPING_CATALOG");
  return dir && *dir ? dir : TESSERA_UDF_LOOPING_CATALOG;
}

std::unique_ptr<engine::Database> open(int64_t timeout_ms, int64_t morsel_rows = 0) {
  engine::Options o;
  o.threads = 2;
  o.udf_catalogs = {looping_catalog()};
  o.statement_timeout_ms = timeout_ms;
  o.morsel_rows = morsel_rows;
  auto db = std::make_unique<engine::Database>(o);
  db->execute("CREATE TABLE t (x BIGINT); INSERT INTO t VALUES (6), (7), (0), (27); CREATE TABLE kept (n INT)");
  return db;
}

using test::text_rows;

// Runs `sql`, which must fail; returns its message and how long it took.
std::pair<std::string, double> stopped(engine::Database& db, const std::string& sql) {
  const auto t0 = std::chrono::steady_clock::now();
  std::string message;
  try {
    db.execute(sql);
    ADD_FAILURE() << sql << ": ran to its end";
  } catch (const std::exception& e) {
    message = e.what();
  }
  return {message, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()};
}

using V = std::vector<std::string>;

TEST(StatementStop, UserFunctionsAnswerWhereTheyReturn) {
  auto db = open(0);
  // Collatz steps worked out by hand: 6 -> 3 -> 10 -> 5 -> 16 -> 8 -> 4 -> 2 -> 1 is 8; 7 is 16, 27 is 111.
  EXPECT_EQ(text_rows(*db, "SELECT x, COLLATZ_STEPS(x) FROM t WHERE x > 0 ORDER BY x"), (V{"6|8", "7|16", "27|111"}));
  // n = 2: i runs 3, 4, 5 three times: (3 + 4 + 5) * 3.
  EXPECT_EQ(text_rows(*db, "SELECT NESTED_SPIN(2)"), (V{"36"}));
}

TEST(StatementStop, ATimeLimitStopsAUserFunctionThatNeverReturns) {
  auto db = open(300);
  for (const char* sql : {"SELECT x, COLLATZ_STEPS(x) FROM t ORDER BY x",  // x = 0 loops forever
                          "SELECT NESTED_SPIN(x - 10) FROM t",             // the inner of two loops
                          "SELECT NESTED_SPIN(-1)"}) {                     // folded as a constant while planning
    SCOPED_TRACE(sql);
    const auto [message, seconds] = stopped(*db, sql);
    EXPECT_THAT(message, HasSubstr("the statement ran longer than its time limit of 300 ms"));
    EXPECT_THAT(message, HasSubstr("it changed nothing"));
    EXPECT_LT(seconds, 30.0);  // the loops saw the flag (without it the statement never ends)
    // The next statement runs normally: the flags were cleared.
    EXPECT_EQ(text_rows(*db, "SELECT COLLATZ_STEPS(x) FROM t WHERE x = 6"), (V{"8"}));
  }
}

TEST(StatementStop, AStoppedStatementChangesNothing) {
  auto db = open(300);
  db->execute("INSERT INTO kept VALUES (1)");
  const auto [message, seconds] = stopped(*db, "INSERT INTO kept SELECT COLLATZ_STEPS(x) FROM t");
  EXPECT_THAT(message, HasSubstr("time limit"));
  EXPECT_EQ(text_rows(*db, "SELECT count(*), sum(n) FROM kept"), (V{"1|1"}));
  const auto [m2, s2] = stopped(*db, "SELECT COLLATZ_STEPS(x) AS s INTO made FROM t");
  EXPECT_THAT(m2, HasSubstr("time limit"));
  EXPECT_EQ(db->find_table("made"), nullptr);
}

TEST(StatementStop, CancelFromAnotherThreadStopsTheStatement) {
  auto db = open(0);  // no time limit: only the cancel can end it
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    db->cancel();
  });
  const auto [message, seconds] = stopped(*db, "SELECT sum(COLLATZ_STEPS(x)) FROM t");
  canceller.join();
  EXPECT_THAT(message, HasSubstr("the statement was cancelled; it changed nothing"));
  EXPECT_LT(seconds, 30.0);
  // A cancel while nothing runs is forgotten: the next statement runs.
  db->cancel();
  EXPECT_EQ(text_rows(*db, "SELECT COLLATZ_STEPS(7)"), (V{"16"}));
}

// The engine's own work stops too, between operators and morsels: an aggregation streamed a row at a time over a
// table of 200,000 rows (seconds of work) ends at its time limit.
TEST(StatementStop, ATimeLimitStopsTheEnginesOwnLongWork) {
  auto db = open(0, /*morsel_rows=*/1);
  storage::Table big("big", storage::Schema({{"v", storage::DataType::int32()}}));
  for (int32_t i = 0; i < 200000; ++i) big.column(0).append<int32_t>(i);
  db->add_table(std::move(big));
  db->set_statement_timeout_ms(50);
  const auto [message, seconds] = stopped(*db, "SELECT count(*), sum(v) FROM big WHERE v % 7 = 3");
  EXPECT_THAT(message, HasSubstr("time limit of 50 ms"));
  EXPECT_LT(seconds, 30.0);
  db->set_statement_timeout_ms(0);
  db->execute("SELECT count(*) FROM t");  // runs again
}

}  // namespace

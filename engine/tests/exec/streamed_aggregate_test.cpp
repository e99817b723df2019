// Streamed aggregation (exec/morsels.hpp, plan/aggregate_split.hpp): an aggregation over filters, projections
// and joins down to one scan, run a morsel at a time and merged from partial aggregates, answers exactly as the same
// aggregation over the whole table, for every aggregate and type, with and without GROUP BY, with empty
// morsels, NULL-only groups and no rows at all; overflow is still reported; and a streamed scan of a stored
// table reads only chunks, never a whole column; joins whose other input is too large run in partitioned passes;
// rows without an aggregation (and top-N) stream too; zone maps skip the chunks a filter excludes.
// On the GPU machine the same bodies run with the operators on
// the GPU (decoding each morsel's chunks there).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>

#include "tessera/engine/database.hpp"
#include "tessera/sql_text.hpp"

using namespace tessera;
using storage::DataType;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

namespace {

constexpr int64_t kRows = 4000;

// id INT, big BIGINT, d DECIMAL(10,2), w DECIMAL(30,2), m MONEY, f FLOAT (quarters: every sum exact, in any
// order), g VARCHAR(8) (five groups, NULL too; rows 1500..2299 all NULL: whole chunks and morsels without a
// value), s VARCHAR, day DATE; NULLs in w, f, s.
storage::Table table_m() {
  storage::Schema s({{"id", DataType::int32()}, {"big", DataType::int64()}, {"d", DataType::decimal(10, 2)},
                     {"w", DataType::decimal(30, 2)}, {"m", DataType::money()}, {"f", DataType::float64()},
                     {"g", DataType::varchar(8)}, {"s", DataType::varchar(0)}, {"day", DataType::date()}});
  storage::Table t("m", s);
  std::mt19937_64 rng(17);
  const char* groups[] = {"é", "日本", "", "x  ", "abc"};
  for (int64_t r = 0; r < kRows; ++r) {
    t.column(0).append<int32_t>(static_cast<int32_t>(r * 3 - 5000));
    t.column(1).append<int64_t>(static_cast<int64_t>(rng() % 2000000000000LL) - 1000000000000LL);
    t.column(2).append<int64_t>(static_cast<int64_t>(rng() % 2000000) - 1000000);
    if (r % 5 == 0) storage::append_null(t.column(3));
    else t.column(3).append<__int128>(static_cast<__int128>(rng()) * 1000 - (static_cast<__int128>(1) << 70));
    t.column(4).append<int64_t>(static_cast<int64_t>(rng() % 100000000) - 50000000);
    if (r % 13 == 2) storage::append_null(t.column(5));
    else t.column(5).append<double>(static_cast<double>(static_cast<int64_t>(rng() % 4000) - 2000) / 4.0);
    if (r % 11 == 3 || (r >= 1500 && r < 2300)) storage::append_null(t.column(6));
    else t.column(6).append_string(groups[rng() % 5]);
    if (r % 9 == 4) storage::append_null(t.column(7));
    else t.column(7).append_string("t" + std::to_string(rng() % 1000000) + "ü");
    t.column(8).append<int32_t>(8000 + static_cast<int32_t>(rng() % 3000));
  }
  return t;
}

// dim: k INT (0..7, and a NULL), name VARCHAR: the other side of the joins.
storage::Table table_dim() {
  storage::Table t("dim", storage::Schema({{"k", DataType::int32()}, {"name", DataType::varchar(10)}}));
  for (int k = 0; k < 8; ++k) {
    t.column(0).append<int32_t>(k);
    t.column(1).append_string(k % 3 ? "n" + std::to_string(k) : "three");
  }
  storage::append_null(t.column(0));
  t.column(1).append_string("null");
  return t;
}

class StreamedAggregation : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = (fs::path(::testing::TempDir()) / ("tessera_streamed_" + std::to_string(getpid()))).string();
    fs::remove_all(dir_);
    engine::Options o = options();
    o.database_path = dir_;
    o.database_chunk_rows = 777;
    engine::Database writer(o);
    writer.add_table(table_m());
    writer.add_table(table_dim());
  }
  static void TearDownTestSuite() {
    fs::remove_all(dir_);
    for (int i = 1; i <= copies_; ++i) fs::remove_all(dir_ + "_" + std::to_string(i));
  }
  static engine::Options options() {
    engine::Options o;
    o.threads = 2;
    return o;
  }
  // The stored table, streamed in morsels of `morsel_rows` rows (not a multiple of the chunks' 777), or (0) as
  // the memory budget decides: `budget` bytes of host memory and of GPU column cache.
  static std::unique_ptr<engine::Database> stored(int64_t morsel_rows, int64_t budget = 0,
                                                  const std::function<void(engine::Options&)>& adjust = {}) {
    // A copy of the database for each (a database is open in one process at a time, Database included).
    const std::string copy = dir_ + "_" + std::to_string(++copies_);
    fs::remove_all(copy);
    fs::copy(dir_, copy, fs::copy_options::recursive);
    engine::Options o = options();
    o.database_path = copy;
    o.morsel_rows = morsel_rows;
    o.host_memory_bytes = budget;
    o.gpu_cache_bytes = budget;
    if (adjust) adjust(o);
    return std::make_unique<engine::Database>(o);
  }
  static std::unique_ptr<engine::Database> whole() {
    auto db = std::make_unique<engine::Database>(options());
    db->add_table(table_m());
    db->add_table(table_dim());
    return db;
  }
  static std::vector<std::string> cells(engine::Database& db, const std::string& sql) { return test::text_rows(db, sql); }
  // Query q's answer from each of `dbs` equals `reference`'s (an error is a failure, not an abort of the test).
  static void expect_same_answers(const char* q, engine::Database& reference,
                                  std::initializer_list<engine::Database*> dbs) {
    SCOPED_TRACE(q);
    try {
      const std::vector<std::string> expected = cells(reference, q);
      for (engine::Database* db : dbs) EXPECT_EQ(cells(*db, q), expected);
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what();
    }
  }
  // EXPLAIN ANALYZE's text for q.
  static std::string explain_analyze(engine::Database& db, const std::string& q) {
    std::string text;
    for (const std::string& line : cells(db, "EXPLAIN ANALYZE " + q)) text += line + "\n";
    return text;
  }
  static std::string dir_;
  static int copies_;
};
std::string StreamedAggregation::dir_;
int StreamedAggregation::copies_ = 0;

const char* kQueries[] = {
    // every aggregate over every type, grouped (a NULL group too) and not
    "SELECT g, count(*), count(w), count(f), sum(id), sum(big), sum(d), sum(w), sum(m), sum(f), avg(id), avg(big), "
    "avg(d), avg(w), avg(m), avg(f), min(id), max(big), min(d), max(w), min(m), max(f), min(s), max(s), min(day), "
    "max(day), min(g), max(g) FROM m GROUP BY g ORDER BY g",
    "SELECT count(*), count(w), sum(id), sum(big), sum(d), sum(w), sum(m), sum(f), avg(id), avg(big), avg(d), avg(w), "
    "avg(m), avg(f), min(s), max(s), min(day), max(g) FROM m",
    // a filter that leaves most morsels empty, and one that leaves no row at all
    "SELECT g, count(*), sum(d), avg(w), min(s) FROM m WHERE id BETWEEN 100 AND 400 GROUP BY g ORDER BY g",
    "SELECT count(*), count(g), sum(d), avg(w), min(s), max(f) FROM m WHERE id > 1000000",
    "SELECT g, count(*), sum(d) FROM m WHERE id > 1000000 GROUP BY g",
    // projections and filters in the chain, a HAVING above it, expressions as keys, a key per row
    "SELECT g, sum(id * 2 + big), avg(d * 2), count(*) FROM m WHERE f > 0 GROUP BY g ORDER BY g",
    "SELECT g, sum(d) FROM m GROUP BY g HAVING count(*) > 500 ORDER BY g",
    "SELECT id % 7 AS k, count(*), avg(f), max(s) FROM m GROUP BY id % 7 ORDER BY k",
    "SELECT id, sum(d), avg(m) FROM m GROUP BY id ORDER BY id",
    "SELECT day, g, count(*) FROM m WHERE day < '1992-03-01' GROUP BY day, g ORDER BY day, g",
    // DISTINCT does not merge from partials: the whole input, as before
    "SELECT count(DISTINCT g), count(*) FROM m",
    // joins on the way down: m streams, dim is computed once and every morsel joins with it
    "SELECT d.name, count(*), sum(m.d), avg(m.w), max(m.s) FROM m JOIN dim d ON m.id % 10 = d.k GROUP BY d.name "
    "ORDER BY d.name",
    "SELECT d.name, count(*), count(d.k), sum(m.big) FROM m LEFT JOIN dim d ON m.id % 10 = d.k WHERE m.f > -100 "
    "GROUP BY d.name ORDER BY d.name",
    "SELECT g, count(*), sum(d) FROM m WHERE EXISTS (SELECT * FROM dim WHERE dim.k = m.id % 10) GROUP BY g ORDER BY g",
    "SELECT count(*), sum(d) FROM m WHERE NOT EXISTS (SELECT * FROM dim WHERE dim.k = m.id % 10 AND dim.name <> 'n4')",
    "SELECT count(*) FROM m WHERE m.id % 10 NOT IN (SELECT k FROM dim)",  // dim has a NULL k: no row
    "SELECT count(*), min(m.s) FROM m WHERE m.id % 10 NOT IN (SELECT k FROM dim WHERE k IS NOT NULL)",
    "SELECT a.g, count(*) FROM m a JOIN m b ON a.id = b.id + 3 WHERE b.day > '1992-01-01' GROUP BY a.g ORDER BY a.g",
};

TEST_F(StreamedAggregation, AnswersAsTheWholeTableOnEitherDevice) {
  auto memory = whole();
  auto forced = stored(500);
  // 256 KiB: a scan of more than a few columns streams in morsels of one chunk (the decoded table is ~440 KB)
  auto budgeted = stored(0, 256 << 10);
  for (const char* q : kQueries) expect_same_answers(q, *memory, {forced.get(), budgeted.get()});
  // Values worked out by hand: ids are 3r - 5000 for r < 4000.
  EXPECT_EQ(cells(*forced, "SELECT count(*), sum(id), min(id), max(id), avg(id) FROM m"),
            std::vector<std::string>{"4000|3994000|-5000|6997|998"});
  EXPECT_EQ(cells(*forced, "SELECT count(*), sum(id), avg(id) FROM m WHERE id > 1000000"),
            std::vector<std::string>{"0|NULL|NULL"});
  // ids -500..1900 are rows 1500..2300; g is NULL on 1500..2299 and not on 2300 (2300 % 11 is 1)
  EXPECT_EQ(cells(*forced, "SELECT count(*), count(g) FROM m WHERE id BETWEEN -500 AND 1900"),
            std::vector<std::string>{"801|1"});
}

// Joins whose other input is itself too large for the budget (exec/join_partitions.hpp): that input is collected a
// morsel of its own scan at a time and, when its result is too large too, the join runs in passes, each over the
// rows whose integer key falls in one partition (|k % P| = p: negative keys too; NULL keys of a LEFT or anti join's
// kept side in pass 0; NOT IN is collected but never partitioned). m's ids run from -5000 to 6997.
const char* kPartitionedQueries[] = {
    "SELECT a.g, count(*), sum(b.d), max(b.s) FROM m a JOIN m b ON a.id = b.id + 3 GROUP BY a.g ORDER BY a.g",
    "SELECT a.g, count(*), count(b.id), sum(b.d), min(b.s) FROM m a LEFT JOIN m b ON a.id = b.id * 2 "
    "GROUP BY a.g ORDER BY a.g",
    "SELECT count(*), count(b.id), sum(a.d) FROM m a LEFT JOIN m b "
    "ON (CASE WHEN a.w IS NULL THEN NULL ELSE a.id END) = b.id + 3",
    "SELECT g, count(*), sum(d) FROM m a WHERE EXISTS (SELECT * FROM m b WHERE b.id = a.id + 6 AND b.s <> a.s) "
    "GROUP BY g ORDER BY g",
    "SELECT count(*), sum(d), min(s) FROM m a WHERE NOT EXISTS (SELECT * FROM m b WHERE b.id = a.id - 3 AND b.f > 0)",
    "SELECT count(*), sum(d) FROM m a WHERE NOT EXISTS (SELECT * FROM m b WHERE b.id = "
    "(CASE WHEN a.f IS NULL THEN NULL ELSE a.id END) + 3)",
    "SELECT count(*), sum(a.d) FROM m a WHERE a.id NOT IN (SELECT b.id + 3 FROM m b WHERE b.f > 0)",
    "SELECT count(*) FROM m a WHERE a.id NOT IN (SELECT CASE WHEN b.f IS NULL THEN NULL ELSE b.id END FROM m b)",
    // two joins on one streamed key column share the passes; on different keys they multiply
    "SELECT a.g, count(*) FROM m a WHERE EXISTS (SELECT * FROM m b WHERE b.id = a.id AND b.f > 0) AND NOT EXISTS "
    "(SELECT * FROM m c WHERE c.id = a.id AND c.s < 't5') GROUP BY a.g ORDER BY a.g",
    "SELECT a.g, count(*), sum(c.d) FROM m a JOIN m b ON b.id = a.id + 3 JOIN m c ON c.big % 1000 = b.id % 1000 "
    "WHERE c.day < '1992-03-01' GROUP BY a.g ORDER BY a.g",
};

TEST_F(StreamedAggregation, JoinsWithATooLargeOtherInputRunInPartitionedPasses) {
  auto memory = whole();
  // 32 KiB: every scan of m streams, and the joins' other inputs need several partitions each
  auto budgeted = stored(0, 32 << 10);
  for (const char* q : kPartitionedQueries) expect_same_answers(q, *memory, {budgeted.get()});
  EXPECT_THAT(explain_analyze(*budgeted, kPartitionedQueries[1]), ::testing::MatchesRegex("(.|\n)*streamed in [0-9]+ morsels over [0-9]+ partitioned passes(.|\n)*"));
  // Values worked out by hand: a.id = b.id + 3 matches ids 3r - 5000 for r in 1..3999, one b row each.
  EXPECT_EQ(cells(*budgeted, "SELECT count(*), count(b.id) FROM m a LEFT JOIN m b ON a.id = b.id + 3"),
            std::vector<std::string>{"4000|3999"});
}

// Keys that are not integers (strings, DECIMAL narrow and wide, MONEY, DATE, FLOAT) partition by KEY_PARTITION, a
// hash of the key as the join compares it (exec/key_partition.hpp): strings equal up to trailing blanks, and 0.0 and
// -0.0, meet in one pass; NULL keys of a LEFT join's kept side in pass 0. The same bodies run on the GPU, whose hash
// must put each row where the CPU's does.
const char* kHashPartitionedQueries[] = {
    "SELECT a.g, count(*), count(b.s), min(b.s) FROM m a LEFT JOIN m b ON a.s = b.s + '  ' GROUP BY a.g ORDER BY a.g",
    "SELECT count(*), sum(a.id), max(b.s) FROM m a JOIN m b ON a.d = b.d",
    "SELECT count(*), count(b.id), sum(b.big) FROM m a LEFT JOIN m b ON a.w = b.w",
    "SELECT count(*), sum(a.id - b.id) FROM m a JOIN m b ON a.m = b.m",
    "SELECT a.g, count(*), sum(b.id) FROM m a JOIN m b ON a.day = b.day GROUP BY a.g ORDER BY a.g",
    "SELECT count(*), sum(a.id), sum(b.id) FROM m a JOIN m b ON a.f = b.f * -1",
    "SELECT g, count(*), sum(d) FROM m a WHERE NOT EXISTS (SELECT * FROM m b WHERE b.d = a.d + 0.01 AND b.f > 0) "
    "GROUP BY g ORDER BY g",
    "SELECT count(*), sum(a.d) FROM m a WHERE EXISTS (SELECT * FROM m b WHERE b.s = a.s AND b.id <> a.id)",
};

TEST_F(StreamedAggregation, JoinsOnKeysThatAreNotIntegersPartitionByAHashOfTheKey) {
  auto memory = whole();
  auto budgeted = stored(0, 32 << 10);
  auto spilled = stored(0, 32 << 10, [](engine::Options& o) {
    o.spill = engine::SpillMode::Always;
    o.spill_memory_bytes = 1;
  });
  for (const char* q : kHashPartitionedQueries) {
    expect_same_answers(q, *memory, {budgeted.get(), spilled.get()});
    // Partitioned, not only collected: the passes are there.
    EXPECT_THAT(explain_analyze(*budgeted, q), ::testing::MatchesRegex("(.|\n)*over [0-9]+ partitioned passes(.|\n)*"))
        << q;
  }
  // Values worked out by hand: every s that is not NULL meets itself (padded) and its duplicates.
  EXPECT_EQ(cells(*budgeted, "SELECT count(*) FROM m a JOIN m b ON a.s = b.s + ' '"),
            cells(*memory, "SELECT count(*) FROM m a JOIN m b ON a.s = b.s"));
  // One row has f = 0 (row 2000); 0.0 * -1 is -0.0, which equals 0.0: it joins and groups with it, in memory, streamed
  // and partitioned (the engine's hashes put -0.0 with 0.0).
  for (engine::Database* db : {memory.get(), budgeted.get()}) {
    EXPECT_EQ(cells(*db, "SELECT count(*) FROM m a JOIN m b ON a.f = b.f * -1 AND a.f = 0"), std::vector<std::string>{"1"});
    EXPECT_EQ(cells(*db, "SELECT count(*) FROM m a JOIN m b ON a.f * -1 = b.f WHERE b.f = 0"), std::vector<std::string>{"1"});
    EXPECT_EQ(cells(*db, "SELECT count(*) FROM (SELECT f * -1 AS z FROM m WHERE f = 0 UNION ALL SELECT f FROM m "
                         "WHERE f = 0) t GROUP BY z"),
              std::vector<std::string>{"2"});
  }
}

// The partitions of later passes spilled (exec/spilled_passes.hpp) instead of recomputed: into host memory, to a file
// beyond the spill memory, or not at all; the answers are the same every way. A spill directory that cannot take
// the file is a clean error that leaves the database as it was.
TEST_F(StreamedAggregation, PartitionedPassesSpillToMemoryOrDiskWithTheSameAnswers) {
  auto memory = whole();
  // Always: the GPU's default is to recompute (its cache keeps the stored chunks); these bodies run on both devices.
  auto in_memory = stored(0, 32 << 10, [](engine::Options& o) {
    o.spill = engine::SpillMode::Always;
    o.spill_memory_bytes = int64_t(1) << 30;
  });
  auto on_disk = stored(0, 32 << 10, [](engine::Options& o) {
    o.spill = engine::SpillMode::Always;
    o.spill_memory_bytes = 1;
  });
  auto recomputed = stored(0, 32 << 10, [](engine::Options& o) { o.spill = engine::SpillMode::Never; });
  for (const char* q : kPartitionedQueries) expect_same_answers(q, *memory, {in_memory.get(), on_disk.get(), recomputed.get()});
  // One streamed key: the partitions spill; nothing on disk while the memory holds them, all of it when it holds none.
  const char* q = kPartitionedQueries[0];
  // "..., S spilled (D to disk)": in memory D is nothing; on disk D is all of S (and S is the same both ways).
  auto spilled = [&](engine::Database& db) {
    std::smatch m;
    const std::string text = explain_analyze(db, q);
    if (!std::regex_search(text, m, std::regex("partitioned passes, ([0-9.]+ [A-Za-z]+) spilled \\(([0-9.]+ [A-Za-z]+) to disk\\)")))
      return std::pair<std::string, std::string>{"none in: " + text, ""};
    return std::pair<std::string, std::string>{m[1], m[2]};
  };
  const auto [memory_spilled, memory_to_disk] = spilled(*in_memory);
  const auto [disk_spilled, disk_to_disk] = spilled(*on_disk);
  EXPECT_EQ(memory_to_disk, "0 bytes") << memory_spilled;
  EXPECT_EQ(disk_to_disk, disk_spilled);
  EXPECT_NE(disk_to_disk, "0 bytes");
  EXPECT_THAT(explain_analyze(*recomputed, q), ::testing::Not(HasSubstr("spilled")));
  // Joins on two different streamed keys multiply their partitions: recomputed per pass, not spilled.
  const char* two_keys = "SELECT count(*), sum(a.d) FROM m a WHERE EXISTS (SELECT * FROM m b WHERE b.id = a.id + 3) "
                         "AND NOT EXISTS (SELECT * FROM m c WHERE c.big = a.big + 1)";
  expect_same_answers(two_keys, *memory, {on_disk.get()});
  const std::string multiplied = explain_analyze(*on_disk, two_keys);
  EXPECT_THAT(multiplied, ::testing::MatchesRegex("(.|\n)*over [0-9]+ partitioned passes(.|\n)*"));
  EXPECT_THAT(multiplied, ::testing::Not(HasSubstr("spilled")));
  // Values worked out by hand, as above, from the disk.
  EXPECT_EQ(cells(*on_disk, "SELECT count(*), count(b.id) FROM m a LEFT JOIN m b ON a.id = b.id + 3"),
            std::vector<std::string>{"4000|3999"});
}

TEST_F(StreamedAggregation, ASpillDirectoryThatCannotTakeTheFileIsACleanError) {
  const std::string missing = dir_ + "_no_such_directory";
  auto db = stored(0, 32 << 10, [&](engine::Options& o) {
    o.spill = engine::SpillMode::Always;
    o.spill_memory_bytes = 1;
    o.spill_directory = missing;
  });
  try {
    db->execute(kPartitionedQueries[0]);
    ADD_FAILURE() << "expected the spill to fail";
  } catch (const std::exception& e) {
    EXPECT_THAT(e.what(), HasSubstr("cannot spill partitions to disk: creating a file in " + missing));
    EXPECT_THAT(e.what(), HasSubstr("the limit for them is 1 byte)"));
  }
  // Nothing is left half done: a query that does not spill still runs, and so does the same one after a fix.
  EXPECT_EQ(cells(*db, "SELECT count(*) FROM m"), std::vector<std::string>{"4000"});
  fs::create_directories(missing);
  auto memory = whole();
  expect_same_answers(kPartitionedQueries[0], *memory, {db.get()});
  EXPECT_TRUE(fs::is_empty(missing));  // the spill file is unlinked as it is created
  fs::remove_all(missing);
}

// An aggregation with more groups than the budget (exec/aggregate_partials.hpp): once its partial aggregates pass
// half of the budget they split into hash partitions of their group keys (integers, strings, decimals, floats,
// dates, several keys, NULL keys) and spill, and the final aggregation runs a partition at a time; the answers are
// those of the whole table, in memory or on disk, and with --spill never (partials kept whole, as before).
const char* kManyGroupQueries[] = {
    "SELECT id, count(*), sum(d), avg(m), min(s), max(f) FROM m GROUP BY id ORDER BY id",
    "SELECT s, count(*), sum(big), max(id), avg(w) FROM m GROUP BY s ORDER BY s",
    "SELECT g, id % 500 AS k, count(*), sum(w), avg(f), min(day) FROM m GROUP BY g, id % 500 ORDER BY g, k",
    "SELECT w, count(*), max(s) FROM m GROUP BY w ORDER BY w",
    "SELECT f, count(*), min(s), sum(d) FROM m GROUP BY f ORDER BY f",
    "SELECT big % 1000 AS k, day, count(*) FROM m GROUP BY big % 1000, day ORDER BY k, day",
    "SELECT id % 1000 AS k, count(*) FROM m GROUP BY id % 1000 HAVING count(*) > 3 ORDER BY k",
    "SELECT TOP 10 s, sum(d) AS total FROM m GROUP BY s ORDER BY total DESC, s",
    "SELECT a.id, count(*), sum(b.d), max(b.s) FROM m a JOIN m b ON a.id = b.id + 3 GROUP BY a.id ORDER BY a.id",
};

TEST_F(StreamedAggregation, AnAggregationWithMoreGroupsThanTheBudgetSpillsItsPartialsByGroup) {
  auto memory = whole();
  auto in_memory = stored(0, 32 << 10, [](engine::Options& o) { o.spill_memory_bytes = int64_t(1) << 30; });
  auto on_disk = stored(0, 32 << 10, [](engine::Options& o) {
    o.spill = engine::SpillMode::Always;  // the joins' passes too (the GPU would recompute them)
    o.spill_memory_bytes = 1;
  });
  auto never = stored(0, 32 << 10, [](engine::Options& o) { o.spill = engine::SpillMode::Never; });
  for (const char* q : kManyGroupQueries) expect_same_answers(q, *memory, {in_memory.get(), on_disk.get(), never.get()});
  // "partials in P hash partitions, S spilled (D to disk)"
  auto split = [&](engine::Database& db, const char* q) {
    std::smatch m;
    const std::string text = explain_analyze(db, q);
    if (!std::regex_search(text, m, std::regex("partials in ([0-9]+) hash partitions, ([0-9.]+ [A-Za-z]+) spilled "
                                               "\\(([0-9.]+ [A-Za-z]+) to disk\\)")))
      return std::vector<std::string>{"none in: " + text};
    return std::vector<std::string>{m[1], m[2], m[3]};
  };
  for (const char* q : {kManyGroupQueries[0], kManyGroupQueries[1], kManyGroupQueries[2]}) {
    SCOPED_TRACE(q);
    const std::vector<std::string> held = split(*in_memory, q), disk = split(*on_disk, q);
    ASSERT_EQ(held.size(), 3u) << held[0];
    ASSERT_EQ(disk.size(), 3u) << disk[0];
    EXPECT_GE(std::stoi(held[0]), 2);
    EXPECT_EQ(held[2], "0 bytes");
    EXPECT_EQ(disk[2], disk[1]);  // all of it on disk
    EXPECT_NE(disk[1], "0 bytes");
    EXPECT_THAT(explain_analyze(*never, q), ::testing::Not(HasSubstr("hash partitions")));
  }
  // A few groups never split: their partials stay small.
  EXPECT_THAT(explain_analyze(*in_memory, kQueries[0]), ::testing::Not(HasSubstr("hash partitions")));
  // Values worked out by hand: every id once; s is NULL on every ninth row (r % 9 == 4), so the groups' counts sum
  // to 4000 with the NULL group's 444 (r = 4, 13, ..., 3991).
  EXPECT_EQ(cells(*on_disk, "SELECT count(*), min(c), max(c) FROM (SELECT id, count(*) AS c FROM m GROUP BY id) x"),
            std::vector<std::string>{"4000|1|1"});
  EXPECT_EQ(cells(*on_disk, "SELECT sum(c) FROM (SELECT s, count(*) AS c FROM m GROUP BY s) x"),
            std::vector<std::string>{"4000"});
  EXPECT_EQ(cells(*on_disk, "SELECT c FROM (SELECT s, count(*) AS c FROM m GROUP BY s) x WHERE s IS NULL"),
            std::vector<std::string>{"444"});
}

// Groups that come late: 13 in the first two thirds of the rows (id < 3000), one per row after them. The split
// starts once those many groups arrive and extrapolates its partition count from the runs so far, which counted the
// few-group morsels too: too few partitions. Each one that outgrew half of the budget is split again by the hash's
// next bits when its turn comes (aggregate_partials.hpp), and the answers stay those of the whole table.
TEST_F(StreamedAggregation, PartitionsThatOutgrowTheirShareAreSplitAgain) {
  const char* q =
      "SELECT CASE WHEN id < 3000 THEN id % 7 ELSE id END AS k, count(*), sum(d), min(s), max(w) FROM m "
      "GROUP BY CASE WHEN id < 3000 THEN id % 7 ELSE id END ORDER BY k";
  auto memory = whole();
  auto in_memory = stored(0, 24 << 10, [](engine::Options& o) { o.spill_memory_bytes = int64_t(1) << 30; });
  auto on_disk = stored(0, 24 << 10, [](engine::Options& o) { o.spill_memory_bytes = 1; });
  auto never = stored(0, 24 << 10, [](engine::Options& o) { o.spill = engine::SpillMode::Never; });
  expect_same_answers(q, *memory, {in_memory.get(), on_disk.get(), never.get()});
  for (engine::Database* db : {in_memory.get(), on_disk.get()}) {
    const std::string text = explain_analyze(*db, q);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(text, m, std::regex("partials in ([0-9]+) hash partitions, .* spilled \\(.* to disk\\), "
                                                      "([0-9]+) split again")))
        << text;
    EXPECT_GE(std::stoi(m[2]), 1);
  }
  EXPECT_THAT(explain_analyze(*never, q), ::testing::Not(HasSubstr("split again")));
  // Worked out by hand: ids 3r - 5000 below 3000 are rows 0..2666 (-5000..2998: id % 7 takes the 13 values
  // -6..6, the sign of the dividend's), rows 2667..3999 have ids 3001..6997, a group each: 13 + 1333 groups.
  EXPECT_EQ(cells(*on_disk, "SELECT count(*), sum(c) FROM (SELECT CASE WHEN id < 3000 THEN id % 7 ELSE id END AS k, "
                            "count(*) AS c FROM m GROUP BY CASE WHEN id < 3000 THEN id % 7 ELSE id END) x"),
            std::vector<std::string>{"1346|4000"});
}

// Rows with no aggregation above them (stream_driver.hpp's stream_rows): a filter, projection or join over a table
// larger than the budget runs a morsel at a time and puts the morsels' rows together; under ORDER BY ... LIMIT each
// morsel keeps its first rows only.
const char* kRowQueries[] = {
    "SELECT id, g, d, s FROM m WHERE id % 7 = 3 ORDER BY id",
    "SELECT id * 2 + 1 AS k, upper(s) FROM m WHERE f > 100 ORDER BY k",
    "SELECT m.id, d.name FROM m JOIN dim d ON m.id % 10 = d.k WHERE m.id < 0 ORDER BY m.id",
    "SELECT m.id, d.name FROM m LEFT JOIN dim d ON m.id % 10 = d.k WHERE m.big > 0 ORDER BY m.id",
    "SELECT id, s FROM m WHERE NOT EXISTS (SELECT * FROM dim WHERE dim.k = m.id % 10) ORDER BY id",
    "SELECT TOP 7 id, g, d FROM m ORDER BY d DESC, id",
    "SELECT id, s FROM m ORDER BY s, id OFFSET 5 ROWS FETCH NEXT 9 ROWS ONLY",
    "SELECT TOP 3 id FROM m WHERE id > 1000000 ORDER BY id",
    "SELECT TOP 5000 id, g FROM m ORDER BY g, id",
    "SELECT count(*) FROM (SELECT id, g FROM m WHERE id % 3 = 0) x",
    // late materialisation: the top-N of each morsel carries row positions, the Fetch reads the kept rows' chunks
    "SELECT TOP 6 * FROM m WHERE f > 0 ORDER BY big DESC, id",
    "SELECT s AS t, day, w FROM m ORDER BY f, id OFFSET 10 ROWS FETCH NEXT 4 ROWS ONLY",
};

TEST_F(StreamedAggregation, RowsWithoutAnAggregationStreamToo) {
  auto memory = whole();
  auto forced = stored(500);
  auto budgeted = stored(0, 32 << 10);
  for (const char* q : kRowQueries) expect_same_answers(q, *memory, {forced.get(), budgeted.get()});
  EXPECT_THAT(explain_analyze(*budgeted, kRowQueries[5]), ::testing::MatchesRegex("(.|\n)*streamed in [0-9]+ morsels(.|\n)*"));
  const std::string fetched = explain_analyze(*budgeted, kRowQueries[10]);
  EXPECT_NE(fetched.find("Fetch m [d, w, m, g, s, day] at the kept rows"), std::string::npos) << fetched;
  EXPECT_EQ(budgeted->find_table("m")->columns_read(), 0u);  // no whole column read (nor prefetched) for them
  EXPECT_EQ(forced->find_table("m")->columns_read(), 0u);
}

// Zone maps (exec/zone_maps.hpp): a streamed scan skips the stored chunks whose min/max exclude its filter. m's
// ids rise with the row (3r - 5000) in chunks of 777 rows: ids 100..400 are rows 1700..1800, all in chunk 2.
TEST_F(StreamedAggregation, ZoneMapsSkipTheChunksAFilterExcludes) {
  auto memory = whole();
  auto forced = stored(500);
  auto morsels = [&](engine::Database& db, const std::string& q) {
    const std::string text = explain_analyze(db, q);
    const size_t at = text.find("streamed in ");
    return at == std::string::npos ? std::string("whole") : text.substr(at + 12, text.find(' ', at + 12) - at - 12);
  };
  const struct {
    const char* sql;
    const char* morsels;  // chunk 2 (777 rows) in morsels of 500 rows: 2; without zone maps 8
  } cases[] = {
      {"SELECT count(*), sum(d), min(s) FROM m WHERE id BETWEEN 100 AND 400", "2"},
      {"SELECT count(*), sum(d) FROM m WHERE 400 >= id AND 100 <= id", "2"},
      {"SELECT count(*), max(s) FROM m WHERE id IN (-5000, 6997, NULL)", "3"},  // chunks 0 (2 morsels) and 5 (1)
      {"SELECT count(*), sum(d) FROM m WHERE id > 1000000", "1"},             // none: one empty morsel
      {"SELECT count(*), sum(d) FROM m WHERE id < -4999", "2"},               // chunk 0
      {"SELECT count(*), sum(d) FROM m WHERE big > 0 AND id = 1", "2"},       // chunk 2
      {"SELECT count(*), sum(d) FROM m WHERE day > '1992-01-01'", "8"},      // random days: every chunk
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.sql);
    EXPECT_EQ(cells(*forced, c.sql), cells(*memory, c.sql));
    EXPECT_EQ(morsels(*forced, c.sql), c.morsels);
  }
  // Rows without an aggregation skip them too.
  const char* rows = "SELECT id, s FROM m WHERE id BETWEEN 100 AND 400 ORDER BY id";
  EXPECT_EQ(cells(*forced, rows), cells(*memory, rows));
  EXPECT_EQ(cells(*forced, "SELECT count(*) FROM m WHERE id BETWEEN 100 AND 400"), std::vector<std::string>{"101"});

  // A database written before zone maps (no "zones" in its manifest) streams every chunk, with the same answers;
  // a damaged zone map is an error at open naming the table.
  const std::string copy = dir_ + "_" + std::to_string(++copies_);
  fs::remove_all(copy);
  fs::copy(dir_, copy, fs::copy_options::recursive);
  const std::string manifest = copy + "/manifest.json";
  auto rewrite = [&](auto&& edit) {
    std::ifstream in(manifest);
    nlohmann::json j = nlohmann::json::parse(in);
    in.close();
    for (auto& t : j["tables"])
      for (auto& ch : t["chunks"]) edit(ch);
    std::ofstream(manifest) << j.dump();
  };
  rewrite([](nlohmann::json& ch) { ch.erase("zones"); });
  {
    engine::Options o = options();
    o.database_path = copy;
    o.morsel_rows = 500;
    engine::Database old(o);
    EXPECT_EQ(cells(old, cases[0].sql), cells(*memory, cases[0].sql));
    EXPECT_EQ(morsels(old, cases[0].sql), "8");
  }
  fs::remove_all(copy);
  fs::copy(dir_, copy, fs::copy_options::recursive);
  rewrite([](nlohmann::json& ch) { ch["zones"][0] = nlohmann::json{5, 1, false}; });
  try {
    engine::Options o = options();
    o.database_path = copy;
    engine::Database damaged(o);
    ADD_FAILURE() << "a zone map with min > max opened";
  } catch (const std::exception& e) {
    EXPECT_THAT(e.what(), HasSubstr("damaged zone map of table"));
  }
}

// An INT sum that overflows only in total is still SQL Server's Msg 8115 when every morsel's partial sum fits.
TEST_F(StreamedAggregation, OverflowIsStillAnError) {
  for (int64_t morsel : {int64_t{0}, int64_t{1}}) {
    engine::Options o = options();
    o.morsel_rows = morsel;
    engine::Database db(o);
    db.execute("CREATE TABLE big (x INT)");
    db.execute("INSERT INTO big VALUES (1073741824), (1073741824), (5)");
    try {
      db.execute("SELECT sum(x) FROM big");
      ADD_FAILURE() << "an INT sum past 2^31 answered (morsel rows " << morsel << ")";
    } catch (const std::exception& e) {
      EXPECT_THAT(e.what(), HasSubstr("Msg 8115: Arithmetic overflow error converting expression to data type INT."));
    }
    EXPECT_EQ(cells(db, "SELECT sum(x) FROM big WHERE x < 1073741824"), std::vector<std::string>{"5"});
  }
}

// On the GPU a streamed scan's chunks stay in the column cache as stored (compressed) when they fit where the decoded
// columns do not: the next run decodes them again on the device and moves nothing over PCIe. A budget too small
// even for them uploads every morsel each time, with the same answers.
TEST_F(StreamedAggregation, AWarmStreamedScanOnTheGpuMovesNothing) {
  const char* q = "SELECT g, count(*), sum(d), avg(w), max(s) FROM m WHERE f > -1e9 GROUP BY g ORDER BY g";
  const std::vector<std::string> expected = cells(*whole(), q);
  auto db = stored(0, 256 << 10);
  auto tight = stored(0, 24 << 10);
  for (engine::Database* d : {db.get(), tight.get()}) EXPECT_EQ(cells(*d, q), expected);
  if (!db->gpu_engine()) GTEST_SKIP() << "no GPU here: the answers were checked on the CPU, the column cache was not";
  EXPECT_NE(explain_analyze(*db, q).find("streamed in"), std::string::npos) << explain_analyze(*db, q);
  const int64_t first = db->gpu_uploaded_bytes();
  EXPECT_GT(first, 0);
  EXPECT_GT(db->gpu_resident_bytes(), 0);
  EXPECT_LE(db->gpu_resident_bytes(), int64_t{256} << 10);
  EXPECT_EQ(cells(*db, q), expected);
  EXPECT_EQ(cells(*db, q), expected);
  EXPECT_EQ(db->gpu_uploaded_bytes(), first);  // the warm runs decoded the cached chunks
  EXPECT_EQ(db->find_table("m")->columns_read(), 0u);
  const int64_t tight_first = tight->gpu_uploaded_bytes();
  EXPECT_EQ(cells(*tight, q), expected);
  EXPECT_LE(tight->gpu_resident_bytes(), int64_t{24} << 10);
  EXPECT_GE(tight->gpu_uploaded_bytes(), tight_first);
}

// A streamed scan reads the chunks of each morsel and keeps none: no whole column is read, on either device.
TEST_F(StreamedAggregation, AStreamedScanReadsNoWholeColumn) {
  auto db = stored(0, 256 << 10);
  const std::vector<std::string> expected = cells(*whole(), "SELECT g, sum(d), max(s) FROM m GROUP BY g ORDER BY g");
  EXPECT_EQ(cells(*db, "SELECT g, sum(d), max(s) FROM m GROUP BY g ORDER BY g"), expected);
  EXPECT_EQ(db->find_table("m")->columns_read(), 0u);
  auto forced = stored(500);
  EXPECT_EQ(cells(*forced, "SELECT g, sum(d), max(s) FROM m GROUP BY g ORDER BY g"), expected);
  EXPECT_EQ(forced->find_table("m")->columns_read(), 0u);
  // Through a join too: m streams, dim (the other input) is read whole once.
  const char* join = "SELECT d.name, sum(m.d) FROM m JOIN dim d ON m.id % 10 = d.k GROUP BY d.name ORDER BY d.name";
  EXPECT_EQ(cells(*forced, join), cells(*whole(), join));
  EXPECT_EQ(forced->find_table("m")->columns_read(), 0u);
  EXPECT_EQ(forced->find_table("dim")->columns_read(), 2u);
  // Within the budget the same table is read whole, and kept for the next query.
  auto roomy = stored(0, int64_t{1} << 30);
  EXPECT_EQ(cells(*roomy, "SELECT g, sum(d), max(s) FROM m GROUP BY g ORDER BY g"), expected);
  EXPECT_EQ(roomy->find_table("m")->columns_read(), 3u);
}

}  // namespace

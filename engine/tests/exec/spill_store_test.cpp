// The spill store (exec/spill_store.hpp) below SQL: batches come back as they were put, in order, per key, from
// memory and from the file alike (every column kind: fixed width, strings whose bytes are shared or out of order,
// NULLs); the memory limit decides which go to the file; the file leaves nothing in its directory; a directory that
// cannot take it is an error that names it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tessera/exec/spill_store.hpp"
#include "tessera/removed_at_exit.hpp"

using namespace tessera;
using exec::Batch;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

namespace {

// A batch of `rows` rows: an INT with NULLs, a BIGINT, and a string column whose rows point into its byte buffer
// backwards (row r at the end), with NULLs whose length slots hold garbage.
Batch sample(int rows, int seed) {
  Batch b;
  b.rows = rows;
  auto i = std::make_shared<rt::Column>();
  i->type = fn::SqlType::Int32;
  auto l = std::make_shared<rt::Column>();
  l->type = fn::SqlType::Int64;
  for (int r = 0; r < rows; ++r) {
    i->append<int32_t>(seed * 1000 + r, r % 3 != 1);
    l->append<int64_t>(int64_t(seed) << 40 | r);
  }
  auto s = std::make_shared<rt::Column>();
  s->type = fn::SqlType::String;
  s->rows = rows;
  std::string bytes = "unused prefix|";
  for (int r = rows - 1; r >= 0; --r) {
    s->offsets.push_back(0);
    s->lengths.push_back(0);
  }
  s->valid.assign(rows, 1);
  for (int r = rows - 1; r >= 0; --r) {
    const std::string text = "s" + std::to_string(seed) + "-" + std::string(r % 7, 'x') + "é";
    s->offsets[r] = static_cast<int64_t>(bytes.size());
    s->lengths[r] = static_cast<int32_t>(text.size());
    bytes += text;
    if (r % 4 == 2) {
      s->valid[r] = 0;
      s->lengths[r] = -12345;  // a NULL row's slot may hold anything
      s->offsets[r] = 1 << 30;
    }
  }
  s->data.assign(bytes.begin(), bytes.end());
  b.add(1, i, storage::DataType::int32());
  b.add(2, l, storage::DataType::int64());
  b.add(3, s, storage::DataType::varchar(0));
  return b;
}

// The batch's values as text, row by row (NULL as "NULL").
std::vector<std::string> text(const Batch& b) {
  std::vector<std::string> out;
  for (int64_t r = 0; r < b.rows; ++r) {
    const rt::Column& i = *b.columns[0];
    const rt::Column& l = *b.columns[1];
    const rt::Column& s = *b.columns[2];
    out.push_back((i.is_valid(r) ? std::to_string(i.value<int32_t>(r)) : "NULL") + "|" +
                  std::to_string(l.value<int64_t>(r)) + "|" + (s.is_valid(r) ? std::string(s.string(r)) : "NULL"));
  }
  return out;
}

std::string temp_dir(const std::string& name) {
  const fs::path d = fs::path(::testing::TempDir()) / ("tessera_spill_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return test::removed_at_exit(d.string());
}

}  // namespace

TEST(SpillStore, BatchesComeBackAsPutInOrderFromMemoryAndDisk) {
  const std::string dir = temp_dir("order");
  const int64_t one = exec::batch_bytes(sample(50, 0));
  // Room in memory for two batches of 50 rows: the rest goes to the file.
  exec::SpillStore store({.mode = exec::SpillMode::Always, .memory_bytes = 2 * one, .directory = dir});
  std::vector<std::vector<std::string>> expected[2];
  for (int k = 0; k < 6; ++k) {
    Batch b = sample(k == 3 ? 0 : 50, k);  // an empty batch too
    expected[k % 2].push_back(text(b));
    store.put(k % 2, std::move(b));
  }
  EXPECT_GT(store.bytes_to_disk(), 0);
  EXPECT_LT(store.bytes_to_disk(), store.bytes_spilled());
  EXPECT_TRUE(fs::is_empty(dir));  // the file is unlinked as it is created
  for (int key : {1, 0}) {
    std::vector<std::vector<std::string>> got;
    store.take(key, [&](Batch b) {
      EXPECT_EQ(b.ids, (std::vector<plan::ColumnId>{1, 2, 3}));
      EXPECT_EQ(b.types[2].id, storage::TypeId::Varchar);
      got.push_back(text(b));
    });
    EXPECT_EQ(got, expected[key]) << "key " << key;
  }
  int after = 0;
  store.take(0, [&](Batch) { ++after; });  // taken: forgotten
  store.take(7, [&](Batch) { ++after; });  // never put
  EXPECT_EQ(after, 0);
  fs::remove_all(dir);
}

TEST(SpillStore, AStringColumnOnDiskKeepsOnlyItsRowsBytes) {
  const std::string dir = temp_dir("packed");
  exec::SpillStore store({.mode = exec::SpillMode::Always, .memory_bytes = 0, .directory = dir});
  Batch b = sample(40, 3);
  auto big = std::make_shared<rt::Column>(*b.columns[2]);
  big->data.insert(big->data.begin(), 1 << 20, 'z');  // a megabyte no row reads
  for (int64_t& o : big->offsets) o += 1 << 20;
  b.columns[2] = big;
  const std::vector<std::string> before = text(b);
  store.put(0, std::move(b));
  EXPECT_LT(store.bytes_to_disk(), 4096);
  store.take(0, [&](Batch back) {
    EXPECT_EQ(text(back), before);
    EXPECT_TRUE(back.columns[2]->rows_in_order());
  });
  fs::remove_all(dir);
}

TEST(SpillStore, ADirectoryThatCannotTakeTheFileIsAnErrorNamingIt) {
  const std::string missing = temp_dir("gone") + "/no/such/dir";
  exec::SpillStore store({.mode = exec::SpillMode::Always, .memory_bytes = 0, .directory = missing});
  try {
    store.put(0, sample(10, 1));
    ADD_FAILURE() << "expected an error";
  } catch (const exec::ExecError& e) {
    EXPECT_THAT(e.what(), HasSubstr("cannot spill partitions to disk: creating a file in " + missing));
    EXPECT_EQ(e.kind(), ErrorKind::Io);
  }
  store.put(1, Batch{});  // no bytes: kept in memory, no file needed
  int n = 0;
  store.take(1, [&](Batch) { ++n; });
  EXPECT_EQ(n, 1);
}

// A table of a database on disk as a ColumnSource: column k is read from each of its chunk files (format 2:
// the chunk's header and that column's segment, two reads; format 1: the whole file), checked, and decoded
// on the host or handed over encoded. Errors are DatabaseErrors naming the file and the table.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "tessera/storage/column_source.hpp"

namespace tessera::storage {

struct StoredTable {
  std::string name;
  std::string dir;                  // the database directory
  Schema schema;
  std::vector<std::string> chunks;  // file names in `dir`, in row order
  std::vector<int64_t> rows;        // of each chunk
  std::vector<ColumnStats> stats;   // per column, or empty
  std::vector<std::vector<ZoneMap>> zones;  // per chunk, per column, or empty
  int threads = 0;                  // chunks read and decoded in parallel
};

class StoredTableSource final : public ColumnSource {
 public:
  explicit StoredTableSource(StoredTable t);
  int64_t rows() const override { return total_rows_; }
  const std::vector<int64_t>& chunk_rows() const override { return t_.rows; }
  rt::Column read_column(size_t col) const override;
  // Empty when a chunk is in format 1 (no directory): the caller reads the decoded column instead.
  std::vector<EncodedSegment> read_segments(size_t col) const override;
  rt::Column read_chunks(size_t col, size_t first, size_t end) const override;
  std::vector<EncodedSegment> read_chunk_segments(size_t col, size_t first, size_t end) const override;
  rt::Column read_chunk_rows(size_t col, size_t chunk, const std::vector<int64_t>& rows) const override;
  void read_ahead(size_t col, size_t first, size_t end) const override;
  const ColumnStats* stats(size_t col) const override;
  const ZoneMap* zone(size_t col, size_t chunk) const override;
  size_t columns_read() const override;
  void prefetch(size_t col) const override;

 private:
  StoredTable t_;
  int64_t total_rows_ = 0;
  std::unique_ptr<std::atomic<bool>[]> read_;  // per column: read once, in either form
  mutable std::mutex prefetch_mutex_;
  mutable std::map<size_t, std::vector<EncodedSegment>> prefetched_;
  std::vector<EncodedSegment> take_prefetched(size_t col) const;
  // read_ahead's segments by (column, first chunk, end chunk), each taken by the read it was for.
  mutable std::map<std::tuple<size_t, size_t, size_t>, std::vector<EncodedSegment>> ahead_;
  std::optional<std::vector<EncodedSegment>> take_ahead(size_t col, size_t first, size_t end) const;
  // f(i) for every chunk i in [first, end) on the table's threads; a damaged chunk's error names the table.
  template <typename F>
  void for_each_chunk(size_t first, size_t end, F&& f) const;
};

}  // namespace tessera::storage

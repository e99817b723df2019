// Where a lazily opened table's columns come from (table.hpp): a database on disk reads them chunk by chunk
// (database_dir.cpp), decoded on the host or handed over encoded, so a device can decode them itself.
#pragma once

#include <cstdint>
#include <vector>

#include "tessera/storage/column_chunk.hpp"
#include "tessera/storage/column_stats.hpp"

namespace tessera::storage {

class ColumnSource {
 public:
  virtual ~ColumnSource() = default;
  virtual int64_t rows() const = 0;
  // The rows of each chunk, in row order (a scan streams a column a range of chunks at a time).
  virtual const std::vector<int64_t>& chunk_rows() const = 0;
  // Column `col`, every chunk read and decoded on the host.
  virtual rt::Column read_column(size_t col) const = 0;
  // Column `col` as stored: one checked, parsed segment per chunk, in row order.
  virtual std::vector<EncodedSegment> read_segments(size_t col) const = 0;
  // Chunks [first, end) of column `col`, decoded on the host or as stored (empty when a chunk is in format 1):
  // what one morsel of a streamed scan reads. Neither keeps anything nor counts the column as read.
  virtual rt::Column read_chunks(size_t col, size_t first, size_t end) const = 0;
  virtual std::vector<EncodedSegment> read_chunk_segments(size_t col, size_t first, size_t end) const = 0;
  // Rows `rows` (ascending, counted from the chunk's first) of chunk `chunk` of column `col`, only those decoded
  // (decode_segment_rows; a format 1 chunk is decoded whole). Keeps nothing; does not count the column as read.
  virtual rt::Column read_chunk_rows(size_t col, size_t chunk, const std::vector<int64_t>& rows) const = 0;
  // Reads chunks [first, end) of column `col` as stored now and keeps them for the next read_chunks or
  // read_chunk_segments of exactly that range (a streamed scan reads its next morsel while this one runs).
  virtual void read_ahead(size_t col, size_t first, size_t end) const = 0;
  // Statistics written with the data, or null.
  virtual const ColumnStats* stats(size_t col) const = 0;
  // The zone map of chunk `chunk`'s column `col` written with the data, or null (a database written before them).
  virtual const ZoneMap* zone(size_t col, size_t chunk) const = 0;
  // Reads column `col` from disk now, as stored, and keeps it for the next read_column or read_segments (which
  // then read nothing): a cold process reads while its GPU comes up.
  virtual void prefetch(size_t col) const = 0;
  // How many distinct columns were read so far, decoded or encoded (tests: a query reads what it scans).
  virtual size_t columns_read() const = 0;
};

}  // namespace tessera::storage

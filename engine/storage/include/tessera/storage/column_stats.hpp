// Statistics of a column, written with its data (database_dir.cpp keeps them in the manifest) so that
// planning never scans a column: the NULL count, min and max of integer-like columns, and a HyperLogLog
// sketch of the distinct non-NULL values. Sketches of row ranges merge register-wise, so a table's
// statistics are the merge of its chunks' and INSERT only adds the new chunks' in.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/runtime/column.hpp"

namespace tessera::storage {

// HyperLogLog with 2^12 one-byte registers (~1.6% standard error): a sample cannot tell a foreign key with 15
// rows per value from a unique key, and join ordering needs exactly that.
class DistinctSketch {
 public:
  static constexpr int kBits = 12;
  static constexpr int kRegisters = 1 << kBits;

  DistinctSketch() : reg_(kRegisters, 0) {}
  // Adds the non-NULL values of rows [begin, begin + rows) of `c`.
  void add(const rt::Column& c, int64_t begin, int64_t rows);
  void merge(const DistinctSketch& other);
  double estimate() const;  // of the distinct values added (at least 0)

  // The registers as bytes, and back; from_bytes refuses anything but kRegisters values <= 64.
  const std::vector<uint8_t>& registers() const { return reg_; }
  static bool from_bytes(const std::vector<uint8_t>& bytes, DistinctSketch& out);

 private:
  void add_hash(uint64_t h);
  std::vector<uint8_t> reg_;
};

struct ColumnStats {
  int64_t rows = 0;
  int64_t nulls = 0;
  bool has_range = false;  // min/max hold the range of the non-NULL values (integer-like types only)
  int64_t min = 0, max = 0;
  DistinctSketch distinct;

  // Statistics of rows [begin, begin + rows) of `c`.
  static ColumnStats of(const rt::Column& c, int64_t begin, int64_t rows);
  void merge(const ColumnStats& other);
  // The distinct non-NULL values, estimated, between 1 and the non-NULL rows (1 for an empty column).
  double distinct_values() const;
};

// A zone map: what one chunk's column holds, for skipping the chunks a scan predicate excludes.
struct ZoneMap {
  bool has_range = false;  // min/max hold the range of the non-NULL values (integer-like types only)
  int64_t min = 0, max = 0;
  bool all_null = false;   // every row NULL (no comparison holds)
  static ZoneMap of(const ColumnStats& s) { return {s.has_range, s.min, s.max, s.rows > 0 && s.nulls == s.rows}; }
};

// The types whose values widen to int64 exactly (what FOR + bit-packing and zone maps cover).
bool integer_like(fn::SqlType t);
// Value r of an integer-like column, widened.
int64_t load_int(const rt::Column& c, int64_t r);

}  // namespace tessera::storage

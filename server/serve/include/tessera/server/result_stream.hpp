// An engine result (engine::QueryResult, whole in memory) as a TDS result set: COLMETADATA, then ROW/NBCROW
// tokens written a slice at a time into the response's payload, which the connection sends as packets between
// slices -- so a large result is held once (the engine's columns), never a second time as bytes.
//
// Column types, as SQL Server sends them:
//   BOOL -> BIT                INT32 -> INT            INT64 -> BIGINT          DOUBLE -> FLOAT
//   DECIMAL(p,s) -> DECIMAL(p,s) (p 19..38 from the engine's 128-bit columns)   MONEY -> MONEY
//   DATE -> DATE   TIME(p) -> TIME(p)   DATETIME2(p) -> DATETIME2(p)   DATETIME -> DATETIME
//   SMALLDATETIME -> SMALLDATETIME
//   CHAR(n) -> NCHAR(n), VARCHAR(n) -> NVARCHAR(n), n counting UTF-16 code units; NVARCHAR(MAX) beyond 4000
// Strings always travel as NCHAR/NVARCHAR (UTF-16): the engine's strings are Unicode (UTF-8, like a _UTF8
// collation), and VARCHAR under the collation announced to clients is Windows-1252, which would turn every other
// character into '?'. Choosing VARCHAR only for columns whose text fits Windows-1252 would make a column's type
// depend on the rows it happens to hold. A column's length is its declared length, or the longest value's when
// that is longer (a character beyond U+FFFF takes two code units) or the engine gave none (an expression).
// The engine has no TINYINT, SMALLINT, REAL, SMALLMONEY or binary columns (they are stored widened), so those
// never appear.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tessera/engine/database.hpp"
#include "tessera/tds/result_writer.hpp"

namespace tessera::server {

// The TDS column of result column `i`: its name and type (string lengths from the values, see above).
tds::Column result_column(const engine::QueryResult& result, size_t i);

// The value of one cell in the codec's units. std::logic_error when the column's storage is not what its type
// says (a bug in the engine, not the client's doing).
tds::Value cell_value(const storage::DataType& type, const rt::Column& column, int64_t row);

class ResultStream {
 public:
  // `result` must outlive the stream. std::logic_error for a result without columns or with a column whose
  // storage does not match its type.
  ResultStream(const engine::QueryResult& result, tds::TdsVersion version);

  void write_metadata(tds::Buffer& out) const;
  // Appends rows until `out` holds at least `until_bytes` bytes or every row is written; true while rows remain.
  bool write_rows(tds::Buffer& out, size_t until_bytes);
  int64_t rows_written() const { return next_row_; }
  int64_t rows() const { return result_.rows; }

 private:
  const engine::QueryResult& result_;
  tds::ResultSetWriter writer_;
  std::vector<tds::Value> row_;
  int64_t next_row_ = 0;
};

}  // namespace tessera::server

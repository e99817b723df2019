// A typed SQL constant: literals, folded constant expressions and the results of uncorrelated
// scalar subqueries. Same representation as a column cell (see storage/table.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "tessera/runtime/column.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::plan {

using storage::DataType;
using storage::TypeId;

struct Value {
  DataType type;
  bool null = false;
  __int128 i = 0;  // Bool, Int32, Int64, Decimal (scaled; 38 digits) and Money (scaled), Date (days),
                   // date-times and TIME (100-ns ticks)
  double d = 0;    // Double
  std::string s;   // Char, Varchar

  static Value null_of(DataType t) { Value v; v.type = t; v.null = true; return v; }
  static Value integer(int64_t x);  // INT if it fits, else BIGINT
  static Value int32(int32_t x) { Value v; v.type = DataType::int32(); v.i = x; return v; }
  static Value int64(int64_t x) { Value v; v.type = DataType::int64(); v.i = x; return v; }
  static Value boolean(bool b) { Value v; v.type = DataType::boolean(); v.i = b; return v; }
  static Value float64(double x) { Value v; v.type = DataType::float64(); v.d = x; return v; }
  static Value decimal(__int128 scaled, int p, int s) { Value v; v.type = DataType::decimal(p, s); v.i = scaled; return v; }
  static Value date(int32_t days) { Value v; v.type = DataType::date(); v.i = days; return v; }
  static Value string(std::string x) {
    Value v;
    v.type = DataType::varchar(static_cast<int>(x.size()));
    v.s = std::move(x);
    return v;
  }

  // A column of `rows` copies (kernel arguments that must be columns).
  rt::Column broadcast(int64_t rows) const;
  // Row `row` of a column of this value's type.
  static Value from_column(const rt::Column& c, const DataType& t, int64_t row);
  // SQL text: 'abc', 1.50, DATE '1998-12-01', NULL.
  std::string to_sql() const;
};

}  // namespace tessera::plan

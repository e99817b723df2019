#include <charconv>

#include "tessera/engine/database.hpp"
#include "tessera/plan/value.hpp"

namespace tessera::engine {

std::string QueryResult::cell_text(int64_t row, size_t col) const {
  const rt::Column& c = columns.at(col);
  if (!c.is_valid(row)) return "NULL";
  const plan::Value v = plan::Value::from_column(c, types[col], row);
  switch (types[col].id) {
    case storage::TypeId::Date: return storage::format_date(static_cast<int32_t>(v.i));
    case storage::TypeId::DateTime2:
    case storage::TypeId::DateTime:
    case storage::TypeId::SmallDateTime:
    case storage::TypeId::Time: return storage::format_temporal(static_cast<int64_t>(v.i), types[col]);
    case storage::TypeId::Char:
    case storage::TypeId::Varchar: return v.s;
    default: return v.to_sql();
  }
}

duckdb::CompareOptions QueryResult::compare_options() const {
  duckdb::CompareOptions o;
  o.ordered = ordered;
  o.order_by = order_by;
  o.ignore_trailing_spaces = true;
  return o;
}

duckdb::RowSet QueryResult::row_set() const {
  using duckdb::Cell;
  duckdb::RowSet rs;
  rs.columns = names;
  rs.rows.resize(rows);
  for (int64_t r = 0; r < rows; ++r) {
    auto& row = rs.rows[r];
    for (size_t k = 0; k < columns.size(); ++k) {
      const rt::Column& c = columns[k];
      if (!c.is_valid(r)) {
        row.push_back(Cell::null());
        continue;
      }
      const plan::Value v = plan::Value::from_column(c, types[k], r);
      switch (types[k].id) {
        case storage::TypeId::Bool: row.push_back(Cell::boolean(v.i != 0)); break;
        case storage::TypeId::Int32:
        case storage::TypeId::Int64: row.push_back(Cell::integer(v.i)); break;
        case storage::TypeId::Double: row.push_back(Cell::float64(v.d)); break;
        case storage::TypeId::Decimal: row.push_back(Cell::decimal(v.i, types[k].scale)); break;
        case storage::TypeId::Money: row.push_back(Cell::decimal(v.i, 4)); break;
        case storage::TypeId::Date: row.push_back(Cell::date(static_cast<int32_t>(v.i))); break;
        case storage::TypeId::Char:
        case storage::TypeId::Varchar: row.push_back(Cell::string(v.s)); break;
        case storage::TypeId::DateTime2:
        case storage::TypeId::DateTime:
        case storage::TypeId::SmallDateTime:
        case storage::TypeId::Time:  // microseconds, as DuckDB's TIMESTAMP and TIME (a TIME on 1970-01-01)
          row.push_back(Cell::timestamp(static_cast<int64_t>(v.i >= 0 ? v.i / 10 : (v.i - 9) / 10)));
          break;
      }
    }
  }
  return rs;
}

}  // namespace tessera::engine

// QueryResult -> the oracle's typed cells (result_cells.hpp).
#include "tessera/engine/result_cells.hpp"

#include "tessera/plan/value.hpp"

namespace tessera::engine {

duckdb::CompareOptions compare_options(const QueryResult& r) {
  duckdb::CompareOptions o;
  o.ordered = r.ordered;
  o.order_by = r.order_by;
  o.ignore_trailing_spaces = true;
  return o;
}

duckdb::RowSet row_set(const QueryResult& r) {
  using duckdb::Cell;
  duckdb::RowSet rs;
  rs.columns = r.names;
  rs.rows.resize(r.rows);
  for (int64_t i = 0; i < r.rows; ++i) {
    auto& row = rs.rows[i];
    for (size_t k = 0; k < r.columns.size(); ++k) {
      const rt::Column& c = r.columns[k];
      if (!c.is_valid(i)) {
        row.push_back(Cell::null());
        continue;
      }
      const plan::Value v = plan::Value::from_column(c, r.types[k], i);
      switch (r.types[k].id) {
        case storage::TypeId::Bool: row.push_back(Cell::boolean(v.i != 0)); break;
        case storage::TypeId::Int32:
        case storage::TypeId::Int64: row.push_back(Cell::integer(v.i)); break;
        case storage::TypeId::Double: row.push_back(Cell::float64(v.d)); break;
        case storage::TypeId::Decimal: row.push_back(Cell::decimal(v.i, r.types[k].scale)); break;
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

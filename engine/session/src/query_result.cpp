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

}  // namespace tessera::engine

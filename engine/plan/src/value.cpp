#include "tessera/plan/value.hpp"

#include <charconv>
#include <climits>

namespace tessera::plan {

Value Value::integer(int64_t x) {
  if (x >= INT32_MIN && x <= INT32_MAX) return int32(static_cast<int32_t>(x));
  return int64(x);
}

rt::Column Value::broadcast(int64_t rows) const {
  rt::Column c;
  c.type = type.physical();
  c.rows = rows;
  if (type.is_string()) {
    c.data.assign(s.begin(), s.end());
    c.offsets.assign(rows, 0);
    c.lengths.assign(rows, static_cast<int32_t>(s.size()));
  } else {
    const int w = fn::type_width(c.type);
    c.data.resize(static_cast<size_t>(rows) * w);
    for (int64_t r = 0; r < rows; ++r) {
      uint8_t* p = c.data.data() + r * w;
      switch (c.type) {
        case fn::SqlType::Bool: *p = static_cast<uint8_t>(i); break;
        case fn::SqlType::Int32:
        case fn::SqlType::Date: { const int32_t v = static_cast<int32_t>(i); std::memcpy(p, &v, 4); break; }
        case fn::SqlType::Float64: std::memcpy(p, &d, 8); break;
        case fn::SqlType::Decimal128: std::memcpy(p, &i, 16); break;
        default: { const int64_t v = static_cast<int64_t>(i); std::memcpy(p, &v, 8); break; }
      }
    }
  }
  if (null) c.valid.assign(rows, 0);
  return c;
}

Value Value::from_column(const rt::Column& c, const DataType& t, int64_t row) {
  Value v;
  v.type = t;
  if (!c.is_valid(row)) {
    v.null = true;
    return v;
  }
  switch (c.type) {
    case fn::SqlType::Bool: v.i = c.data[row]; break;
    case fn::SqlType::Int32:
    case fn::SqlType::Date: v.i = c.value<int32_t>(row); break;
    case fn::SqlType::Float64: v.d = c.value<double>(row); break;
    case fn::SqlType::String: v.s = std::string(c.string(row)); break;
    case fn::SqlType::Decimal128: v.i = c.value<__int128>(row); break;
    default: v.i = c.value<int64_t>(row); break;
  }
  return v;
}

std::string Value::to_sql() const {
  if (null) return "NULL";
  switch (type.id) {
    case TypeId::Bool: return i ? "1" : "0";
    case TypeId::Int32:
    case TypeId::Int64: return std::to_string(static_cast<int64_t>(i));
    case TypeId::Double: {
      char buf[64];
      auto r = std::to_chars(buf, buf + sizeof buf, d);
      return std::string(buf, r.ptr);
    }
    case TypeId::Decimal: return storage::format_decimal(i, type.scale);
    case TypeId::Money: return storage::format_decimal(i, 4);
    case TypeId::Date: return "DATE '" + storage::format_date(static_cast<int32_t>(i)) + "'";
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime:
    case TypeId::Time:
      return "CAST('" + storage::format_temporal(static_cast<int64_t>(i), type) + "' AS " + type.to_string() + ")";
    case TypeId::Char:
    case TypeId::Varchar: {
      std::string out = "'";
      for (char ch : s) {
        if (ch == '\'') out += '\'';
        out += ch;
      }
      return out + "'";
    }
  }
  return "?";
}

}  // namespace tessera::plan

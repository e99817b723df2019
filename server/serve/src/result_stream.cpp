#include "tessera/server/result_stream.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "tessera/tds/text_encoding.hpp"
#include "tessera/tds/value.hpp"

namespace tessera::server {

namespace {

constexpr uint32_t kMaxNVarCharLength = 4000;

std::vector<tds::Column> result_columns(const engine::QueryResult& r) {
  if (r.names.empty()) throw std::logic_error("ResultStream: a result set needs at least one column");
  if (r.types.size() != r.names.size() || r.columns.size() != r.names.size())
    throw std::logic_error("ResultStream: the result has " + std::to_string(r.names.size()) + " names, " +
                           std::to_string(r.types.size()) + " types and " + std::to_string(r.columns.size()) + " columns");
  std::vector<tds::Column> out;
  for (size_t i = 0; i < r.names.size(); ++i) out.push_back(result_column(r, i));
  return out;
}

// Days since 0001-01-01 and ticks within the day of the engine's ticks since 1970-01-01 (before 1970 too).
tds::DateTime2 split_ticks(int64_t ticks_since_1970) {
  int64_t days = ticks_since_1970 / tds::kTicksPerDay;
  int64_t ticks = ticks_since_1970 % tds::kTicksPerDay;
  if (ticks < 0) {
    ticks += tds::kTicksPerDay;
    --days;
  }
  return {static_cast<int32_t>(days + tds::kDaysFrom0001To1970), ticks};
}

// DECIMAL(p,s) as announced: the engine's precision and scale, kept within what SQL Server allows.
tds::ColumnType decimal_type(const storage::DataType& t) {
  const int scale = std::clamp(t.scale, 0, storage::kMaxDecimalDigits);
  const int precision = std::clamp(t.precision, std::max(scale, 1), storage::kMaxDecimalDigits);
  return tds::ColumnType::decimal(static_cast<uint8_t>(precision), static_cast<uint8_t>(scale));
}

[[noreturn]] void storage_mismatch(const storage::DataType& type, const rt::Column& column) {
  throw std::logic_error("ResultStream: a " + type.to_string() + " column is stored as " +
                         std::string(fn::type_name(column.type)));
}

}  // namespace

tds::Column result_column(const engine::QueryResult& r, size_t i) {
  const storage::DataType& t = r.types.at(i);
  const rt::Column& c = r.columns.at(i);
  tds::Column out;
  out.name = r.names.at(i);
  using storage::TypeId;
  switch (t.id) {
    case TypeId::Bool: out.type = tds::ColumnType::of(tds::SqlType::Bit); break;
    case TypeId::Int32: out.type = tds::ColumnType::of(tds::SqlType::Int); break;
    case TypeId::Int64: out.type = tds::ColumnType::of(tds::SqlType::BigInt); break;
    case TypeId::Double: out.type = tds::ColumnType::of(tds::SqlType::Float); break;
    case TypeId::Decimal: out.type = decimal_type(t); break;
    case TypeId::Money: out.type = tds::ColumnType::of(tds::SqlType::Money); break;
    case TypeId::Date: out.type = tds::ColumnType::of(tds::SqlType::Date); break;
    case TypeId::Time: out.type = tds::ColumnType::time(static_cast<uint8_t>(std::clamp(t.precision, 0, 7))); break;
    case TypeId::DateTime2:
      out.type = tds::ColumnType::datetime2(static_cast<uint8_t>(std::clamp(t.precision, 0, 7)));
      break;
    case TypeId::DateTime: out.type = tds::ColumnType::of(tds::SqlType::DateTime); break;
    case TypeId::SmallDateTime: out.type = tds::ColumnType::of(tds::SqlType::SmallDateTime); break;
    case TypeId::Char:
    case TypeId::Varchar: {
      if (c.type != fn::SqlType::String) storage_mismatch(t, c);
      size_t longest = 0;
      for (int64_t row = 0; row < c.rows; ++row)
        if (c.is_valid(row)) longest = std::max(longest, tds::utf16_length(c.string(row)));
      const size_t length = std::max<size_t>({static_cast<size_t>(std::max(t.length, 0)), longest, 1});
      if (length > kMaxNVarCharLength) out.type = tds::ColumnType::nvarchar(tds::ColumnType::kMax);
      else if (t.id == TypeId::Char && t.length > 0) out.type = tds::ColumnType::nchar(static_cast<uint32_t>(length));
      else out.type = tds::ColumnType::nvarchar(static_cast<uint32_t>(length));
      break;
    }
  }
  return out;
}

tds::Value cell_value(const storage::DataType& t, const rt::Column& c, int64_t row) {
  if (!c.is_valid(row)) return tds::Value::null();
  if (c.type != t.physical()) storage_mismatch(t, c);
  using storage::TypeId;
  switch (t.id) {
    case TypeId::Bool: return tds::Value::boolean(c.value<uint8_t>(row) != 0);
    case TypeId::Int32: return tds::Value::integer(c.value<int32_t>(row));
    case TypeId::Int64: return tds::Value::integer(c.value<int64_t>(row));
    case TypeId::Double: return tds::Value::floating(c.value<double>(row));
    case TypeId::Decimal: {
      const __int128 unscaled = t.is_wide_decimal() ? c.value<__int128>(row) : __int128{c.value<int64_t>(row)};
      const tds::ColumnType announced = decimal_type(t);
      return tds::Value::decimal(unscaled, announced.precision, announced.scale);
    }
    case TypeId::Money: return tds::Value::money(c.value<int64_t>(row));
    case TypeId::Date: return tds::Value::date(c.value<int32_t>(row) + tds::kDaysFrom0001To1970);
    case TypeId::Time: return tds::Value::time(c.value<int64_t>(row));
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime: {
      const tds::DateTime2 v = split_ticks(c.value<int64_t>(row));
      return tds::Value::datetime2(v.days, v.ticks);
    }
    case TypeId::Char:
    case TypeId::Varchar: return tds::Value::string(std::string(c.string(row)));
  }
  storage_mismatch(t, c);
}

ResultStream::ResultStream(const engine::QueryResult& result, tds::TdsVersion version)
    : result_(result), writer_(result_columns(result), version), row_(result.names.size()) {
  for (size_t i = 0; i < result.columns.size(); ++i)
    if (result.columns[i].rows != result.rows)
      throw std::logic_error("ResultStream: column " + std::to_string(i) + " has " +
                             std::to_string(result.columns[i].rows) + " rows, the result " + std::to_string(result.rows));
}

void ResultStream::write_metadata(tds::Buffer& out) const { writer_.write_metadata(out); }

bool ResultStream::write_rows(tds::Buffer& out, size_t until_bytes) {
  while (next_row_ < result_.rows && out.size() < until_bytes) {
    for (size_t i = 0; i < row_.size(); ++i) row_[i] = cell_value(result_.types[i], result_.columns[i], next_row_);
    writer_.write_row(out, row_);
    ++next_row_;
  }
  return next_row_ < result_.rows;
}

}  // namespace tessera::server

#include "tessera/tds/column_type.hpp"

#include <cstdio>
#include <stdexcept>

namespace tessera::tds {

namespace {

const char* base_name(SqlType t) {
  switch (t) {
    case SqlType::Bit: return "BIT";
    case SqlType::TinyInt: return "TINYINT";
    case SqlType::SmallInt: return "SMALLINT";
    case SqlType::Int: return "INT";
    case SqlType::BigInt: return "BIGINT";
    case SqlType::Real: return "REAL";
    case SqlType::Float: return "FLOAT";
    case SqlType::Decimal: return "DECIMAL";
    case SqlType::Numeric: return "NUMERIC";
    case SqlType::Money: return "MONEY";
    case SqlType::SmallMoney: return "SMALLMONEY";
    case SqlType::Date: return "DATE";
    case SqlType::Time: return "TIME";
    case SqlType::DateTime: return "DATETIME";
    case SqlType::SmallDateTime: return "SMALLDATETIME";
    case SqlType::DateTime2: return "DATETIME2";
    case SqlType::DateTimeOffset: return "DATETIMEOFFSET";
    case SqlType::Char: return "CHAR";
    case SqlType::VarChar: return "VARCHAR";
    case SqlType::NChar: return "NCHAR";
    case SqlType::NVarChar: return "NVARCHAR";
    case SqlType::Binary: return "BINARY";
    case SqlType::VarBinary: return "VARBINARY";
  }
  return "?";
}

[[noreturn]] void invalid(const ColumnType& type, const char* why) {
  throw std::logic_error("TDS column type " + sql_name(type) + ": " + why);
}

// The NVARCHAR length of the text SQL Server sends a pre-7.3 client for a date or time type: the longest
// value's characters at the column's scale.
uint32_t text_length(const ColumnType& type) {
  const uint32_t fraction = type.scale > 0 ? type.scale + 1u : 0u;  // ".nnnnnnn"
  switch (type.type) {
    case SqlType::Date: return 10;                          // 2024-01-31
    case SqlType::Time: return 8 + fraction;                // 12:34:56.1234567
    case SqlType::DateTime2: return 19 + fraction;          // 2024-01-31 12:34:56.1234567
    case SqlType::DateTimeOffset: return 26 + fraction;     // 2024-01-31 12:34:56.1234567 +01:00
    default: return 0;
  }
}

TypeInfo character_type(WireType type, uint32_t max_length) {
  TypeInfo t;
  t.type = type;
  t.max_length = max_length;
  t.collation = kDefaultCollation;
  return t;
}

std::string date_text(int64_t days) {
  const CivilDate c = civil_from_days(static_cast<int32_t>(days));
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", c.year, c.month, c.day);
  return buf;
}

// ticks already rounded to the scale and below a day.
std::string time_text(int64_t ticks, uint8_t scale) {
  const int64_t seconds = ticks / kTicksPerSecond;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%02d:%02d:%02d.%07d", static_cast<int>(seconds / 3600),
                static_cast<int>(seconds / 60 % 60),
                static_cast<int>(seconds % 60), static_cast<int>(ticks % kTicksPerSecond));
  return std::string(buf, scale == 0 ? 8 : 9 + scale);
}

template <class T>
const T& value_of(const ColumnType& type, const Value& v) {
  if (const T* p = std::get_if<T>(&v.storage())) return *p;
  throw std::logic_error("TDS writer: a " + std::string(Value::kind_name(v.kind())) + " value for a " + sql_name(type) +
                         " column");
}

// Rounds to the scale, carrying a whole day into the date.
DateTime2 rounded(const DateTime2& v, uint8_t scale) {
  DateTime2 r{v.days, round_ticks_to_scale(v.ticks, scale)};
  if (r.ticks == kTicksPerDay) ++r.days, r.ticks = 0;
  return r;
}

}  // namespace

std::string text_form(const ColumnType& type, const Value& value) {
  switch (type.type) {
    case SqlType::Date:
      return date_text(value_of<Date>(type, value).days);
    case SqlType::Time:
      return time_text(round_ticks_to_scale(value_of<Time>(type, value).ticks, type.scale) % kTicksPerDay, type.scale);
    case SqlType::DateTime2: {
      const DateTime2 v = rounded(value_of<DateTime2>(type, value), type.scale);
      return date_text(v.days) + " " + time_text(v.ticks, type.scale);
    }
    case SqlType::DateTimeOffset: {
      const DateTimeOffset& d = value_of<DateTimeOffset>(type, value);
      const DateTime2 utc = rounded(d.utc, type.scale);
      const int64_t local =
          int64_t{utc.days} * kTicksPerDay + utc.ticks + int64_t{d.offset_minutes} * 60 * kTicksPerSecond;
      const int64_t days = local >= 0 ? local / kTicksPerDay : (local - kTicksPerDay + 1) / kTicksPerDay;
      const int offset = d.offset_minutes < 0 ? -d.offset_minutes : d.offset_minutes;
      char zone[8];
      std::snprintf(zone, sizeof zone, "%c%02d:%02d", d.offset_minutes < 0 ? '-' : '+', offset / 60, offset % 60);
      return date_text(days) + " " + time_text(local - days * kTicksPerDay, type.scale) + " " + zone;
    }
    default:
      throw std::logic_error("TDS writer: " + sql_name(type) + " has no text form");
  }
}

std::string sql_name(const ColumnType& type) {
  std::string name = base_name(type.type);
  switch (type.type) {
    case SqlType::Decimal:
    case SqlType::Numeric:
      return name + "(" + std::to_string(type.precision) + "," + std::to_string(type.scale) + ")";
    case SqlType::Time:
    case SqlType::DateTime2:
    case SqlType::DateTimeOffset:
      return name + "(" + std::to_string(type.scale) + ")";
    case SqlType::Char:
    case SqlType::VarChar:
    case SqlType::NChar:
    case SqlType::NVarChar:
    case SqlType::Binary:
    case SqlType::VarBinary:
      return name + "(" + (type.length == ColumnType::kMax ? std::string("MAX") : std::to_string(type.length)) + ")";
    default:
      return name;
  }
}

bool sent_as_text(const ColumnType& type, TdsVersion version) {
  return text_length(type) != 0 && !has_date_time_types(version);
}

TypeInfo wire_type(const ColumnType& type, TdsVersion version) {
  const auto fixed = [](WireType wire, uint32_t length) {
    TypeInfo t;
    t.type = wire;
    t.max_length = length;
    return t;
  };
  const auto check_scale = [&] {
    if (type.scale > 7) invalid(type, "the scale is at most 7");
  };
  // Character and binary lengths: 1..limit, or MAX where the type has one.
  const auto check_length = [&](uint32_t limit, bool max_allowed) {
    if (type.length == ColumnType::kMax) {
      if (!max_allowed) invalid(type, "this type has no (MAX) form");
    } else if (type.length == 0 || type.length > limit) {
      invalid(type, "the length is out of range");
    }
  };
  const bool plp = is_7_2_or_later(version);
  switch (type.type) {
    case SqlType::Bit: return fixed(WireType::BitN, 1);
    case SqlType::TinyInt: return fixed(WireType::IntN, 1);
    case SqlType::SmallInt: return fixed(WireType::IntN, 2);
    case SqlType::Int: return fixed(WireType::IntN, 4);
    case SqlType::BigInt: return fixed(WireType::IntN, 8);
    case SqlType::Real: return fixed(WireType::FloatN, 4);
    case SqlType::Float: return fixed(WireType::FloatN, 8);
    case SqlType::Money: return fixed(WireType::MoneyN, 8);
    case SqlType::SmallMoney: return fixed(WireType::MoneyN, 4);
    case SqlType::DateTime: return fixed(WireType::DateTimeN, 8);
    case SqlType::SmallDateTime: return fixed(WireType::DateTimeN, 4);
    case SqlType::Decimal:
    case SqlType::Numeric: {
      if (type.precision < 1 || type.precision > 38) invalid(type, "the precision is 1 to 38");
      if (type.scale > type.precision) invalid(type, "the scale exceeds the precision");
      TypeInfo t = fixed(type.type == SqlType::Decimal ? WireType::DecimalN : WireType::NumericN,
                         decimal_length(type.precision));
      t.precision = type.precision;
      t.scale = type.scale;
      return t;
    }
    case SqlType::Date:
    case SqlType::Time:
    case SqlType::DateTime2:
    case SqlType::DateTimeOffset: {
      check_scale();
      if (!has_date_time_types(version)) return character_type(WireType::NVarChar, 2 * text_length(type));
      TypeInfo t;
      t.type = type.type == SqlType::Date   ? WireType::DateN
               : type.type == SqlType::Time ? WireType::TimeN
               : type.type == SqlType::DateTime2 ? WireType::DateTime2N
                                                 : WireType::DateTimeOffsetN;
      t.scale = type.type == SqlType::Date ? 0 : type.scale;
      return t;
    }
    case SqlType::Char:
      check_length(8000, false);
      return character_type(WireType::BigChar, type.length);
    case SqlType::NChar:
      check_length(4000, false);
      return character_type(WireType::NChar, 2 * type.length);
    case SqlType::Binary:
      check_length(8000, false);
      return fixed(WireType::BigBinary, type.length);
    case SqlType::VarChar:
      check_length(8000, true);
      if (type.length != ColumnType::kMax) return character_type(WireType::BigVarChar, type.length);
      return plp ? character_type(WireType::BigVarChar, kPlpMaxLength) : character_type(WireType::Text, 0x7FFFFFFF);
    case SqlType::NVarChar:
      check_length(4000, true);
      if (type.length != ColumnType::kMax) return character_type(WireType::NVarChar, 2 * type.length);
      return plp ? character_type(WireType::NVarChar, kPlpMaxLength) : character_type(WireType::NText, 0x7FFFFFFE);
    case SqlType::VarBinary:
      check_length(8000, true);
      if (type.length != ColumnType::kMax) return fixed(WireType::BigVarBinary, type.length);
      return fixed(plp ? WireType::BigVarBinary : WireType::Image, plp ? kPlpMaxLength : 0x7FFFFFFF);
  }
  invalid(type, "unknown type");
}

}  // namespace tessera::tds

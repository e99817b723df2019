// The SQL value types that cross the row-function and column-kernel ABIs.
#pragma once

#include <cstdint>
#include <string_view>

namespace tessera::fn {

// Physical representation of each type (one per column buffer element):
//   Bool    uint8_t (0/1)
//   Int32   int32_t           Int64  int64_t        Float64 double
//   Date    int32_t days since 1970-01-01, valid range 0001-01-01 .. 9999-12-31
//   Decimal int64_t scaled by 10^scale (precision <= 18); precision and scale
//           travel as constant arguments of the functions that need them
//   Money   int64_t scaled by 10^4
//   String  bytes (UTF-8) + int64_t offsets + int32_t lengths per row
//   DateTime int64_t 100-ns ticks since 1970-01-01 00:00:00 (DATETIME2(p), DATETIME,
//           SMALLDATETIME; which one travels as a constant `kind` argument; clock.hpp)
//   Time    int64_t 100-ns ticks since midnight (TIME(p))
//   Decimal128  __int128 scaled by 10^scale (precision 19..38): engine storage only.
//           No kernel takes or returns it (the registry cannot name it); the engine converts a
//           wide DECIMAL argument to Decimal (precision 18) before a kernel call.
enum class SqlType : uint8_t { Bool, Int32, Int64, Float64, Date, Decimal, Money, String, Decimal128, DateTime, Time };

constexpr std::string_view type_name(SqlType t) {
  switch (t) {
    case SqlType::Bool: return "bool";
    case SqlType::Int32: return "int32";
    case SqlType::Int64: return "int64";
    case SqlType::Float64: return "float64";
    case SqlType::Date: return "date";
    case SqlType::Decimal: return "decimal";
    case SqlType::Money: return "money";
    case SqlType::String: return "string";
    case SqlType::Decimal128: return "decimal128";
    case SqlType::DateTime: return "datetime";
    case SqlType::Time: return "time";
  }
  return "?";
}

// Bytes per element of a fixed-width column (String: 0, it has three buffers).
constexpr int type_width(SqlType t) {
  switch (t) {
    case SqlType::Bool: return 1;
    case SqlType::Int32:
    case SqlType::Date: return 4;
    case SqlType::Int64:
    case SqlType::Float64:
    case SqlType::Decimal:
    case SqlType::Money:
    case SqlType::DateTime:
    case SqlType::Time: return 8;
    case SqlType::String: return 0;
    case SqlType::Decimal128: return 16;
  }
  return 0;
}

bool parse_type_name(std::string_view name, SqlType& out);

}  // namespace tessera::fn

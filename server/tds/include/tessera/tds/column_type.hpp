// The SQL type of a result column (or an output parameter) and the wire type it travels as. Tessera always
// sends the nullable "N" forms (INTN, FLTN, DECIMALN, DATETIMN, ...), as SQL Server does for nullable
// columns: every client reads them, and one row layout serves NOT NULL and NULL columns alike.
//
// What a client can read depends on its TDS version: DATE, TIME, DATETIME2 and DATETIMEOFFSET came in 7.3, so
// a 7.1 or 7.2 client gets them as NVARCHAR text ('2024-01-31', '12:34:56.1234567', ...), as SQL Server sends
// them; the (MAX) types came with PLP in 7.2, so a 7.1 client gets TEXT, NTEXT and IMAGE instead.
#pragma once

#include <cstdint>
#include <string>

#include "tessera/tds/type_info.hpp"
#include "tessera/tds/value.hpp"
#include "tessera/tds/version.hpp"

namespace tessera::tds {

enum class SqlType : uint8_t {
  Bit,
  TinyInt,
  SmallInt,
  Int,
  BigInt,
  Real,
  Float,
  Decimal,
  Numeric,
  Money,
  SmallMoney,
  Date,
  Time,
  DateTime,
  SmallDateTime,
  DateTime2,
  DateTimeOffset,
  Char,
  VarChar,
  NChar,
  NVarChar,
  Binary,
  VarBinary,
};

struct ColumnType {
  static constexpr uint32_t kMax = 0xFFFFFFFF;  // the length of VARCHAR(MAX), NVARCHAR(MAX), VARBINARY(MAX)

  SqlType type = SqlType::Int;
  uint32_t length = 0;    // CHAR, VARCHAR, BINARY, VARBINARY: bytes; NCHAR, NVARCHAR: characters; or kMax
  uint8_t precision = 0;  // DECIMAL, NUMERIC: 1..38
  uint8_t scale = 0;      // DECIMAL, NUMERIC: 0..precision; TIME, DATETIME2, DATETIMEOFFSET: 0..7

  static ColumnType of(SqlType type) { return {type}; }  // the types without parameters
  static ColumnType decimal(uint8_t precision, uint8_t scale) { return {SqlType::Decimal, 0, precision, scale}; }
  static ColumnType numeric(uint8_t precision, uint8_t scale) { return {SqlType::Numeric, 0, precision, scale}; }
  static ColumnType time(uint8_t scale) { return {SqlType::Time, 0, 0, scale}; }
  static ColumnType datetime2(uint8_t scale) { return {SqlType::DateTime2, 0, 0, scale}; }
  static ColumnType datetimeoffset(uint8_t scale) { return {SqlType::DateTimeOffset, 0, 0, scale}; }
  static ColumnType character(uint32_t length) { return {SqlType::Char, length}; }
  static ColumnType varchar(uint32_t length) { return {SqlType::VarChar, length}; }
  static ColumnType nchar(uint32_t length) { return {SqlType::NChar, length}; }
  static ColumnType nvarchar(uint32_t length) { return {SqlType::NVarChar, length}; }
  static ColumnType binary(uint32_t length) { return {SqlType::Binary, length}; }
  static ColumnType varbinary(uint32_t length) { return {SqlType::VarBinary, length}; }

  bool operator==(const ColumnType&) const = default;
};

// "DECIMAL(10,2)", "NVARCHAR(MAX)", "DATETIME2(7)": for messages.
std::string sql_name(const ColumnType& type);

// The TYPE_INFO a column of `type` is announced with to a client of `version`; std::logic_error for
// parameters SQL Server does not allow (DECIMAL(39,0), VARCHAR(8001), NCHAR(MAX), TIME(8), a length of 0).
TypeInfo wire_type(const ColumnType& type, TdsVersion version);

// True when `version` cannot carry `type` natively and gets its value as NVARCHAR text (the date and time
// types before 7.3).
bool sent_as_text(const ColumnType& type, TdsVersion version);

// The text SQL Server gives such a client: '2024-01-31', '12:34:56.1234567', '2024-01-31 12:34:56.1234567',
// '2024-01-31 13:34:56.1234567 +01:00' (DATETIMEOFFSET in local time), with as many fraction digits as the
// scale (none for 0), rounded to it. std::logic_error when the value is not of the type's kind.
std::string text_form(const ColumnType& type, const Value& value);

}  // namespace tessera::tds

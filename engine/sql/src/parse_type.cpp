// Type names of CAST and CONVERT: INT, INTEGER, BIGINT, SMALLINT, TINYINT, BIT, DECIMAL[(p[,s])],
// NUMERIC[(p[,s])], FLOAT[(n)], REAL, DOUBLE [PRECISION], MONEY, SMALLMONEY, DATE, DATETIME,
// DATETIME2[(p)], SMALLDATETIME, TIME[(p)],
// CHAR[(n)], VARCHAR[(n|MAX)], NCHAR[(n)], NVARCHAR[(n|MAX)].
#include <array>

#include "parser_impl.hpp"

namespace tessera::sql::detail {
namespace {

enum class Params : uint8_t { None, Length, PrecisionScale, FloatBits, FractionDigits };

struct TypeEntry {
  std::string_view name;
  TypeId id;
  Params params;
};

constexpr std::array<TypeEntry, 23> kTypes = {{
    {"TINYINT", TypeId::TinyInt, Params::None},     {"SMALLINT", TypeId::SmallInt, Params::None},
    {"INT", TypeId::Int, Params::None},             {"INTEGER", TypeId::Int, Params::None},
    {"BIGINT", TypeId::BigInt, Params::None},       {"BIT", TypeId::Bit, Params::None},
    {"DECIMAL", TypeId::Decimal, Params::PrecisionScale}, {"NUMERIC", TypeId::Decimal, Params::PrecisionScale},
    {"DEC", TypeId::Decimal, Params::PrecisionScale}, {"FLOAT", TypeId::Float, Params::FloatBits},
    {"REAL", TypeId::Real, Params::None},           {"DOUBLE", TypeId::Float, Params::None},
    {"MONEY", TypeId::Money, Params::None},         {"SMALLMONEY", TypeId::SmallMoney, Params::None},
    {"DATE", TypeId::Date, Params::None},           {"DATETIME", TypeId::DateTime, Params::None},
    {"CHAR", TypeId::Char, Params::Length},         {"VARCHAR", TypeId::VarChar, Params::Length},
    {"NCHAR", TypeId::NChar, Params::Length},       {"NVARCHAR", TypeId::NVarChar, Params::Length},
    {"DATETIME2", TypeId::DateTime2, Params::FractionDigits}, {"SMALLDATETIME", TypeId::SmallDateTime, Params::None},
    {"TIME", TypeId::Time, Params::FractionDigits},
}};

}  // namespace

TypeName Parser::type_name(std::string_view context) {
  const Token& t = peek();
  const TypeEntry* entry = nullptr;
  if (t.kind == TokenKind::Identifier) {
    const std::string u = upper(t.text);
    for (const TypeEntry& e : kTypes)
      if (e.name == u) entry = &e;
  }
  if (!entry)
    fail_expected("a type name (INT, BIGINT, DECIMAL(p,s), FLOAT, REAL, MONEY, DATE, DATETIME2(p), VARCHAR(n), ...)",
                  context);
  next();
  TypeName type;
  type.id = entry->id;
  type.spelling = std::string(entry->name);
  type.loc = t.loc;
  if (entry->id == TypeId::Float && entry->name == "DOUBLE" && peek().is_word("PRECISION")) next();
  if (entry->params == Params::None || !at(TokenKind::LParen)) return type;
  const Token& open = next();
  const std::string of = "in " + type.spelling + "(";
  switch (entry->params) {
    case Params::Length:
      if (peek().is_word("MAX")) {
        next();
        type.max_length = true;
      } else {
        type.length = integer("a length or MAX", of);
      }
      break;
    case Params::FloatBits:
      type.length = integer("a number of mantissa bits", of);
      break;
    case Params::FractionDigits:
      type.length = integer("a number of fractional-second digits (0 to 7)", of);
      break;
    case Params::PrecisionScale:
      type.length = integer("a precision", of);
      if (accept(TokenKind::Comma)) type.scale = integer("a scale", "after the precision " + of);
      break;
    case Params::None:
      break;
  }
  expect(TokenKind::RParen, "to close the parameters of " + type.spelling + " opened at " + to_string(open.loc));
  return type;
}

}  // namespace tessera::sql::detail

// Implicit conversions and result types of the built-in operators, following SQL Server's data type
// precedence (float > decimal > money > bigint > int > bit; date over strings):
//   comparison   both sides converted to the higher type (decimals to the larger scale)
//   + - * / %    INT op INT -> INT, BIGINT if either is; DECIMAL by fn::sql_server_result_type
//                (numeric_decimal_arith.hpp: up to 38 digits); MONEY op MONEY/INT -> MONEY;
//                anything with FLOAT -> FLOAT
// BIGINT converts to DECIMAL(19,0) and MONEY to DECIMAL(19,4), as in SQL Server (money * decimal is a
// decimal). A DECIMAL of precision <= 18 is an int64, of 19..38 an __int128 (DataType::is_wide_decimal).
#pragma once

#include <optional>
#include <string>

#include "tessera/plan/expr.hpp"
#include "tessera/sql/ast.hpp"

namespace tessera::plan {

bool is_numeric(const DataType& t);
bool is_integer(const DataType& t);
bool is_string(const DataType& t);
std::string type_text(const DataType& t);  // "DECIMAL(15,2)", "VARCHAR", "DATE", ...

// The type both operands of a comparison are converted to; nullopt if they cannot be compared.
std::optional<DataType> comparison_type(const DataType& a, const DataType& b);
// The type of a CASE / COALESCE / IN list over values of types a and b.
std::optional<DataType> common_type(const DataType& a, const DataType& b);
// The operand type of arithmetic (both sides converted to it) and the result type.
struct ArithmeticTypes {
  DataType left, right, result;
};
std::optional<ArithmeticTypes> arithmetic_types(Op op, const DataType& a, const DataType& b);

// Whether Op::Cast (the engine's built-in numeric conversion) can convert from -> to implicitly.
bool implicit_castable(const DataType& from, const DataType& to);

// How a value of the SQL type is stored (CAST's target, a CREATE TABLE column): TINYINT, SMALLINT and INT
// as INT32, SMALLMONEY as MONEY, REAL as FLOAT, NCHAR/NVARCHAR as CHAR/VARCHAR (UTF-8). BindError for
// types the engine cannot store (DATETIME) and invalid parameters (DECIMAL(40,2)).
DataType storage_type_of(const sql::TypeName& t);

}  // namespace tessera::plan

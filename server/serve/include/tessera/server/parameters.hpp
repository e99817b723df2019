// Parameterised statements (sp_executesql, sp_prepare/sp_execute, sp_prepexec): the engine has no variables, so
// each @name in the statement -- outside strings, comments and quoted identifiers; @@system variables are not
// parameters -- is replaced by the value as a typed SQL literal: CAST(<literal> AS <the value's type on the
// wire>), then CAST(... AS <the declared type>) when the declaration names another type, as SQL Server converts
// an argument to its parameter's type. For example @p1 declared NVARCHAR(10), sent as NVARCHAR(4000) 'O''Brien':
//   CAST(CAST(N'O''Brien' AS NVARCHAR(4000)) AS NVARCHAR(10))
// Quotes are doubled; floats are written with 17 significant digits in E notation (read back bit for bit);
// dates and times with 7 fraction digits as DATETIME2(7) or TIME(7), then cast to their type (so DATETIME's
// 1/300 s survive).
//
// Types the engine has no column type for (binary, UNIQUEIDENTIFIER, DATETIMEOFFSET, XML, sql_variant) are
// refused, naming the parameter. Mistakes are SQL Server's errors: a @name not declared 137, a declared
// parameter without a value 8178, a value for no parameter 8145, too many values 8144, a value given twice 8143,
// a positional value after a named one 119, OUTPUT asked of a parameter not declared OUTPUT 8162, a name
// declared twice 134, a declaration that does not parse 102.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/tds/column_type.hpp"
#include "tessera/tds/rpc.hpp"

namespace tessera::server {

struct ParameterDeclaration {
  std::string name;  // as declared, with the @: "@p1"
  std::string type;  // canonical SQL text for CAST: "NVARCHAR(4000)", "DECIMAL(18,4)", "INT"
  bool output = false;
};

// "@p1 int, @p2 nvarchar(10) OUTPUT" (sp_executesql's @params). An empty text declares nothing.
std::vector<ParameterDeclaration> parse_parameter_declarations(std::string_view text);

// A type as declared ("nvarchar ( max )", "float(24)", "ntext") in the canonical form the engine's CAST reads
// ("NVARCHAR(MAX)", "REAL", "NVARCHAR(MAX)"); SqlError for a type Tessera has no column type for, naming `what`.
std::string canonical_type(std::string_view declared, std::string_view what);

struct BoundParameter {
  const ParameterDeclaration* declaration = nullptr;
  const tds::RpcParameter* value = nullptr;
  uint16_t ordinal = 0;  // the value's position in the RPC call (RETURNVALUE names it)
};

// Pairs `values` (the call's parameters after the statement and the declarations) with `declarations`: by
// position until the first named value, by name after it. `procedure` and `statement` are for the messages.
std::vector<BoundParameter> match_parameters(const std::vector<ParameterDeclaration>& declarations,
                                             std::span<const tds::RpcParameter> values, uint16_t first_ordinal,
                                             std::string_view procedure, std::string_view declarations_text,
                                             std::string_view statement);

// The statement with every @name replaced by its bound value's typed literal; Msg 137 for a name not bound.
std::string bind_parameters(std::string_view sql, const std::vector<BoundParameter>& bound);

// Msg 137 for the first @variable in a statement sent without parameters (the engine has no variables).
void check_no_variables(std::string_view sql);

// The typed literal of one value: CAST(<literal> AS <its wire type>)[, then AS `declared_type`].
std::string typed_literal(const tds::RpcParameter& value, std::string_view declared_type);

// EXEC[UTE] procedure [arg, ...] in a SQL batch, its arguments literals ([@name =] 42, -1.5, 2E3, N'text', 'text',
// NULL, @name = DEFAULT) turned into the RPC call a driver would send: integers as BIGINT, decimals as
// DECIMAL(p,s), floats as FLOAT, strings as NVARCHAR/VARCHAR(MAX). So `EXEC sp_executesql N'... @p ...', N'@p INT',
// @p = 5` binds exactly as the RPC does. A statement that starts with a name beginning sp_ is a call without EXEC
// (`sp_datatype_info_100 12,3`, FreeTDS's ODBC driver's SQLGetTypeInfo). nullopt when the statement is no call;
// SqlError (102) for arguments that
// are not literals (a variable, an expression). The call ends where its argument list does: `rest` is the byte where
// a statement after it starts without a ';' ("EXEC ... SELECT @@ROWCOUNT"), 0 when none does.
struct ExecCall {
  tds::RpcCall call;
  size_t rest = 0;
};
std::optional<ExecCall> parse_exec_call(std::string_view statement);

// The SQL type a value travels as, in canonical form ("NVARCHAR(4000)"), and as a column type for RETURNVALUE.
std::string wire_sql_type(const tds::RpcParameter& value);
tds::ColumnType wire_column_type(const tds::RpcParameter& value);

}  // namespace tessera::server

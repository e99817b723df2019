// The recursive-descent parser: SQL text -> AST. Errors are ParseError with line:column and a
// message saying what was expected and what was found:
//   3:17: expected ')' after the arguments of DATEPART, found 'FROM'
#pragma once

#include <string_view>

#include "tessera/sql/ast.hpp"

namespace tessera::sql {

// One or more statements separated by ';' (a trailing ';' is allowed; empty statements are not).
Script parse_script(std::string_view sql);
// Exactly one statement, optionally followed by ';'.
StatementPtr parse_statement(std::string_view sql);
// One expression and nothing after it (for tests and tools).
ExprPtr parse_expression(std::string_view sql);
// One type name ("SMALLINT", "DECIMAL(15,2)", "VARCHAR(MAX)") and nothing after it: a table's declared
// column types are kept as this text.
TypeName parse_type(std::string_view sql);

}  // namespace tessera::sql

// The lexer: SQL text -> tokens. Skips whitespace, -- line comments and /* */ block comments (nested).
#pragma once

#include <string_view>
#include <vector>

#include "tessera/sql/token.hpp"

namespace tessera::sql {

// All tokens of `sql`, the last one of kind End (located just after the last character).
// Throws ParseError for an unterminated string, quoted identifier or comment, a malformed number
// or a character that starts no token.
std::vector<Token> tokenize(std::string_view sql);

}  // namespace tessera::sql

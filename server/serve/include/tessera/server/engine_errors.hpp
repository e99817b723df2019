// The engine's error as the ERROR token SQL Server would send. Its text is in one of these forms:
//   "3:14: Msg 207: Invalid column name 'x'."         line:column, then the message number and text
//   "CAST: row 0: Msg 245: Conversion failed ..."     where it failed, then the message
//   "1:8: unknown column 'nope'"                      a binder or parser message without a number
//   "the statement was cancelled; it changed nothing"  no position, no number
// The line (counted in the batch: the session runs each statement with its text placed where it stood) becomes
// the token's line; an error with a message number (tessera::Error::msg_number, read from "Msg N:" when it was
// made) gives the number and its message (msg_text: the text after "Msg N: "). Messages without a number are mapped
// where SQL Server has one (unknown column 207, unknown table 208, unknown function 195, ambiguous column 209,
// a syntax error 102); an error of kind Resource (memory ran out) is Msg 701 at severity 17, SQL Server's
// "insufficient system memory" (with the engine's text, which names the sizes); the rest are Msg 50000 with the
// engine's text. The severity is SQL Server's class for the number: 15 for syntax errors, 17 for 701, 16 for the
// rest.
#pragma once

#include <string_view>

#include "tessera/runtime/error.hpp"

#include "tessera/server/sql_error.hpp"

namespace tessera::server {

struct EngineErrorMessage {
  SqlError error;
  int line = 0;  // 0: the text named no line (use the statement's)
};

EngineErrorMessage engine_error_message(const tessera::Error& e);
// The same for a text (a statement's informational messages, QueryResult::messages): as the Error of that text.
EngineErrorMessage engine_error_message(std::string_view text, ErrorKind kind = ErrorKind::User);
inline constexpr int32_t kInsufficientMemory = 701;

// SQL Server's severity (class) for a message number: 15 for the syntax errors, 14 for login failures, 17 for
// insufficient memory, 16 otherwise.
uint8_t severity_of(int32_t number);

}  // namespace tessera::server

// The engine's error texts as SQL Server's messages (engine_errors.hpp): the line from "line:column:", the number
// and text after "Msg N:", the binder's messages without numbers mapped to theirs, and everything else 50000.
#include <gtest/gtest.h>

#include "tessera/server/engine_errors.hpp"

namespace tessera::server {
namespace {

TEST(EngineErrors, NumberedMessagesKeepTheirNumberAndText) {
  const EngineErrorMessage m = engine_error_message("Msg 8134: Divide by zero error encountered.");
  EXPECT_EQ(m.error.number(), 8134);
  EXPECT_EQ(m.error.severity(), 16);
  EXPECT_EQ(m.error.state(), 1);
  EXPECT_STREQ(m.error.what(), "Divide by zero error encountered.");
  EXPECT_EQ(m.line, 0);
}

TEST(EngineErrors, TheLineComesFromThePosition) {
  const EngineErrorMessage m = engine_error_message("3:14: Msg 207: Invalid column name 'x'.");
  EXPECT_EQ(m.line, 3);
  EXPECT_EQ(m.error.number(), 207);
  EXPECT_STREQ(m.error.what(), "Invalid column name 'x'.");
}

TEST(EngineErrors, ContextBeforeTheNumberIsDropped) {
  const EngineErrorMessage m = engine_error_message(
      "CAST: row 0: Msg 245: Conversion failed when converting the varchar value 'x' to data type int. (value: 'x')");
  EXPECT_EQ(m.error.number(), 245);
  EXPECT_EQ(std::string(m.error.what()).rfind("Conversion failed", 0), 0u);
}

TEST(EngineErrors, BinderMessagesGetSqlServersNumbers) {
  EXPECT_EQ(engine_error_message("1:8: unknown column 'nope'").error.number(), 207);
  EXPECT_STREQ(engine_error_message("1:8: unknown column 'nope'").error.what(), "Invalid column name 'nope'.");
  EXPECT_EQ(engine_error_message("1:15: unknown table 'missing'").error.number(), 208);
  EXPECT_EQ(engine_error_message("1:8: unknown function 'FOO'").error.number(), 195);
  EXPECT_EQ(engine_error_message("1:8: ambiguous column name 'k' (qualify it with a table name)").error.number(), 209);
  const EngineErrorMessage syntax = engine_error_message("1:1: expected a statement (SELECT, ...), found 'SELEC'");
  EXPECT_EQ(syntax.error.number(), 102);
  EXPECT_EQ(syntax.error.severity(), 15);
  EXPECT_EQ(syntax.line, 1);
}

TEST(EngineErrors, OtherMessagesAre50000WithTheEnginesText) {
  const EngineErrorMessage m = engine_error_message("the statement was cancelled; it changed nothing");
  EXPECT_EQ(m.error.number(), kNotSupported);
  EXPECT_STREQ(m.error.what(), "the statement was cancelled; it changed nothing");
  EXPECT_EQ(m.line, 0);
  EXPECT_EQ(engine_error_message("12: not a position").line, 0);
}

// Memory that ran out (runtime/error.hpp's ErrorKind::Resource) is SQL Server's Msg 701 at severity 17, with the
// engine's text (it names the sizes); a numbered message keeps its number whatever its kind.
TEST(EngineErrors, ResourceErrorsAreInsufficientMemory) {
  const EngineErrorMessage m =
      engine_error_message("out of GPU memory: 2.1 GB more needed, 1.0 GB free", ErrorKind::Resource);
  EXPECT_EQ(m.error.number(), 701);
  EXPECT_EQ(m.error.severity(), 17);
  EXPECT_STREQ(m.error.what(), "out of GPU memory: 2.1 GB more needed, 1.0 GB free");
  EXPECT_EQ(engine_error_message("Msg 8134: Divide by zero error encountered.", ErrorKind::Resource).error.number(), 8134);
  EXPECT_EQ(engine_error_message("internal error: x", ErrorKind::Internal).error.number(), kNotSupported);
}

TEST(EngineErrors, Severities) {
  EXPECT_EQ(severity_of(102), 15);
  EXPECT_EQ(severity_of(137), 15);
  EXPECT_EQ(severity_of(18456), 14);
  EXPECT_EQ(severity_of(8134), 16);
}

}  // namespace
}  // namespace tessera::server

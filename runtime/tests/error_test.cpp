// tessera::Error's message number (runtime/error.hpp): read once from SQL Server's "Msg N: " in the text, after
// where it happened or at the start; 0 where the text has none.
#include <gtest/gtest.h>

#include "tessera/runtime/error.hpp"

using namespace tessera;

TEST(Error, TheMessageNumberIsReadFromTheText) {
  const Error divide("Msg 8134: Divide by zero error encountered.");
  EXPECT_EQ(divide.msg_number(), 8134);
  EXPECT_EQ(divide.msg_text(), "Divide by zero error encountered.");
  EXPECT_EQ(divide.kind(), ErrorKind::User);

  const Error positioned("3:14: Msg 207: Invalid column name 'x'.");
  EXPECT_EQ(positioned.msg_number(), 207);
  EXPECT_EQ(positioned.msg_text(), "Invalid column name 'x'.");

  const Error row(
      "CAST: row 0: Msg 245: Conversion failed when converting the varchar value 'Msg 1: x' to data type int.");
  EXPECT_EQ(row.msg_number(), 245);  // the first "Msg N: ", not one inside the value
  EXPECT_EQ(row.msg_text(), "Conversion failed when converting the varchar value 'Msg 1: x' to data type int.");

  // A copy keeps it, as it keeps the kind.
  const Error copy = Error(Error("Msg 701: no memory", ErrorKind::Resource));
  EXPECT_EQ(copy.msg_number(), 701);
  EXPECT_EQ(copy.kind(), ErrorKind::Resource);
}

TEST(Error, TextsWithoutANumberHaveNone) {
  for (const char* text : {"1:8: unknown column 'nope'", "the statement was cancelled; it changed nothing", "Msg 0: x",
                           "Msg : x", "Msg 12 x", "Msg 12", "internal error: Msg"}) {
    const Error e(text);
    EXPECT_EQ(e.msg_number(), 0) << text;
    EXPECT_EQ(e.msg_text(), text);
  }
  // A "Msg " that is not a number does not hide a later one.
  EXPECT_EQ(Error("Msg x: then Msg 50000: y").msg_number(), 50000);
}

// SQL Server's messages for a varchar that does not convert to a number, by target type and value.
#include "tessera/functions/conversion_message.hpp"

#include <gtest/gtest.h>

namespace tessera::fn {
namespace {

TEST(ConversionMessage, IntQuotesTheValueAndTellsSyntaxFromRange) {
  const SqlServerMessage not_a_number = conversion_failed_message(SqlType::Int32, "abc");
  EXPECT_EQ(not_a_number.number, 245);
  EXPECT_EQ(not_a_number.text, "Conversion failed when converting the varchar value 'abc' to data type int.");
  EXPECT_EQ(conversion_failed_message(SqlType::Int32, "1.5").number, 245);
  EXPECT_EQ(conversion_failed_message(SqlType::Int32, "-").number, 245);
  const SqlServerMessage too_big = conversion_failed_message(SqlType::Int32, " -2147483649 ");
  EXPECT_EQ(too_big.number, 248);
  EXPECT_EQ(too_big.text, "The conversion of the varchar value ' -2147483649 ' overflowed an int column.");
  EXPECT_EQ(conversion_failed_message(SqlType::Int32, "+99999999999").number, 248);
}

TEST(ConversionMessage, BigintAndMoneyHaveTheirOwnMessages) {
  EXPECT_EQ(conversion_failed_message(SqlType::Int64, "x").number, 8114);
  EXPECT_EQ(conversion_failed_message(SqlType::Int64, "x").text, "Error converting data type varchar to bigint.");
  EXPECT_EQ(conversion_failed_message(SqlType::Money, "1.2.3").number, 235);
  EXPECT_EQ(conversion_failed_message(SqlType::Money, "1.2.3").text,
            "Cannot convert a char value to money. The char value has incorrect syntax.");
}

TEST(ConversionMessage, OtherTargetsKeepTheStatusMessage) {
  EXPECT_EQ(conversion_failed_message(SqlType::Date, "x").number, 0);
  EXPECT_TRUE(conversion_failed_message(SqlType::Decimal, "x").text.empty());
}

}  // namespace
}  // namespace tessera::fn

// Which TDS version the server answers (version.hpp): the client's own, at most 7.4; 7.0 and TDS 8 refused.
#include <gtest/gtest.h>

#include <string>

#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/version.hpp"

namespace tessera::tds {
namespace {

TEST(Version, AnswersTheClientsVersion) {
  EXPECT_EQ(negotiate_version(0x71000001), TdsVersion::V7_1);
  EXPECT_EQ(negotiate_version(0x71000000), TdsVersion::V7_1);
  EXPECT_EQ(negotiate_version(0x72090002), TdsVersion::V7_2);
  EXPECT_EQ(negotiate_version(0x730A0003), TdsVersion::V7_3A);
  EXPECT_EQ(negotiate_version(0x730B0003), TdsVersion::V7_3B);
  EXPECT_EQ(negotiate_version(0x74000004), TdsVersion::V7_4);
}

TEST(Version, NewerClientsGet74AndInBetweenRevisionsTheOlder) {
  EXPECT_EQ(negotiate_version(0x75000000), TdsVersion::V7_4);
  EXPECT_EQ(negotiate_version(0x72000000), TdsVersion::V7_1);
  EXPECT_EQ(negotiate_version(0x730B0004), TdsVersion::V7_3B);
}

TEST(Version, OldOrTlsFirstVersionsAreRefused) {
  EXPECT_THROW(negotiate_version(0x70000000), ProtocolError);
  EXPECT_THROW(negotiate_version(0x00000402), ProtocolError);
  try {
    negotiate_version(0x08000000);
    FAIL();
  } catch (const ProtocolError& e) {
    EXPECT_NE(std::string(e.what()).find("TDS 8.0"), std::string::npos) << e.what();
  }
}

TEST(Version, WhatEachVersionHas) {
  EXPECT_FALSE(is_7_2_or_later(TdsVersion::V7_1));
  EXPECT_TRUE(is_7_2_or_later(TdsVersion::V7_2));
  EXPECT_FALSE(has_date_time_types(TdsVersion::V7_2));
  EXPECT_TRUE(has_date_time_types(TdsVersion::V7_3A));
  EXPECT_FALSE(has_nbcrow(TdsVersion::V7_3A));
  EXPECT_TRUE(has_nbcrow(TdsVersion::V7_3B));
  EXPECT_TRUE(has_nbcrow(TdsVersion::V7_4));
  EXPECT_EQ(version_name(TdsVersion::V7_3B), "7.3.B");
  EXPECT_EQ(version_name(TdsVersion::V7_4), "7.4");
}

}  // namespace
}  // namespace tessera::tds

// Transaction manager requests (transaction_manager.hpp): the bytes FreeTDS's ODBC driver sends to begin, commit
// and roll back (with and without beginning again), savepoints, distributed requests, and malformed payloads.
#include <gtest/gtest.h>

#include "hex.hpp"
#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/transaction_manager.hpp"

namespace tessera::tds {
namespace {

using test::from_hex;

// ALL_HEADERS with a transaction descriptor of 0 and one outstanding request, as FreeTDS sends it.
const std::string kHeaders = "16 00 00 00 12 00 00 00 02 00 00 00 00 00 00 00 00 00 01 00 00 00 ";

TransactionRequest parse(const std::string& hex) {
  return parse_transaction_request(from_hex(kHeaders + hex), TdsVersion::V7_4);
}

TEST(TransactionManager, BeginWithIsolationLevelAndName) {
  const TransactionRequest t = parse("05 00 02 02 74 00 31 00");  // level 2, name "t1"
  EXPECT_EQ(t.type, TransactionRequestType::BeginXact);
  EXPECT_EQ(t.isolation_level, 2);
  EXPECT_EQ(t.name, "t1");
  EXPECT_EQ(t.headers.transaction_descriptor, 0u);
}

TEST(TransactionManager, CommitAndRollbackWithoutBeginningAgain) {
  EXPECT_EQ(parse("07 00 00 00").type, TransactionRequestType::CommitXact);
  const TransactionRequest r = parse("08 00 00 00");
  EXPECT_EQ(r.type, TransactionRequestType::RollbackXact);
  EXPECT_FALSE(r.begin_after);
}

TEST(TransactionManager, RollbackThatBeginsANewTransaction) {
  const TransactionRequest r = parse("08 00 00 01 00 00");
  EXPECT_TRUE(r.begin_after);
  EXPECT_EQ(r.name, "");
}

TEST(TransactionManager, CommitWithoutTheFlagByte) {
  EXPECT_FALSE(parse("07 00 00").begin_after);
}

TEST(TransactionManager, SavepointAndDistributedRequests) {
  EXPECT_EQ(parse("09 00 01 73 00").name, "s");
  EXPECT_EQ(parse("00 00").type, TransactionRequestType::GetDtcAddress);
  EXPECT_EQ(parse("01 00 04 00 01 02 03 04").type, TransactionRequestType::PropagateXact);
}

TEST(TransactionManager, Version71HasNoHeaders) {
  EXPECT_EQ(parse_transaction_request(from_hex("07 00 00 00"), TdsVersion::V7_1).type, TransactionRequestType::CommitXact);
}

TEST(TransactionManager, MalformedPayloadsAreProtocolErrors) {
  EXPECT_THROW(parse("03 00"), ProtocolError);                 // no such request type
  EXPECT_THROW(parse("05 00 02"), ProtocolError);              // name missing
  EXPECT_THROW(parse("05 00 02 05 74 00"), ProtocolError);     // name longer than the message
  EXPECT_THROW(parse("07 00 00 01 00"), ProtocolError);        // begins again without the new name
  EXPECT_THROW(parse("07 00 00 00 FF"), ProtocolError);        // bytes after the payload
  EXPECT_THROW(parse("07"), ProtocolError);                    // truncated request type
  EXPECT_THROW(parse_transaction_request(from_hex("07 00 00 00"), TdsVersion::V7_4), ProtocolError);  // no headers
  try {
    parse("03 00");
  } catch (const ProtocolError& e) {
    EXPECT_STREQ(e.what(), "transaction manager request: unknown RequestType 3 (offset 22)");
  }
}

}  // namespace
}  // namespace tessera::tds

// ALL_HEADERS (all_headers.hpp): the spec example's transaction descriptor, the other header types, and
// lengths that do not add up.
#include <gtest/gtest.h>

#include "hex.hpp"
#include "tessera/tds/all_headers.hpp"
#include "tessera/tds/byte_writer.hpp"
#include "tessera/tds/protocol_error.hpp"

namespace tessera::tds {
namespace {

using test::from_hex;

AllHeaders read(const Buffer& bytes, size_t* end = nullptr) {
  ByteReader r(bytes, "SQL batch");
  AllHeaders h = read_all_headers(r);
  if (end) *end = r.offset();
  return h;
}

TEST(AllHeaders, TransactionDescriptorFromTheSpecExample) {
  // [MS-TDS] 4.8: total 0x16, one header of 0x12 bytes, type 2, descriptor 0, one outstanding request.
  size_t end = 0;
  const AllHeaders h = read(from_hex("16 00 00 00 12 00 00 00 02 00 00 00 00 00 00 00 00 00 01 00 00 00 AA"), &end);
  EXPECT_EQ(h.transaction_descriptor, 0u);
  EXPECT_EQ(h.outstanding_requests, 1u);
  EXPECT_EQ(end, 22u) << "the reader stops after the block";
}

TEST(AllHeaders, AllThreeTypes) {
  const Buffer bytes = from_hex(
      "3C 00 00 00 "
      "0C 00 00 00 01 00 02 00 41 00 00 00 "                          // query notifications (skipped)
      "12 00 00 00 02 00 08 07 06 05 04 03 02 01 02 00 00 00 "        // transaction descriptor
      "1A 00 00 00 03 00 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 01 00 00 00");  // trace activity
  size_t end = 0;
  const AllHeaders h = read(bytes, &end);
  EXPECT_EQ(h.transaction_descriptor, 0x0102030405060708u);
  EXPECT_EQ(h.outstanding_requests, 2u);
  EXPECT_EQ(end, bytes.size());
}

TEST(AllHeaders, EmptyBlock) {
  const AllHeaders h = read(from_hex("04 00 00 00"));
  EXPECT_FALSE(h.transaction_descriptor);
}

TEST(AllHeaders, BadLengths) {
  EXPECT_THROW(read(from_hex("03 00 00 00")), ProtocolError);                                 // total below 4
  EXPECT_THROW(read(from_hex("20 00 00 00 12 00")), ProtocolError);                           // total past the end
  EXPECT_THROW(read(from_hex("0A 00 00 00 05 00 00 00 02 00")), ProtocolError);               // header below 6
  EXPECT_THROW(read(from_hex("0A 00 00 00 12 00 00 00 02 00 00 00")), ProtocolError);         // header past the block
  EXPECT_THROW(read(from_hex("08 00 00 00 04 00 00 00")), ProtocolError);                     // 4 bytes left in block
  EXPECT_THROW(read(from_hex("0A 00 00 00 06 00 00 00 09 00")), ProtocolError);               // unknown type
  EXPECT_THROW(read(from_hex("0E 00 00 00 0A 00 00 00 02 00 00 00 00 00")), ProtocolError);   // short descriptor
  EXPECT_THROW(read(from_hex("0A 00 00 00 06 00 00 00 03 00")), ProtocolError);               // short trace
  EXPECT_THROW(read(from_hex("16 00")), ProtocolError);
}

}  // namespace
}  // namespace tessera::tds

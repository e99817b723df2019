// The attention acknowledgement (attention.hpp): a DONE with only the ATTN bit.
#include <gtest/gtest.h>

#include "hex.hpp"
#include "tessera/tds/attention.hpp"

namespace tessera::tds {
namespace {

using test::hex;
using test::to_hex;

TEST(Attention, AcknowledgementIsADoneWithTheAttnBit) {
  Buffer out;
  write_attention_ack(out, TdsVersion::V7_4);
  EXPECT_EQ(to_hex(out), hex("FD 20 00 00 00 00 00 00 00 00 00 00 00"));
  out.clear();
  write_attention_ack(out, TdsVersion::V7_1);
  EXPECT_EQ(to_hex(out), hex("FD 20 00 00 00 00 00 00 00"));
}

}  // namespace
}  // namespace tessera::tds

// libFuzzer target: the TDS codec's decoders of client input (server/tds, docs/TDS.md) -- what `tessera serve`
// reads from a socket before anyone has logged in, and after. The first byte picks the decoder, the second the TDS
// version where it matters, the rest is the message:
//   0  MessageAssembler over raw packets, fed in slices the input chooses, and checked to give the same messages
//      as when fed whole (the split of a stream into reads must not change what it means)
//   1  PRELOGIN (and decide_encryption)     2  LOGIN7 (and negotiate_version/negotiate_packet_size)
//   3  SQL batch                            4  RPC (every parameter's TYPE_INFO and value)
//   5  transaction manager request
// tds::ProtocolError is a rejected message; any other exception, a crash or a sanitizer report is a bug.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <span>
#include <vector>

#include "tessera/tds/login7.hpp"
#include "tessera/tds/packet.hpp"
#include "tessera/tds/prelogin.hpp"
#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/rpc.hpp"
#include "tessera/tds/sql_batch.hpp"
#include "tessera/tds/transaction_manager.hpp"
#include "tessera/tds/version.hpp"

namespace tds = tessera::tds;

namespace {

constexpr tds::TdsVersion kVersions[] = {tds::TdsVersion::V7_1, tds::TdsVersion::V7_2, tds::TdsVersion::V7_3A,
                                         tds::TdsVersion::V7_3B, tds::TdsVersion::V7_4};

// Every complete message of `bytes` fed in the given slice sizes (0: whole); nullopt when the stream is refused.
std::optional<std::vector<tds::Message>> assemble(std::span<const uint8_t> bytes, std::span<const uint8_t> slices) {
  tds::MessageAssembler a(tds::kMaxPacketSize, 1 << 20);
  std::vector<tds::Message> out;
  try {
    size_t at = 0, k = 0;
    while (at < bytes.size()) {
      const size_t n = slices.empty() ? bytes.size() : std::min<size_t>(1 + slices[k++ % slices.size()] % 97, bytes.size() - at);
      a.feed(bytes.subspan(at, n));
      at += n;
      while (std::optional<tds::Message> m = a.next()) out.push_back(std::move(*m));
    }
  } catch (const tds::ProtocolError&) {
    return std::nullopt;
  }
  return out;
}

void check_assembler(std::span<const uint8_t> input) {
  // The first 8 bytes choose the slice sizes; the rest is the stream.
  const size_t n = std::min<size_t>(8, input.size());
  const auto slices = input.first(n);
  const auto stream = input.subspan(n);
  const auto whole = assemble(stream, {});
  const auto sliced = assemble(stream, slices);
  if (whole.has_value() != sliced.has_value()) {
    std::fprintf(stderr, "MessageAssembler: the stream was %s whole but %s in slices\n", whole ? "accepted" : "refused",
                 sliced ? "accepted" : "refused");
    std::abort();
  }
  if (!whole) return;
  // A refused stream may be refused at different points; an accepted one must give the same messages.
  if (whole->size() != sliced->size()) std::abort();
  for (size_t i = 0; i < whole->size(); ++i) {
    const tds::Message &a = (*whole)[i], &b = (*sliced)[i];
    if (a.type != b.type || a.status != b.status || a.payload != b.payload || a.ignored != b.ignored) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t decoder = data[0] % 6;
  const tds::TdsVersion version = kVersions[data[1] % 5];
  const std::span<const uint8_t> message(data + 2, size - 2);
  try {
    switch (decoder) {
      case 0: check_assembler(message); break;
      case 1: {
        const tds::Prelogin prelogin = tds::parse_prelogin(message);
        (void)tds::decide_encryption(prelogin, false);
        (void)tds::decide_encryption(prelogin, true);
        break;
      }
      case 2: {
        const tds::Login7 login = tds::parse_login7(message);
        (void)tds::negotiate_packet_size(login.packet_size);
        (void)tds::negotiate_version(login.tds_version);
        break;
      }
      case 3: (void)tds::parse_sql_batch(message, version); break;
      case 4: (void)tds::parse_rpc(message, version); break;
      case 5: (void)tds::parse_transaction_request(message, version); break;
    }
  } catch (const tds::ProtocolError&) {
    // a message the server refuses, with a message naming what and where
  }
  return 0;
}

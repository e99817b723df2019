// ALL_HEADERS: the block that starts every SQL batch and RPC request from TDS 7.2 on. A DWORD total length
// (itself included), then headers of a DWORD length (itself included), a USHORT type and data:
// query notifications (1), transaction descriptor (2: the client's view of the open transaction and how many
// requests it has outstanding, for MARS) and trace activity (3). Tessera only keeps the transaction descriptor;
// the rest is checked for sound lengths and skipped.
#pragma once

#include <cstdint>
#include <optional>

#include "tessera/tds/byte_reader.hpp"

namespace tessera::tds {

enum class HeaderType : uint16_t {
  QueryNotifications = 1,
  TransactionDescriptor = 2,
  TraceActivity = 3,
};

struct AllHeaders {
  std::optional<uint64_t> transaction_descriptor;
  uint32_t outstanding_requests = 1;
};

// Reads the block at the reader's position and leaves the reader after it. ProtocolError for a total length
// below 4 or past the message, a header length below its 6-byte fixed part or past the block, an unknown
// header type, or a transaction descriptor or trace activity of the wrong size.
AllHeaders read_all_headers(ByteReader& r);

}  // namespace tessera::tds

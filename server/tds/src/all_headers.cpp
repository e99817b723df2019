#include "tessera/tds/all_headers.hpp"

#include <string>

namespace tessera::tds {

AllHeaders read_all_headers(ByteReader& r) {
  const size_t start = r.offset();
  const uint32_t total = r.u32("ALL_HEADERS TotalLength");
  if (total < 4 || total - 4 > r.remaining())
    r.fail_at(start, "ALL_HEADERS TotalLength " + std::to_string(total) + " does not fit the " +
                         std::to_string(r.size()) + "-byte message");
  const size_t end = start + total;
  AllHeaders headers;
  for (int index = 1; r.offset() < end; ++index) {
    const size_t header_at = r.offset();
    const std::string name = "ALL_HEADERS header " + std::to_string(index);
    if (end - header_at < 6) r.fail_at(header_at, name + " has fewer than the 6 bytes of its length and type");
    const uint32_t length = r.u32(name + " HeaderLength");
    if (length < 6 || length > end - header_at)
      r.fail_at(header_at, name + " HeaderLength " + std::to_string(length) + " does not fit the block's " +
                               std::to_string(end - header_at) + " remaining bytes");
    const uint16_t type = r.u16(name + " HeaderType");
    const size_t data_length = length - 6;
    switch (static_cast<HeaderType>(type)) {
      case HeaderType::TransactionDescriptor:
        if (data_length != 12)
          r.fail_at(header_at, name + " (transaction descriptor) has " + std::to_string(data_length) +
                                   " data bytes, 12 expected");
        headers.transaction_descriptor = r.u64(name + " TransactionDescriptor");
        headers.outstanding_requests = r.u32(name + " OutstandingRequestCount");
        break;
      case HeaderType::TraceActivity:
        if (data_length != 20)
          r.fail_at(header_at, name + " (trace activity) has " + std::to_string(data_length) +
                                   " data bytes, 20 expected");
        r.skip(data_length, name + " data");
        break;
      case HeaderType::QueryNotifications:
        r.skip(data_length, name + " data");
        break;
      default:
        r.fail_at(header_at, name + " has unknown type " + std::to_string(type));
    }
  }
  return headers;
}

}  // namespace tessera::tds

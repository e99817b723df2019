// SQL batch (packet type 1): the text of one or more T-SQL statements as UTF-16LE, after ALL_HEADERS from
// TDS 7.2 on.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "tessera/tds/all_headers.hpp"
#include "tessera/tds/version.hpp"

namespace tessera::tds {

struct SqlBatch {
  AllHeaders headers;
  std::string text;  // UTF-8
};

// ProtocolError for bad ALL_HEADERS (7.2+), an odd number of text bytes or an unpaired surrogate.
SqlBatch parse_sql_batch(std::span<const uint8_t> payload, TdsVersion version);

}  // namespace tessera::tds

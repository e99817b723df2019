#include "tessera/tds/sql_batch.hpp"

namespace tessera::tds {

SqlBatch parse_sql_batch(std::span<const uint8_t> payload, TdsVersion version) {
  ByteReader r(payload, "SQL batch");
  SqlBatch batch;
  if (is_7_2_or_later(version)) batch.headers = read_all_headers(r);
  batch.text = r.utf16(r.remaining(), "text");
  return batch;
}

}  // namespace tessera::tds

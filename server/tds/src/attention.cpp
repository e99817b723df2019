#include "tessera/tds/attention.hpp"

#include "tessera/tds/result_writer.hpp"

namespace tessera::tds {

void write_attention_ack(Buffer& out, TdsVersion version) {
  write_done(out, Done{done_status::kAttention, done_command::kNone, 0}, version);
}

}  // namespace tessera::tds

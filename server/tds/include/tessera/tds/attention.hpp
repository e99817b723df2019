// Attention (packet type 6, empty payload): the client cancels the request in progress. The server stops the
// statement, discards what it had not sent yet, and answers with a DONE carrying the ATTN bit; the client
// reads and drops everything until that DONE.
#pragma once

#include "tessera/tds/byte_writer.hpp"
#include "tessera/tds/version.hpp"

namespace tessera::tds {

// Appends DONE(status ATTN, no command, no rows): send it as its own TabularResult message, or at the end of
// the response the attention interrupted.
void write_attention_ack(Buffer& out, TdsVersion version);

}  // namespace tessera::tds

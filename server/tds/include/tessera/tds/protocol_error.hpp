// The error every parser of client input throws: the bytes a client sent are malformed, truncated or ask for
// something the codec does not support. The message names the structure, the field and its offset in the
// message, so a log line is enough to see what the client sent. The server answers it by closing the
// connection (or with an ERROR token where the protocol allows one).
//
// Misuse of the codec by the server itself (a Value of the wrong kind for its column, a packet size below
// the header's) is a std::logic_error instead: it is a bug in Tessera, not in the client.
#pragma once

#include <stdexcept>

namespace tessera::tds {

class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace tessera::tds

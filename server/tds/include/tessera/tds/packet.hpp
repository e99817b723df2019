// TDS packets: every message (a client's request, the server's response) travels as one or more packets of an
// 8-byte header and a payload; the last packet of a message has the end-of-message status bit. The header's
// length (which counts the header) is big-endian, unlike everything after it.
//
// MessageAssembler turns the bytes off a socket, in whatever slices they arrive, into whole messages;
// MessageWriter and write_message cut a response into packets of the negotiated size, so a large result can be
// sent while it is produced.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <vector>

#include "tessera/tds/byte_writer.hpp"

namespace tessera::tds {

enum class PacketType : uint8_t {
  SqlBatch = 1,
  Rpc = 3,
  TabularResult = 4,  // every server response, PRELOGIN's included
  Attention = 6,
  BulkLoad = 7,
  FederatedAuthToken = 8,
  TransactionManager = 14,
  Login7 = 16,
  Sspi = 17,
  Prelogin = 18,
};

namespace packet_status {
inline constexpr uint8_t kEndOfMessage = 0x01;
inline constexpr uint8_t kIgnore = 0x02;           // the client abandons the message: skip it, but answer
inline constexpr uint8_t kResetConnection = 0x08;  // reset the session before running this request
inline constexpr uint8_t kResetConnectionSkipTransaction = 0x10;  // ... but keep the open transaction
}  // namespace packet_status

inline constexpr size_t kPacketHeaderSize = 8;
inline constexpr uint32_t kDefaultPacketSize = 4096;
inline constexpr uint32_t kMinPacketSize = 512;
inline constexpr uint32_t kMaxPacketSize = 32767;

struct PacketHeader {
  PacketType type = PacketType::TabularResult;
  uint8_t status = 0;
  uint16_t length = 0;  // header included
  uint16_t spid = 0;    // the server's session id; clients send 0
  uint8_t packet_id = 0;
  uint8_t window = 0;
};

// ProtocolError when fewer than 8 bytes are given.
PacketHeader read_packet_header(std::span<const uint8_t> bytes);
void write_packet_header(Buffer& out, const PacketHeader& header);

// A complete client message: its type, the status bits of its first packet (the reset-connection requests)
// and the payloads of its packets joined.
struct Message {
  PacketType type = PacketType::SqlBatch;
  uint8_t status = 0;
  Buffer payload;
  // The client ended it with the ignore bit: it abandoned the request while sending it (tedious does when a
  // parameter fails to serialise, or on a cancel before the request was out). The payload is incomplete and must
  // not be run, but the client waits for a response to it as to any request: a DONE.
  bool ignored = false;

  bool reset_connection() const { return (status & packet_status::kResetConnection) != 0; }
  bool reset_connection_skip_transaction() const {
    return (status & packet_status::kResetConnectionSkipTransaction) != 0;
  }
};

class MessageAssembler {
 public:
  static constexpr size_t kDefaultMaxMessageSize = size_t{64} << 20;

  // Before LOGIN7 the packet size is not negotiated yet: a packet may be as large as TDS allows. After it,
  // set_max_packet_size(the negotiated size).
  explicit MessageAssembler(size_t max_packet_size = kMaxPacketSize,
                            size_t max_message_size = kDefaultMaxMessageSize);

  void set_max_packet_size(size_t max_packet_size) { max_packet_size_ = max_packet_size; }

  // Consumes bytes as they come off the socket. ProtocolError for a packet length below 8 or above the packet
  // size, an unknown packet type, a type change inside a message, or a message above the size cap; the
  // connection cannot continue after it.
  void feed(std::span<const uint8_t> bytes);

  // The oldest complete message not yet taken (one the client ended with the ignore bit too: Message::ignored).
  std::optional<Message> next();

  // True while a complete message waits to be taken.
  bool has_ready() const { return !ready_.empty(); }

  // True while bytes of an unfinished packet or message are held.
  bool mid_message() const { return !partial_packet_.empty() || current_.has_value(); }

 private:
  void take_packet(std::span<const uint8_t> packet);

  size_t max_packet_size_;
  size_t max_message_size_;
  Buffer partial_packet_;
  std::optional<Message> current_;
  std::deque<Message> ready_;
};

// Cuts one outgoing message into packets of at most `packet_size` bytes as its payload grows. The token writers
// append to payload(); the server sends what take_full_packets() returns whenever it likes (say, once payload
// passes a few packets), and what finish() returns at the end, so a result set is never held whole.
class MessageWriter {
 public:
  // std::logic_error for a packet size that leaves no room for a payload or exceeds the header's 16 bits.
  MessageWriter(PacketType type, size_t packet_size, uint16_t spid = 0);

  Buffer& payload() { return payload_; }
  size_t pending_bytes() const { return payload_.size(); }

  // Whole packets (without end-of-message) for the payload written so far, keeping back the last
  // packet's worth so that finish() always has one to mark. Empty when there is not more than one packet.
  Buffer take_full_packets();

  // The rest of the message; its last packet carries end-of-message (an empty message is one bare header).
  // The writer then starts the next message with packet id 1.
  Buffer finish();

 private:
  void emit_packet(Buffer& out, size_t begin, size_t length, bool last);

  PacketType type_;
  size_t packet_size_;
  uint16_t spid_;
  uint8_t next_packet_id_ = 1;
  Buffer payload_;
};

// A whole message as packets: ids count 1, 2, ... (mod 256), end-of-message on the last.
Buffer write_message(PacketType type, std::span<const uint8_t> payload, size_t packet_size, uint16_t spid = 0);

}  // namespace tessera::tds

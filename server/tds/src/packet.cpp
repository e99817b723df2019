#include "tessera/tds/packet.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "tessera/tds/protocol_error.hpp"

namespace tessera::tds {

namespace {

bool is_known_type(uint8_t type) {
  switch (static_cast<PacketType>(type)) {
    case PacketType::SqlBatch:
    case PacketType::Rpc:
    case PacketType::TabularResult:
    case PacketType::Attention:
    case PacketType::BulkLoad:
    case PacketType::FederatedAuthToken:
    case PacketType::TransactionManager:
    case PacketType::Login7:
    case PacketType::Sspi:
    case PacketType::Prelogin:
      return true;
  }
  return false;
}

}  // namespace

PacketHeader read_packet_header(std::span<const uint8_t> bytes) {
  if (bytes.size() < kPacketHeaderSize)
    throw ProtocolError("packet header: " + std::to_string(bytes.size()) + " bytes, 8 needed");
  PacketHeader h;
  h.type = static_cast<PacketType>(bytes[0]);
  h.status = bytes[1];
  h.length = static_cast<uint16_t>((bytes[2] << 8) | bytes[3]);
  h.spid = static_cast<uint16_t>((bytes[4] << 8) | bytes[5]);
  h.packet_id = bytes[6];
  h.window = bytes[7];
  return h;
}

void write_packet_header(Buffer& out, const PacketHeader& h) {
  put_u8(out, static_cast<uint8_t>(h.type));
  put_u8(out, h.status);
  put_u16_be(out, h.length);
  put_u16_be(out, h.spid);
  put_u8(out, h.packet_id);
  put_u8(out, h.window);
}

MessageAssembler::MessageAssembler(size_t max_packet_size, size_t max_message_size)
    : max_packet_size_(max_packet_size), max_message_size_(max_message_size) {}

void MessageAssembler::feed(std::span<const uint8_t> bytes) {
  const auto append = [&](size_t count) {
    partial_packet_.insert(partial_packet_.end(), bytes.begin(), bytes.begin() + count);
    bytes = bytes.subspan(count);
  };
  while (!bytes.empty()) {
    // The header first (it says how long the packet is), then the body; partial_packet_ holds one packet at most.
    if (partial_packet_.size() < kPacketHeaderSize) {
      append(std::min(kPacketHeaderSize - partial_packet_.size(), bytes.size()));
      if (partial_packet_.size() < kPacketHeaderSize) return;
      const PacketHeader h = read_packet_header(partial_packet_);
      if (h.length < kPacketHeaderSize)
        throw ProtocolError("packet header: length " + std::to_string(h.length) + " is below the 8-byte header");
      if (h.length > max_packet_size_)
        throw ProtocolError("packet header: length " + std::to_string(h.length) + " exceeds the packet size " +
                            std::to_string(max_packet_size_));
      if (!is_known_type(partial_packet_[0]))
        throw ProtocolError("packet header: unknown packet type " + std::to_string(partial_packet_[0]));
    }
    const size_t length = (size_t{partial_packet_[2]} << 8) | partial_packet_[3];
    append(std::min(length - partial_packet_.size(), bytes.size()));
    if (partial_packet_.size() == length) {
      take_packet(partial_packet_);
      partial_packet_.clear();
    }
  }
}

void MessageAssembler::take_packet(std::span<const uint8_t> packet) {
  const PacketHeader h = read_packet_header(packet);
  if (!current_) {
    current_.emplace();
    current_->type = h.type;
    current_->status = h.status;
  } else if (h.type != current_->type) {
    throw ProtocolError("packet header: a packet of type " + std::to_string(static_cast<int>(h.type)) +
                        " inside a message of type " + std::to_string(static_cast<int>(current_->type)));
  }
  const std::span<const uint8_t> body = packet.subspan(kPacketHeaderSize);
  if (body.size() > max_message_size_ - current_->payload.size())
    throw ProtocolError("message of type " + std::to_string(static_cast<int>(h.type)) + " exceeds the " +
                        std::to_string(max_message_size_) + "-byte limit");
  current_->payload.insert(current_->payload.end(), body.begin(), body.end());
  if (h.status & packet_status::kEndOfMessage) {
    current_->ignored = (h.status & packet_status::kIgnore) != 0;
    ready_.push_back(std::move(*current_));
    current_.reset();
  }
}

std::optional<Message> MessageAssembler::next() {
  if (ready_.empty()) return std::nullopt;
  Message m = std::move(ready_.front());
  ready_.pop_front();
  return m;
}

MessageWriter::MessageWriter(PacketType type, size_t packet_size, uint16_t spid)
    : type_(type), packet_size_(packet_size), spid_(spid) {
  if (packet_size <= kPacketHeaderSize || packet_size > 0xFFFF)
    throw std::logic_error("MessageWriter: packet size " + std::to_string(packet_size) + " out of range");
}

void MessageWriter::emit_packet(Buffer& out, size_t begin, size_t length, bool last) {
  PacketHeader h;
  h.type = type_;
  h.status = last ? packet_status::kEndOfMessage : 0;
  h.length = static_cast<uint16_t>(kPacketHeaderSize + length);
  h.spid = spid_;
  h.packet_id = next_packet_id_++;  // wraps to 0 after 255, as the spec's "modulo 256" says
  write_packet_header(out, h);
  out.insert(out.end(), payload_.begin() + begin, payload_.begin() + begin + length);
}

Buffer MessageWriter::take_full_packets() {
  const size_t capacity = packet_size_ - kPacketHeaderSize;
  Buffer out;
  size_t sent = 0;
  while (payload_.size() - sent > capacity) {
    emit_packet(out, sent, capacity, false);
    sent += capacity;
  }
  payload_.erase(payload_.begin(), payload_.begin() + sent);
  return out;
}

Buffer MessageWriter::finish() {
  Buffer out = take_full_packets();
  emit_packet(out, 0, payload_.size(), true);
  payload_.clear();
  next_packet_id_ = 1;
  return out;
}

Buffer write_message(PacketType type, std::span<const uint8_t> payload, size_t packet_size, uint16_t spid) {
  MessageWriter writer(type, packet_size, spid);
  put_bytes(writer.payload(), payload);
  return writer.finish();
}

}  // namespace tessera::tds

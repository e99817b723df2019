// Test helpers for the server's tests: client messages built as drivers send them (PRELOGIN, LOGIN7, SQL batch,
// sp_executesql RPC), a reader that turns a server response back into result sets, messages and DONE tokens, and a
// blocking loopback client. The codec writes these tokens and reads requests; this reads what it writes, so a test
// can say "the second result set's row 0 is Int 42" rather than compare bytes.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "tessera/tds/byte_reader.hpp"
#include "tessera/tds/byte_writer.hpp"
#include "tessera/tds/login7.hpp"
#include "tessera/tds/packet.hpp"
#include "tessera/tds/prelogin.hpp"
#include "tessera/tds/result_writer.hpp"
#include "tessera/tds/rpc.hpp"
#include "tessera/tds/text_encoding.hpp"
#include "tessera/tds/type_info.hpp"
#include "tessera/tds/value_codec.hpp"

namespace tessera::server::test {

// ---- requests ----

inline tds::Buffer prelogin_payload(tds::Encryption encryption = tds::Encryption::Off) {
  // VERSION (6 bytes) and ENCRYPTION (1 byte), then the terminator; data after the 11-byte table.
  tds::Buffer out;
  for (uint8_t b : {0x00, 0x00, 0x0B, 0x00, 0x06, 0x01, 0x00, 0x11, 0x00, 0x01, 0xFF}) tds::put_u8(out, b);
  for (uint8_t b : {0x10, 0x00, 0x03, 0xE8, 0x00, 0x00}) tds::put_u8(out, b);  // 16.0.1000
  tds::put_u8(out, static_cast<uint8_t>(encryption));
  return out;
}

inline tds::Buffer login7_payload(const std::string& user, const std::string& password, const std::string& database = "",
                                  uint32_t tds_version = 0x74000004, uint32_t packet_size = 4096) {
  constexpr size_t kFixed = 94;
  tds::Buffer data;
  struct Ref {
    uint16_t offset = 0, length = 0;
  };
  const auto text = [&](const std::string& s, bool scramble = false) {
    const tds::Buffer utf16 = tds::utf8_to_utf16le(s);
    const Ref r{static_cast<uint16_t>(kFixed + data.size()), static_cast<uint16_t>(utf16.size() / 2)};
    for (uint8_t b : utf16) data.push_back(scramble ? tds::scramble_password_byte(b) : b);
    return r;
  };
  const Ref host = text("testhost"), u = text(user), pw = text(password, true), app = text("server tests"),
            server = text("127.0.0.1"), ext{static_cast<uint16_t>(kFixed + data.size()), 0}, library = text("tests"),
            language = text(""), db = text(database), sspi{static_cast<uint16_t>(kFixed + data.size()), 0},
            attach = text(""), change = text("");
  tds::Buffer out;
  tds::put_u32(out, static_cast<uint32_t>(kFixed + data.size()));
  tds::put_u32(out, tds_version);
  tds::put_u32(out, packet_size);
  tds::put_u32(out, 0x07000000);
  tds::put_u32(out, 4242);
  tds::put_u32(out, 0);
  tds::put_u8(out, 0xE0);
  tds::put_u8(out, 0x03);
  tds::put_u8(out, 0x00);
  tds::put_u8(out, 0x00);
  tds::put_u32(out, 0);
  tds::put_u32(out, 0x0409);
  for (Ref r : {host, u, pw, app, server, ext, library, language, db}) {
    tds::put_u16(out, r.offset);
    tds::put_u16(out, r.length);
  }
  for (int i = 0; i < 6; ++i) tds::put_u8(out, 0);
  for (Ref r : {sspi, attach, change}) {
    tds::put_u16(out, r.offset);
    tds::put_u16(out, r.length);
  }
  tds::put_u32(out, 0);
  tds::put_bytes(out, data);
  return out;
}

// ALL_HEADERS with a transaction descriptor of 0 and one outstanding request, as drivers send it from 7.2 on.
inline void put_all_headers(tds::Buffer& out) {
  tds::put_u32(out, 22);
  tds::put_u32(out, 18);
  tds::put_u16(out, 2);
  tds::put_u64(out, 0);
  tds::put_u32(out, 1);
}

inline tds::Buffer sql_batch_payload(const std::string& sql, tds::TdsVersion version = tds::TdsVersion::V7_4) {
  tds::Buffer out;
  if (tds::is_7_2_or_later(version)) put_all_headers(out);
  tds::append_utf16le(out, sql);
  return out;
}

struct Argument {
  std::string name;
  tds::TypeInfo type;
  tds::Value value;
  bool output = false;
};

inline tds::TypeInfo nvarchar_type(uint32_t characters = 4000) {
  tds::TypeInfo t;
  t.type = tds::WireType::NVarChar;
  t.max_length = characters >= 4000 ? 8000 : characters * 2;
  t.collation = tds::kDefaultCollation;
  return t;
}
inline tds::TypeInfo int_type(uint32_t bytes = 4) {
  tds::TypeInfo t;
  t.type = tds::WireType::IntN;
  t.max_length = bytes;
  return t;
}

// One RPC call by procedure number (sp_executesql 10, sp_prepare 11, ...) or name, as drivers send them.
inline tds::Buffer rpc_payload(std::optional<tds::ProcId> id, const std::string& name, const std::vector<Argument>& args) {
  tds::Buffer out;
  put_all_headers(out);
  if (id) {
    tds::put_u16(out, 0xFFFF);
    tds::put_u16(out, static_cast<uint16_t>(*id));
  } else {
    tds::put_us_varchar(out, name);
  }
  tds::put_u16(out, 0);  // options
  for (const Argument& a : args) {
    tds::put_b_varchar(out, a.name);
    tds::put_u8(out, a.output ? tds::param_status::kByRefValue : 0);
    tds::write_type_info(out, a.type);
    tds::write_value(out, a.type, a.value);
  }
  return out;
}

// ---- responses ----

struct ResultSet {
  std::vector<std::string> names;
  std::vector<tds::TypeInfo> types;
  std::vector<std::vector<tds::Value>> rows;
};

struct DoneToken {
  uint8_t token = 0;  // tds::token::kDone, kDoneProc, kDoneInProc
  tds::Done done;
};

struct Response {
  std::vector<ResultSet> results;
  std::vector<tds::ServerMessage> errors;
  std::vector<tds::ServerMessage> infos;
  std::vector<DoneToken> dones;
  std::vector<std::pair<std::string, tds::Value>> return_values;
  std::optional<int32_t> return_status;
  std::vector<uint8_t> envchanges;  // their types
  bool login_ack = false;

  int32_t first_error() const { return errors.empty() ? 0 : errors.front().number; }
  bool attention_acknowledged() const {
    for (const DoneToken& d : dones)
      if (d.done.status & tds::done_status::kAttention) return true;
    return false;
  }
};

inline tds::ServerMessage read_message(tds::ByteReader& r, tds::TdsVersion v) {
  const size_t end = r.offset() + 2 + r.u16("length");
  tds::ServerMessage m;
  m.number = static_cast<int32_t>(r.u32("number"));
  m.state = r.u8("state");
  m.severity = r.u8("class");
  m.text = r.us_varchar("text");
  m.server_name = r.b_varchar("server");
  m.procedure_name = r.b_varchar("procedure");
  m.line = tds::is_7_2_or_later(v) ? static_cast<int32_t>(r.u32("line")) : r.u16("line");
  if (r.offset() != end) r.fail("message length");
  return m;
}

inline tds::Done read_done(tds::ByteReader& r, tds::TdsVersion v) {
  tds::Done d;
  d.status = r.u16("status");
  d.current_command = r.u16("command");
  d.row_count = tds::is_7_2_or_later(v) ? r.u64("count") : r.u32("count");
  return d;
}

// ProtocolError (from the reader) for a response it cannot read: a bug in the server's tokens.
inline Response parse_response(std::span<const uint8_t> payload, tds::TdsVersion v = tds::TdsVersion::V7_4) {
  Response out;
  tds::ByteReader r(payload, "response");
  while (!r.at_end()) {
    const uint8_t token = r.u8("token");
    switch (token) {
      case tds::token::kColMetadata: {
        ResultSet rs;
        const uint16_t count = r.u16("column count");
        for (uint16_t i = 0; i < count; ++i) {
          if (tds::is_7_2_or_later(v)) r.u32("user type");
          else r.u16("user type");
          r.u16("flags");
          rs.types.push_back(tds::read_type_info(r, "column"));
          const tds::WireType t = rs.types.back().type;
          if (t == tds::WireType::Text || t == tds::WireType::NText || t == tds::WireType::Image) {
            if (tds::is_7_2_or_later(v)) {
              const uint8_t parts = r.u8("table name parts");
              for (uint8_t p = 0; p < parts; ++p) r.us_varchar("table name part");
            } else {
              r.us_varchar("table name");
            }
          }
          rs.names.push_back(r.b_varchar("column name"));
        }
        out.results.push_back(std::move(rs));
        break;
      }
      case tds::token::kRow:
      case tds::token::kNbcRow: {
        ResultSet& rs = out.results.back();
        std::vector<uint8_t> nulls((rs.types.size() + 7) / 8, 0);
        if (token == tds::token::kNbcRow)
          for (uint8_t& b : nulls) b = r.u8("null bitmap");
        std::vector<tds::Value> row;
        for (size_t i = 0; i < rs.types.size(); ++i) {
          if (nulls[i / 8] & (1u << (i % 8))) {
            row.push_back(tds::Value::null());
            continue;
          }
          const tds::WireType t = rs.types[i].type;
          if (t == tds::WireType::Text || t == tds::WireType::NText || t == tds::WireType::Image) {
            const uint8_t pointer = r.u8("text pointer length");
            if (pointer == 0) {
              row.push_back(tds::Value::null());
              continue;
            }
            r.skip(pointer + 8u, "text pointer and timestamp");
          }
          row.push_back(tds::read_value(r, rs.types[i], "cell"));
        }
        rs.rows.push_back(std::move(row));
        break;
      }
      case tds::token::kError: out.errors.push_back(read_message(r, v)); break;
      case tds::token::kInfo: out.infos.push_back(read_message(r, v)); break;
      case tds::token::kDone:
      case tds::token::kDoneProc:
      case tds::token::kDoneInProc: out.dones.push_back({token, read_done(r, v)}); break;
      case tds::token::kReturnStatus: out.return_status = static_cast<int32_t>(r.u32("return status")); break;
      case tds::token::kReturnValue: {
        r.u16("ordinal");
        std::string name = r.b_varchar("name");
        r.u8("status");
        if (tds::is_7_2_or_later(v)) r.u32("user type");
        else r.u16("user type");
        r.u16("flags");
        const tds::TypeInfo type = tds::read_type_info(r, "return value");
        out.return_values.emplace_back(std::move(name), tds::read_value(r, type, "return value"));
        break;
      }
      case tds::token::kEnvChange: {
        const uint16_t length = r.u16("length");
        const std::span<const uint8_t> body = r.bytes(length, "envchange");
        out.envchanges.push_back(body.empty() ? 0 : body[0]);
        break;
      }
      case tds::token::kLoginAck:
        out.login_ack = true;
        r.skip(r.u16("length"), "loginack");
        break;
      case tds::token::kOrder: r.skip(r.u16("length"), "order"); break;
      default: r.fail("unknown token " + std::to_string(token));
    }
  }
  return out;
}

// ---- a loopback client ----

class TestClient {
 public:
  explicit TestClient(uint16_t port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd_ < 0 || ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0)
      throw std::runtime_error("cannot connect to 127.0.0.1:" + std::to_string(port));
    int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  ~TestClient() { close(); }
  TestClient(const TestClient&) = delete;
  TestClient& operator=(const TestClient&) = delete;

  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  int fd() const { return fd_; }  // the socket, for a caller that reads it raw (a client that stops mid-result)

  // From now on what is sent goes through `encrypt` and what is received through `decrypt` (TLS); empty functions:
  // in clear again.
  using Transform = std::function<tds::Buffer(std::span<const uint8_t>)>;
  void set_transforms(Transform encrypt, Transform decrypt) {
    encrypt_ = std::move(encrypt);
    decrypt_ = std::move(decrypt);
  }

  void send_raw(std::span<const uint8_t> plain) {
    tds::Buffer encrypted;
    if (encrypt_) encrypted = encrypt_(plain);
    const std::span<const uint8_t> bytes = encrypt_ ? std::span<const uint8_t>(encrypted) : plain;
    size_t sent = 0;
    while (sent < bytes.size()) {
      const ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) throw std::runtime_error("send failed");
      sent += static_cast<size_t>(n);
    }
  }
  void send(tds::PacketType type, std::span<const uint8_t> payload, size_t packet_size = 4096) {
    send_raw(tds::write_message(type, payload, packet_size));
  }

  // The next whole message from the server; nullopt when the server closed the connection or nothing came in time.
  std::optional<tds::Message> receive(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
      if (std::optional<tds::Message> m = assembler_.next()) return m;
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return std::nullopt;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return std::nullopt;
      uint8_t buffer[16384];
      const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) {
        eof_ = true;
        return std::nullopt;
      }
      const std::span<const uint8_t> received(buffer, static_cast<size_t>(n));
      if (decrypt_) assembler_.feed(decrypt_(received));
      else assembler_.feed(received);
    }
  }
  // True once the server has closed the connection (reading until it does, or until the timeout).
  bool closed_by_server(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    while (!eof_)
      if (!receive(timeout) && !eof_) return false;
    return true;
  }

  Response login(const std::string& user, const std::string& password, const std::string& database = "",
                 tds::Encryption encryption = tds::Encryption::Off) {
    send(tds::PacketType::Prelogin, prelogin_payload(encryption));
    if (!receive()) throw std::runtime_error("no PRELOGIN response");
    send(tds::PacketType::Login7, login7_payload(user, password, database));
    std::optional<tds::Message> m = receive();
    if (!m) throw std::runtime_error("no login response");
    return parse_response(m->payload);
  }
  Response query(const std::string& sql) {
    send(tds::PacketType::SqlBatch, sql_batch_payload(sql));
    std::optional<tds::Message> m = receive();
    if (!m) throw std::runtime_error("no response to " + sql);
    return parse_response(m->payload);
  }
  Response rpc(std::optional<tds::ProcId> id, const std::string& name, const std::vector<Argument>& args) {
    send(tds::PacketType::Rpc, rpc_payload(id, name, args));
    std::optional<tds::Message> m = receive();
    if (!m) throw std::runtime_error("no response to the RPC");
    return parse_response(m->payload);
  }

 private:
  int fd_ = -1;
  bool eof_ = false;
  tds::MessageAssembler assembler_;
  Transform encrypt_, decrypt_;
};

}  // namespace tessera::server::test

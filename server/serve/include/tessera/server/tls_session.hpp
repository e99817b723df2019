// One connection's TLS as TDS 7.x carries it, over byte buffers (no socket; OpenSSL with memory BIOs):
//
//   handshake   the client's TLS records arrive inside TDS PRELOGIN packets (type 0x12), the server's go back
//               inside PRELOGIN packets too, as SQL Server sends them: handshake() unwraps and wraps
//   afterwards  TLS records travel bare on the socket and carry the TDS packets: decrypt() and encrypt()
//
// What TLS covers is the PRELOGIN answer's business (tds::decide_encryption): everything, or the LOGIN7 message
// only, after which the connection drops its TlsSession and goes on in clear (the client never sends close_notify).
// The connection (connection.cpp) passes the socket's bytes through this object; nothing here blocks.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>

#include "tessera/server/tls_context.hpp"
#include "tessera/tds/byte_writer.hpp"

struct ssl_st;  // OpenSSL's SSL
struct bio_st;  // OpenSSL's BIO

namespace tessera::server {

// The client broke TLS: a failed handshake (OpenSSL's reason), a packet other than PRELOGIN during it, a bad record.
// The connection cannot continue.
class TlsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class TlsSession {
 public:
  explicit TlsSession(std::shared_ptr<const TlsContext> context);
  ~TlsSession();
  TlsSession(const TlsSession&) = delete;
  TlsSession& operator=(const TlsSession&) = delete;

  // The handshake: bytes off the socket, in any slices (PRELOGIN packets carrying TLS records). Returns what to
  // send back (the server's records in PRELOGIN packets of `packet_size`; empty while the client's flight is
  // incomplete). Bytes after the packet that completes the handshake are already bare records (the client has
  // switched): they are kept, and the next decrypt() reads them first.
  tds::Buffer handshake(std::span<const uint8_t> bytes, size_t packet_size = 4096);
  bool established() const { return established_; }

  // After the handshake: bare TLS records off the socket (any slices); the plaintext they carry is appended to
  // `plaintext`. Returns false once the client has ended TLS (close_notify).
  bool decrypt(std::span<const uint8_t> records, tds::Buffer& plaintext);
  // After the handshake: plaintext -> the records to send.
  tds::Buffer encrypt(std::span<const uint8_t> plaintext);

  // For the log, once established: "TLSv1.3, TLS_AES_256_GCM_SHA384".
  std::string description() const;

 private:
  void take_output(tds::Buffer& out);
  void step(tds::Buffer& records);  // SSL_do_handshake on what came in; its output appended to `records`

  std::shared_ptr<const TlsContext> context_;
  ssl_st* ssl_ = nullptr;
  bio_st* in_ = nullptr;   // the client's records, for OpenSSL to read (owned by ssl_)
  bio_st* out_ = nullptr;  // the server's records, for the socket (owned by ssl_)
  tds::Buffer packet_;     // during the handshake: the PRELOGIN packet being received
  bool established_ = false;
};

}  // namespace tessera::server

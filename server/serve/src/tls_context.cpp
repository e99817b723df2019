#include "tessera/server/tls_context.hpp"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <stdexcept>

namespace tessera::server {

std::string openssl_errors() {
  std::string out;
  while (const unsigned long e = ERR_get_error()) {
    char text[256];
    ERR_error_string_n(e, text, sizeof text);
    if (!out.empty()) out += "; ";
    out += text;
  }
  return out.empty() ? "no reason given" : out;
}

namespace {

std::string certificate_description(X509* certificate) {
  std::string out = "subject ";
  char subject[512];
  X509_NAME_oneline(X509_get_subject_name(certificate), subject, sizeof subject);
  out += subject;
  if (BIO* b = BIO_new(BIO_s_mem())) {
    if (ASN1_TIME_print(b, X509_get0_notAfter(certificate)) == 1) {
      char* data = nullptr;
      const long n = BIO_get_mem_data(b, &data);
      out += ", valid until " + std::string(data, static_cast<size_t>(n));
    }
    BIO_free(b);
  }
  return out;
}

}  // namespace

std::shared_ptr<const TlsContext> TlsContext::from_files(const std::string& certificate_path,
                                                         const std::string& key_path) {
  ERR_clear_error();
  std::shared_ptr<TlsContext> c(new TlsContext());
  c->ctx_ = SSL_CTX_new(TLS_server_method());
  if (!c->ctx_) throw std::runtime_error("TLS: cannot create a context: " + openssl_errors());
  SSL_CTX* ctx = c->ctx_;
  // TLS 1.2 only, as SQL Server offers it to TDS 7.x: the clients wrap the handshake in PRELOGIN packets for
  // TLS 1.2's flights. FreeTDS over GnuTLS (Debian's) garbles a TLS 1.3 handshake (its last flight goes out after
  // it has switched to bare records); tedious asks for 1.2 at most itself.
  SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
  SSL_CTX_set_max_proto_version(ctx, TLS1_2_VERSION);
  SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_TICKET | SSL_OP_CIPHER_SERVER_PREFERENCE);
  SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
  if (SSL_CTX_use_certificate_chain_file(ctx, certificate_path.c_str()) != 1)
    throw std::runtime_error("TLS: cannot read the certificate '" + certificate_path +
                             "' (a PEM file is needed): " + openssl_errors());
  // Read first (a passphrase-protected key fails instead of prompting on the terminal), then given: OpenSSL
  // refuses a key that is not the certificate's when it is given.
  EVP_PKEY* key = nullptr;
  if (BIO* file = BIO_new_file(key_path.c_str(), "r")) {
    key = PEM_read_bio_PrivateKey(file, nullptr, [](char*, int, int, void*) { return 0; }, nullptr);
    BIO_free(file);
  }
  if (!key)
    throw std::runtime_error("TLS: cannot read the private key '" + key_path +
                             "' (an unencrypted PEM file is needed): " + openssl_errors());
  const int used = SSL_CTX_use_PrivateKey(ctx, key);
  EVP_PKEY_free(key);
  if (used != 1 || SSL_CTX_check_private_key(ctx) != 1)
    throw std::runtime_error("TLS: the private key '" + key_path + "' is not the key of the certificate '" +
                             certificate_path + "': " + openssl_errors());
  c->description_ = certificate_description(SSL_CTX_get0_certificate(ctx));
  return c;
}

TlsContext::~TlsContext() { SSL_CTX_free(ctx_); }

}  // namespace tessera::server

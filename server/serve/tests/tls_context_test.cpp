// The certificate and key (tls_context.hpp): a pair made by `openssl req` loads and is described for the log; files
// that are missing, not PEM, or a key that is not the certificate's are errors naming the file.
#include <gtest/gtest.h>

#include <fstream>

#include "tessera/server/tls_context.hpp"
#include "tls_test_client.hpp"

namespace tessera::server {
namespace {

std::string error_of(const std::string& certificate, const std::string& key) {
  try {
    TlsContext::from_files(certificate, key);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "no error";
}

TEST(TlsContext, LoadsACertificateAndItsKey) {
  const test::TestCertificate ec;
  const auto context = TlsContext::from_files(ec.certificate(), ec.key());
  ASSERT_NE(context->native(), nullptr);
  EXPECT_NE(context->description().find("CN=localhost"), std::string::npos) << context->description();
  EXPECT_NE(context->description().find("valid until"), std::string::npos) << context->description();
  const test::TestCertificate rsa("rsa:2048");
  EXPECT_NO_THROW(TlsContext::from_files(rsa.certificate(), rsa.key()));
}

TEST(TlsContext, BadFilesAreErrorsNamingThem) {
  const test::TestCertificate a;
  const test::TestCertificate b;
  const std::string missing = a.dir() + "/missing.pem";
  EXPECT_NE(error_of(missing, a.key()).find("cannot read the certificate '" + missing + "'"), std::string::npos);
  EXPECT_NE(error_of(a.certificate(), missing).find("cannot read the private key '" + missing + "'"), std::string::npos);
  const std::string garbage = a.dir() + "/garbage.pem";
  std::ofstream(garbage) << "not a certificate\n";
  EXPECT_NE(error_of(garbage, a.key()).find("cannot read the certificate"), std::string::npos);
  // The key given for the certificate (a common slip: the files swapped, or another pair's key).
  EXPECT_NE(error_of(a.key(), a.certificate()).find("cannot read the certificate"), std::string::npos);
  EXPECT_NE(error_of(a.certificate(), b.key()).find("is not the key of the certificate"), std::string::npos)
      << error_of(a.certificate(), b.key());
}

}  // namespace
}  // namespace tessera::server

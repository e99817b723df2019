// Logins (logins.hpp): Argon2id hashes on disk and never the password, verification, case-insensitive names,
// atomic rewrites, damaged files refused, and the first start from TESSERA_SA_PASSWORD.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "temp_dir.hpp"
#include "tessera/server/logins.hpp"

namespace tessera::server {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Logins, StoredHashedNeverInPlainText) {
  test::TempDir dir;
  LoginStore store(dir.path());
  EXPECT_TRUE(store.empty());
  store.create("sa", "Secret-Password-1");
  const std::string file = read_file(store.file_path());
  EXPECT_EQ(file.find("Secret-Password-1"), std::string::npos);
  EXPECT_NE(file.find("$argon2id$"), std::string::npos);
  struct stat st {};
  ASSERT_EQ(::stat(store.file_path().c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_FALSE(std::filesystem::exists(store.file_path() + ".tmp"));
}

TEST(Logins, VerifyAndChange) {
  test::TempDir dir;
  LoginStore store(dir.path());
  store.create("App", "first-password");
  EXPECT_TRUE(store.verify("app", "first-password"));  // names ignore case, passwords do not
  EXPECT_FALSE(store.verify("app", "First-password"));
  EXPECT_FALSE(store.verify("nobody", "first-password"));
  store.set_password("APP", "second-password");
  EXPECT_FALSE(store.verify("app", "first-password"));
  EXPECT_TRUE(store.verify("app", "second-password"));
  EXPECT_THROW(store.create("app", "another-password"), LoginError);
  store.drop("app");
  EXPECT_FALSE(store.exists("app"));
  EXPECT_THROW(store.drop("app"), LoginError);
  EXPECT_THROW(store.set_password("app", "x-password"), LoginError);
}

TEST(Logins, ReopenedFromTheFile) {
  test::TempDir dir;
  {
    LoginStore store(dir.path());
    store.create("sa", "Secret-Password-1");
    store.create("reader", "Reader-Password");
  }
  LoginStore again(dir.path());
  EXPECT_EQ(again.names(), (std::vector<std::string>{"sa", "reader"}));
  EXPECT_TRUE(again.verify("reader", "Reader-Password"));
}

TEST(Logins, ADamagedFileIsRefused) {
  test::TempDir dir;
  const std::string path = dir.path() + "/logins.json";
  for (const char* text : {"not json", "{\"version\": 2, \"logins\": []}", "{\"version\": 1, \"logins\": [{\"name\": 3}]}",
                           "{\"version\": 1, \"logins\": [{\"name\": \"sa\", \"password_hash\": \"plain\"}]}"}) {
    std::ofstream(path) << text;
    try {
      LoginStore store(dir.path());
      ADD_FAILURE() << "accepted: " << text;
    } catch (const LoginError& e) {
      EXPECT_NE(std::string(e.what()).find("logins.json' is damaged"), std::string::npos) << e.what();
    }
  }
}

TEST(Logins, NamesAndPasswordPolicy) {
  EXPECT_EQ(password_policy_problem("12345678"), "");
  EXPECT_NE(password_policy_problem("short"), "");
  EXPECT_NE(password_policy_problem(std::string(129, 'x')), "");
  EXPECT_EQ(password_policy_problem("\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"), "");  // 8 é
  EXPECT_EQ(login_name_problem("reporting_user"), "");
  EXPECT_NE(login_name_problem(""), "");
  EXPECT_NE(login_name_problem("DOMAIN\\user"), "");
  EXPECT_NE(login_name_problem("tab\tname"), "");
}

TEST(Logins, FirstStartNeedsTheAdministratorPassword) {
  test::TempDir dir;
  LoginStore store(dir.path());
  try {
    require_administrator_password(store, nullptr);
    ADD_FAILURE() << "no error";
  } catch (const LoginError& e) {
    EXPECT_NE(std::string(e.what()).find("TESSERA_SA_PASSWORD"), std::string::npos);
  }
  EXPECT_THROW(ensure_administrator(store, ""), LoginError);
  EXPECT_THROW(ensure_administrator(store, "short"), LoginError);
  EXPECT_TRUE(store.empty());
  EXPECT_NE(ensure_administrator(store, "Admin-Password-1").find("created the administrator login 'sa'"), std::string::npos);
  EXPECT_TRUE(store.verify("sa", "Admin-Password-1"));
  // Later starts keep sa's password; the variable is ignored, and the log says so.
  EXPECT_NE(ensure_administrator(store, "Other-Password-2").find("is ignored"), std::string::npos);
  EXPECT_TRUE(store.verify("sa", "Admin-Password-1"));
  EXPECT_EQ(ensure_administrator(store, nullptr), "");
}

}  // namespace
}  // namespace tessera::server

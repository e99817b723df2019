// The SQL Server logins of a database served by `tessera serve`: names and salted, slow password hashes
// (libsodium's crypto_pwhash_str: Argon2id with the salt and the cost in the string it returns), never a
// password in plain text. They live in `logins.json` in the database directory, rewritten on every change by
// writing `logins.json.tmp`, fsync'ing it and renaming it over the old file, so a crash leaves the old or the new
// list whole. Names compare case-insensitively, as under SQL Server's default collation.
//
// The administrator is `sa`. A database without logins gets it from the environment variable
// TESSERA_SA_PASSWORD on the first start (as SQL Server's container image takes MSSQL_SA_PASSWORD); with no
// password there the server refuses to start. Every connection must log in: there is no anonymous access.
//
// Thread-safe: every connection's login and the CREATE/ALTER/DROP LOGIN statements share one store. Hashing
// (about 0.1 s and 64 MiB by design) runs outside the store's lock.
#pragma once

#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::server {

class LoginError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr std::string_view kAdministratorLogin = "sa";
inline constexpr std::string_view kLoginsFileName = "logins.json";
inline constexpr const char* kSaPasswordVariable = "TESSERA_SA_PASSWORD";

// What is wrong with a password under the server's policy (8 to 128 characters, SQL Server's limits for a
// login with CHECK_POLICY), or "" when it is acceptable.
std::string password_policy_problem(std::string_view password);
// A login name SQL Server would take: 1 to 128 characters, no control characters, no backslash (Windows logins
// are DOMAIN\name and not supported). "" when it is acceptable, else what is wrong.
std::string login_name_problem(std::string_view name);

class LoginStore {
 public:
  // Reads DATABASE_DIR/logins.json; no file: no logins yet. LoginError naming the file for one that cannot be
  // read or is damaged (a server must never start with a login list it misread).
  explicit LoginStore(std::string database_dir);

  const std::string& file_path() const { return path_; }
  bool empty() const;
  bool exists(std::string_view name) const;
  std::vector<std::string> names() const;  // as created, in creation order

  // Whether `password` is the login's. An unknown login takes as long as a wrong password (a hash is checked
  // either way), so the time does not tell which logins exist.
  bool verify(std::string_view name, std::string_view password) const;

  // LoginError when the login exists (create) or does not (set_password, drop), or when the file cannot be
  // written; the list in memory then stays as it was. Policy is the caller's (password_policy_problem).
  void create(std::string_view name, std::string_view password);
  void set_password(std::string_view name, std::string_view password);
  void drop(std::string_view name);

 private:
  struct Login {
    std::string name;
    std::string password_hash;  // crypto_pwhash_str's "$argon2id$v=19$m=...,t=...,p=...$salt$hash"
  };
  void save(const std::vector<Login>& logins) const;  // caller holds mutex_
  std::vector<Login>::const_iterator find(std::string_view name) const;

  std::string path_;
  mutable std::mutex mutex_;
  std::vector<Login> logins_;
};

// Before a first start opens (and so creates) the database: LoginError when the store is empty and
// TESSERA_SA_PASSWORD (`sa_password`, null when not set) is missing or breaks the policy.
void require_administrator_password(const LoginStore& store, const char* sa_password);

// The first start of a database: creates `sa` with the password in TESSERA_SA_PASSWORD (`sa_password`, null
// when the variable is not set) when the store is empty. LoginError when it is empty and there is no password,
// or the password breaks the policy. Returns a line for the log: the login created, or that the variable was
// ignored because logins exist ("" when there is nothing to say).
std::string ensure_administrator(LoginStore& store, const char* sa_password);

}  // namespace tessera::server

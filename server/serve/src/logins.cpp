#include "tessera/server/logins.hpp"

#include <fcntl.h>
#include <sodium.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tessera/server/sql_tokens.hpp"

namespace tessera::server {

namespace {

constexpr int kFileVersion = 1;

void init_sodium() {
  static const int status = sodium_init();  // thread-safe, idempotent; < 0 only when the library cannot work
  if (status < 0) throw LoginError("libsodium could not be initialised (sodium_init failed)");
}

std::string hash_password(std::string_view password) {
  init_sodium();
  char out[crypto_pwhash_STRBYTES];
  // Argon2id at libsodium's "interactive" cost (2 passes, 64 MiB): the recommended minimum for online logins.
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                            crypto_pwhash_MEMLIMIT_INTERACTIVE, crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw LoginError("hashing the password failed (out of memory: Argon2id needs 64 MiB)");
  return out;
}

bool hash_matches(const std::string& hash, std::string_view password) {
  if (hash.size() >= crypto_pwhash_STRBYTES) return false;
  char stored[crypto_pwhash_STRBYTES] = {};
  std::memcpy(stored, hash.data(), hash.size());
  return crypto_pwhash_str_verify(stored, password.data(), password.size()) == 0;
}

// The hash an unknown login's password is checked against, so that it costs what a known one does.
const std::string& decoy_hash() {
  static const std::string hash = hash_password("decoy password of no login");
  return hash;
}

size_t character_count(std::string_view utf8) {
  return static_cast<size_t>(std::count_if(utf8.begin(), utf8.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

[[noreturn]] void fail_io(const std::string& what, const std::string& path) {
  throw LoginError(what + " '" + path + "': " + std::strerror(errno));
}

}  // namespace

std::string password_policy_problem(std::string_view password) {
  const size_t n = character_count(password);
  if (n < 8) return "the password is too short (" + std::to_string(n) + " characters; at least 8)";
  if (n > 128) return "the password is too long (" + std::to_string(n) + " characters; at most 128)";
  return "";
}

std::string login_name_problem(std::string_view name) {
  if (name.empty()) return "a login name cannot be empty";
  if (character_count(name) > 128) return "a login name has at most 128 characters";
  for (unsigned char c : name) {
    if (c < 0x20 || c == 0x7F) return "a login name cannot hold control characters";
    if (c == '\\') return "Windows logins (DOMAIN\\name) are not supported; Tessera has SQL Server logins only";
  }
  return "";
}

LoginStore::LoginStore(std::string database_dir) : path_(std::move(database_dir) + "/" + std::string(kLoginsFileName)) {
  init_sodium();
  std::error_code ec;
  if (!std::filesystem::exists(path_, ec)) return;
  std::ifstream in(path_, std::ios::binary);
  if (!in) fail_io("cannot read the logins file", path_);
  std::stringstream text;
  text << in.rdbuf();
  const auto damaged = [&](const std::string& what) -> LoginError {
    return LoginError("the logins file '" + path_ + "' is damaged: " + what);
  };
  const nlohmann::json doc = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object()) throw damaged("not a JSON object");
  const auto version = doc.find("version");
  if (version == doc.end() || !version->is_number_integer() || version->get<int64_t>() != kFileVersion)
    throw damaged("\"version\" must be " + std::to_string(kFileVersion));
  const auto list = doc.find("logins");
  if (list == doc.end() || !list->is_array()) throw damaged("\"logins\" must be an array");
  for (const nlohmann::json& entry : *list) {
    if (!entry.is_object()) throw damaged("a login is not an object");
    const auto name = entry.find("name");
    const auto hash = entry.find("password_hash");
    if (name == entry.end() || !name->is_string() || hash == entry.end() || !hash->is_string())
      throw damaged("a login needs the strings \"name\" and \"password_hash\"");
    Login login{name->get<std::string>(), hash->get<std::string>()};
    if (!login_name_problem(login.name).empty()) throw damaged("login name '" + login.name + "': " + login_name_problem(login.name));
    if (login.password_hash.rfind("$argon2id$", 0) != 0 || login.password_hash.size() >= crypto_pwhash_STRBYTES)
      throw damaged("the password hash of '" + login.name + "' is not an Argon2id hash string");
    if (find(login.name) != logins_.end()) throw damaged("the login '" + login.name + "' appears twice");
    logins_.push_back(std::move(login));
  }
}

std::vector<LoginStore::Login>::const_iterator LoginStore::find(std::string_view name) const {
  return std::find_if(logins_.begin(), logins_.end(), [&](const Login& l) { return iequals(l.name, name); });
}

bool LoginStore::empty() const {
  std::lock_guard lock(mutex_);
  return logins_.empty();
}

bool LoginStore::exists(std::string_view name) const {
  std::lock_guard lock(mutex_);
  return find(name) != logins_.end();
}

std::vector<std::string> LoginStore::names() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const Login& l : logins_) out.push_back(l.name);
  return out;
}

bool LoginStore::verify(std::string_view name, std::string_view password) const {
  std::string hash;
  {
    std::lock_guard lock(mutex_);
    const auto it = find(name);
    if (it != logins_.end()) hash = it->password_hash;
  }
  if (hash.empty()) {
    (void)hash_matches(decoy_hash(), password);
    return false;
  }
  return hash_matches(hash, password);
}

void LoginStore::create(std::string_view name, std::string_view password) {
  const std::string problem = login_name_problem(name);
  if (!problem.empty()) throw LoginError(problem);
  Login login{std::string(name), hash_password(password)};
  std::lock_guard lock(mutex_);
  if (find(name) != logins_.end()) throw LoginError("the login '" + std::string(name) + "' exists");
  std::vector<Login> next = logins_;
  next.push_back(std::move(login));
  save(next);
  logins_ = std::move(next);
}

void LoginStore::set_password(std::string_view name, std::string_view password) {
  const std::string hash = hash_password(password);
  std::lock_guard lock(mutex_);
  const auto it = find(name);
  if (it == logins_.end()) throw LoginError("there is no login '" + std::string(name) + "'");
  std::vector<Login> next = logins_;
  next[it - logins_.begin()].password_hash = hash;
  save(next);
  logins_ = std::move(next);
}

void LoginStore::drop(std::string_view name) {
  std::lock_guard lock(mutex_);
  const auto it = find(name);
  if (it == logins_.end()) throw LoginError("there is no login '" + std::string(name) + "'");
  std::vector<Login> next = logins_;
  next.erase(next.begin() + (it - logins_.begin()));
  save(next);
  logins_ = std::move(next);
}

void LoginStore::save(const std::vector<Login>& logins) const {
  nlohmann::json list = nlohmann::json::array();
  for (const Login& l : logins) list.push_back({{"name", l.name}, {"password_hash", l.password_hash}});
  const std::string text = nlohmann::json{{"version", kFileVersion}, {"logins", list}}.dump(2) + "\n";

  const std::string tmp = path_ + ".tmp";
  // Only the owner may read the hashes (a slow hash is a second line of defence, not the first).
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) fail_io("cannot write the logins file", tmp);
  size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int saved = errno;
      ::close(fd);
      ::unlink(tmp.c_str());
      errno = saved;
      fail_io("cannot write the logins file", tmp);
    }
    written += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    ::unlink(tmp.c_str());
    fail_io("cannot write the logins file", tmp);
  }
  if (::rename(tmp.c_str(), path_.c_str()) != 0) {
    ::unlink(tmp.c_str());
    fail_io("cannot replace the logins file", path_);
  }
  // The rename itself is durable once the directory is synced.
  const std::string dir = std::filesystem::path(path_).parent_path().string();
  const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
}

void require_administrator_password(const LoginStore& store, const char* sa_password) {
  if (!store.empty()) return;
  if (sa_password == nullptr || sa_password[0] == '\0')
    throw LoginError("the database has no logins yet: set " + std::string(kSaPasswordVariable) +
                     " to the password of its administrator login 'sa' for this first start (as SQL Server's "
                     "image takes MSSQL_SA_PASSWORD); it is stored hashed in " + store.file_path());
  const std::string problem = password_policy_problem(sa_password);
  if (!problem.empty()) throw LoginError(std::string(kSaPasswordVariable) + ": " + problem);
}

std::string ensure_administrator(LoginStore& store, const char* sa_password) {
  const bool given = sa_password != nullptr && sa_password[0] != '\0';
  if (!store.empty()) {
    return given ? std::string(kSaPasswordVariable) + " is ignored: the database has its logins already (" +
                       store.file_path() + "); ALTER LOGIN sa WITH PASSWORD = '...' changes sa's password"
                 : "";
  }
  require_administrator_password(store, sa_password);
  store.create(kAdministratorLogin, sa_password);
  return "created the administrator login 'sa' from " + std::string(kSaPasswordVariable) + " in " + store.file_path();
}

}  // namespace tessera::server

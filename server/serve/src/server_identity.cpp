#include "tessera/server/server_identity.hpp"

#include <unistd.h>

#include <filesystem>

namespace tessera::server {

std::string ServerIdentity::version_text() const {
  return "Tessera " + product_version + " (X64): a GPU SQL engine serving SQL Server's dialect over TDS 7.4\n\t" +
         "on Linux, database '" + database_name + "'";
}

ServerIdentity make_server_identity(const std::string& database_path, bool case_insensitive) {
  ServerIdentity id;
  char host[256] = {};
  id.server_name = ::gethostname(host, sizeof host - 1) == 0 && host[0] ? host : "tessera";
  std::filesystem::path p(database_path);
  while (!p.empty() && p.filename().empty()) p = p.parent_path();  // "db.tdb/" names db
  std::string name = p.filename().string();
  if (name.size() > 4 && name.ends_with(".tdb")) name.resize(name.size() - 4);
  id.database_name = name.empty() ? "tessera" : name;
  id.collation_name = case_insensitive ? "SQL_Latin1_General_CP1_CI_AS" : "Latin1_General_BIN2";
  id.process_id = static_cast<int64_t>(::getpid());
  return id;
}

}  // namespace tessera::server

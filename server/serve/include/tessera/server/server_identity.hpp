// What the server says about itself: in LOGINACK, in ERROR tokens, and to the probes clients send
// (@@VERSION, @@SERVERNAME, DB_NAME(), SERVERPROPERTY(...)). One per server, shared by its sessions.
#pragma once

#include <cstdint>
#include <string>

#include "tessera/tds/result_writer.hpp"

namespace tessera::server {

struct ServerIdentity {
  std::string server_name;    // @@SERVERNAME and the ERROR tokens' server: the host's name
  std::string database_name;  // the one database, as DB_NAME() and ENVCHANGE name it: the directory without .tdb
  // The version drivers read in LOGINACK (major 16: SQL Server 2022's dialect, which Tessera follows) and in
  // SERVERPROPERTY('ProductVersion').
  tds::ProgramVersion program_version{16, 0, 1000};
  std::string product_version = "16.0.1000.6";
  std::string collation_name;  // SERVERPROPERTY('Collation'): the engine's (--collation)
  int64_t process_id = 0;

  std::string version_text() const;  // @@VERSION
};

// The identity for a database directory ("/data/tpch.tdb" is database "tpch") and the engine's collation.
ServerIdentity make_server_identity(const std::string& database_path, bool case_insensitive);

}  // namespace tessera::server

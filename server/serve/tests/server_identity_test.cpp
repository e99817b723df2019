// The server's identity (server_identity.hpp): the database's name from its directory, the collation, @@VERSION.
#include <gtest/gtest.h>

#include "tessera/server/server_identity.hpp"

namespace tessera::server {
namespace {

TEST(ServerIdentity, TheDatabaseIsTheDirectoryWithoutTdb) {
  EXPECT_EQ(make_server_identity("/data/tpch.tdb", false).database_name, "tpch");
  EXPECT_EQ(make_server_identity("/data/tpch.tdb/", false).database_name, "tpch");
  EXPECT_EQ(make_server_identity("sales", false).database_name, "sales");
}

TEST(ServerIdentity, CollationFollowsTheEngine) {
  EXPECT_EQ(make_server_identity("a.tdb", true).collation_name, "SQL_Latin1_General_CP1_CI_AS");
  EXPECT_EQ(make_server_identity("a.tdb", false).collation_name, "Latin1_General_BIN2");
}

TEST(ServerIdentity, VersionTextNamesTessera) {
  const ServerIdentity id = make_server_identity("tpch.tdb", false);
  EXPECT_EQ(id.version_text().rfind("Tessera 16.0.1000.6", 0), 0u);
  EXPECT_NE(id.version_text().find("'tpch'"), std::string::npos);
  EXPECT_FALSE(id.server_name.empty());
  EXPECT_GT(id.process_id, 0);
}

}  // namespace
}  // namespace tessera::server

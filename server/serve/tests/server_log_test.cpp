// The server's log (server_log.hpp): one whole line per event with the time, from any number of threads.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <thread>
#include <vector>

#include "tessera/server/server_log.hpp"

namespace tessera::server {
namespace {

TEST(ServerLog, LinesCarryTheTimeAndTheProgram) {
  std::ostringstream out;
  ServerLog log(out);
  log.line("127.0.0.1:5000: connected");
  EXPECT_TRUE(std::regex_match(out.str(), std::regex(R"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} tessera serve: 127\.0\.0\.1:5000: connected\n)")))
      << out.str();
}

TEST(ServerLog, LinesFromManyThreadsNeverInterleave) {
  std::ostringstream out;
  ServerLog log(out);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&log, t] {
      for (int i = 0; i < 200; ++i) log.line("thread " + std::to_string(t) + " line " + std::to_string(i) + " end");
    });
  for (std::thread& t : threads) t.join();
  std::istringstream in(out.str());
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    ++lines;
    EXPECT_TRUE(std::regex_match(line, std::regex(R"(.* tessera serve: thread \d line \d+ end)"))) << line;
  }
  EXPECT_EQ(lines, 800);
}

}  // namespace
}  // namespace tessera::server

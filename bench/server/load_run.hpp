// The load benchmark's measurement (issue 32 section 4): the single-user answer of every query, then N clients at
// once, each on its own connection, sending the queries one after another for a fixed time; every response is
// compared with the single-user one, and each query's latency (request sent -> whole response read) is kept.
// The client is the server tests' loopback TDS client (server/serve/tests/tds_test_client.hpp) on the project's codec.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tessera/tds/byte_writer.hpp"

namespace tessera::bench {

struct Query {
  std::string name;  // "tpch/q01"
  std::string sql;
};

// Every q*.sql of each suite's folder under `queries_dir` (engine/queries/<suite>/), in name order.
std::vector<Query> load_queries(const std::string& queries_dir, const std::vector<std::string>& suites);

struct Reference {
  tds::Buffer response;  // the whole response message's payload
  size_t rows = 0;
  double ms = 0;
};

// Each query once, one at a time, on one connection; std::runtime_error naming a query that fails (an error token,
// no response).
std::vector<Reference> single_user_answers(uint16_t port, const std::string& password, const std::vector<Query>& queries,
                                           std::chrono::seconds timeout);

struct LoadResult {
  int clients = 0;
  double seconds = 0;  // from the first request to the last response
  size_t completed = 0;  // responses read (right or wrong)
  size_t errors = 0;     // responses with an error token
  size_t wrong = 0;      // responses whose rows differ from the single-user answer
  size_t reordered = 0;  // the same rows in another order (ties of an ORDER BY), not counted as wrong
  size_t lost = 0;       // requests without a response (timeout, closed connection)
  std::vector<double> latencies_ms;  // one per completed query
  std::map<std::string, std::vector<double>> latencies_by_query;
  std::vector<std::string> problems;  // the first few, for the report

  double percentile(double p) const;  // of latencies_ms (p in 0..100), 0 when empty
  double per_second() const { return seconds > 0 ? static_cast<double>(completed) / seconds : 0; }
};

// `clients` connections log in as sa, then each sends queries (a shuffled order of its own, from `seed`) until
// `duration` has passed since the start, and reads each response; requests still running then are waited for.
// Client i is TPC-H query stream i + 1: Q15's view revenue0 is revenue<i + 1> in its text, as the specification
// names it per stream (the answers do not change).
LoadResult run_load(uint16_t port, const std::string& password, const std::vector<Query>& queries,
                    const std::vector<Reference>& answers, int clients, std::chrono::seconds duration,
                    std::chrono::seconds timeout, uint64_t seed);

}  // namespace tessera::bench

#include "load_run.hpp"

#include <algorithm>
#include <barrier>
#include <filesystem>
#include <fstream>
#include <cmath>
#include <mutex>
#include <numeric>
#include <random>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "tds_test_client.hpp"

namespace tessera::bench {

namespace {

using Clock = std::chrono::steady_clock;
using server::test::parse_response;
using server::test::Response;
using server::test::TestClient;

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

size_t row_count(const Response& r) {
  size_t n = 0;
  for (const auto& rs : r.results) n += rs.rows.size();
  return n;
}

// Each result set's rows as text lines, sorted: what must match when only the order differs.
std::vector<std::string> sorted_rows(const Response& r) {
  std::vector<std::string> out;
  for (size_t i = 0; i < r.results.size(); ++i)
    for (const auto& row : r.results[i].rows) {
      std::ostringstream line;
      line << i;
      for (const tds::Value& v : row) line << '\t' << v;
      out.push_back(line.str());
    }
  std::sort(out.begin(), out.end());
  return out;
}

enum class Verdict { Same, Reordered, Wrong };

Verdict compare(const tds::Buffer& got, const tds::Buffer& want) {
  if (got == want) return Verdict::Same;  // byte for byte: the usual case
  const Response g = parse_response(got), w = parse_response(want);
  if (g.results.size() != w.results.size()) return Verdict::Wrong;
  bool same = true;
  for (size_t i = 0; i < g.results.size(); ++i)
    if (g.results[i].rows != w.results[i].rows || g.results[i].names != w.results[i].names) same = false;
  if (same) return Verdict::Same;  // the rows agree; another token differs (none carries data)
  return sorted_rows(g) == sorted_rows(w) ? Verdict::Reordered : Verdict::Wrong;
}

// TPC-H's query stream `stream` (2.1.3.x: Q15's view is named per stream, revenue<stream>): the single-user run is
// stream 0, the clients 1, 2, ... so that their views do not collide.
std::vector<Query> for_stream(std::vector<Query> queries, int stream) {
  const std::string from = "revenue0", to = "revenue" + std::to_string(stream);
  for (Query& q : queries) {
    std::string out;
    size_t done = 0;
    for (size_t at = q.sql.find(from); at != std::string::npos; at = q.sql.find(from, done)) {
      out.append(q.sql, done, at - done).append(to);
      done = at + from.size();
    }
    q.sql = out.append(q.sql, done, std::string::npos);
  }
  return queries;
}

std::optional<tds::Message> ask(TestClient& c, const std::string& sql, std::chrono::seconds timeout) {
  c.send(tds::PacketType::SqlBatch, server::test::sql_batch_payload(sql));
  return c.receive(std::chrono::duration_cast<std::chrono::milliseconds>(timeout));
}

}  // namespace

std::vector<Query> load_queries(const std::string& queries_dir, const std::vector<std::string>& suites) {
  std::vector<Query> out;
  for (const std::string& suite : suites) {
    const std::filesystem::path dir = std::filesystem::path(queries_dir) / suite;
    if (!std::filesystem::is_directory(dir)) throw std::runtime_error("no query folder " + dir.string());
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      const std::string name = e.path().filename().string();
      if (e.is_regular_file() && name.size() > 4 && name[0] == 'q' && name.ends_with(".sql")) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      std::ifstream in(f);
      std::stringstream text;
      text << in.rdbuf();
      out.push_back({suite + "/" + f.stem().string(), text.str()});
    }
  }
  if (out.empty()) throw std::runtime_error("no queries under " + queries_dir);
  return out;
}

std::vector<Reference> single_user_answers(uint16_t port, const std::string& password, const std::vector<Query>& queries,
                                           std::chrono::seconds timeout) {
  TestClient c(port);
  const Response login = c.login("sa", password, "", tds::Encryption::NotSupported);
  if (!login.login_ack) throw std::runtime_error("the single-user client could not log in as sa");
  std::vector<Reference> out;
  for (const Query& q : queries) {
    const auto started = Clock::now();
    std::optional<tds::Message> m = ask(c, q.sql, timeout);
    const double ms = ms_since(started);
    if (!m) throw std::runtime_error(q.name + ": no single-user answer within " + std::to_string(timeout.count()) + " s");
    const Response r = parse_response(m->payload);
    if (!r.errors.empty())
      throw std::runtime_error(q.name + ": the single-user run fails: Msg " + std::to_string(r.errors[0].number) + ": " +
                               r.errors[0].text);
    out.push_back({std::move(m->payload), row_count(r), ms});
  }
  return out;
}

double LoadResult::percentile(double p) const {
  if (latencies_ms.empty()) return 0;
  std::vector<double> v = latencies_ms;
  std::sort(v.begin(), v.end());
  // Nearest rank: the smallest value with at least p% of the values at or below it.
  const size_t rank = static_cast<size_t>(std::ceil(p / 100.0 * static_cast<double>(v.size())));
  return v[std::min(v.size() - 1, rank == 0 ? 0 : rank - 1)];
}

LoadResult run_load(uint16_t port, const std::string& password, const std::vector<Query>& queries,
                    const std::vector<Reference>& answers, int clients, std::chrono::seconds duration,
                    std::chrono::seconds timeout, uint64_t seed) {
  LoadResult result;
  result.clients = clients;
  std::mutex mutex;
  const auto note = [&](const std::string& problem) {
    std::lock_guard lock(mutex);
    if (result.problems.size() < 20) result.problems.push_back(problem);
  };
  // Everyone logs in first (each login hashes a password on the server: a tenth of a second), then the clock starts.
  std::barrier ready(clients + 1);
  Clock::time_point start, end_of_requests;
  std::vector<std::thread> threads;
  for (int id = 0; id < clients; ++id) {
    threads.emplace_back([&, id] {
      std::unique_ptr<TestClient> c;
      try {
        c = std::make_unique<TestClient>(port);
        if (!c->login("sa", password, "", tds::Encryption::NotSupported).login_ack) throw std::runtime_error("refused");
      } catch (const std::exception& e) {
        note("client " + std::to_string(id) + " could not log in: " + e.what());
        c.reset();
      }
      ready.arrive_and_wait();  // logged in
      ready.arrive_and_wait();  // the clock has started
      if (!c) {
        std::lock_guard lock(mutex);
        ++result.errors;
        return;
      }
      const std::vector<Query> stream = for_stream(queries, id + 1);
      std::mt19937_64 random(seed * 1000003 + static_cast<uint64_t>(id));
      std::vector<size_t> order(queries.size());
      std::iota(order.begin(), order.end(), 0);
      std::vector<double> mine;
      std::map<std::string, std::vector<double>> mine_by_query;
      size_t done = 0, errors = 0, wrong = 0, reordered = 0, lost = 0;
      for (size_t k = 0; Clock::now() < end_of_requests; ++k) {
        if (k % order.size() == 0) std::shuffle(order.begin(), order.end(), random);
        const size_t qi = order[k % order.size()];
        const auto sent = Clock::now();
        std::optional<tds::Message> m;
        try {
          m = ask(*c, stream[qi].sql, timeout);
        } catch (const std::exception& e) {
          note("client " + std::to_string(id) + ", " + queries[qi].name + ": " + e.what());
        }
        if (!m) {
          ++lost;
          note("client " + std::to_string(id) + ", " + queries[qi].name + ": no response (lost)");
          break;  // the connection is not usable any more
        }
        const double ms = ms_since(sent);
        ++done;
        mine.push_back(ms);
        mine_by_query[queries[qi].name].push_back(ms);
        const Response r = parse_response(m->payload);
        if (!r.errors.empty()) {
          ++errors;
          note(queries[qi].name + ": Msg " + std::to_string(r.errors[0].number) + ": " + r.errors[0].text);
          continue;
        }
        switch (compare(m->payload, answers[qi].response)) {
          case Verdict::Same: break;
          case Verdict::Reordered: ++reordered; break;
          case Verdict::Wrong:
            ++wrong;
            note(queries[qi].name + ": the answer differs from the single-user answer (" + std::to_string(row_count(r)) +
                 " rows, " + std::to_string(answers[qi].rows) + " expected)");
            break;
        }
      }
      std::lock_guard lock(mutex);
      result.completed += done;
      result.errors += errors;
      result.wrong += wrong;
      result.reordered += reordered;
      result.lost += lost;
      result.latencies_ms.insert(result.latencies_ms.end(), mine.begin(), mine.end());
      for (auto& [name, values] : mine_by_query) {
        auto& all = result.latencies_by_query[name];
        all.insert(all.end(), values.begin(), values.end());
      }
    });
  }
  ready.arrive_and_wait();  // everyone has logged in (or failed to)
  start = Clock::now();
  end_of_requests = start + duration;
  ready.arrive_and_wait();  // go: the threads read end_of_requests only after this
  for (std::thread& t : threads) t.join();
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace tessera::bench

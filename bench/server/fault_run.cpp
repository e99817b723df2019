#include "fault_run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "report_text.hpp"
#include "tds_test_client.hpp"

extern char** environ;

namespace tessera::bench {

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;
using server::test::Response;
using server::test::TestClient;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

int64_t int_of(const tds::Value& v) {
  switch (v.kind()) {
    case tds::ValueKind::Int: return v.as<int64_t>();
    case tds::ValueKind::Bool: return v.as<bool>() ? 1 : 0;
    case tds::ValueKind::Decimal: {
      const tds::Decimal& d = v.as<tds::Decimal>();
      __int128 x = d.unscaled;
      for (int i = 0; i < d.scale; ++i) x /= 10;
      return static_cast<int64_t>(x);
    }
    default: {
      std::ostringstream s;
      s << v;
      throw std::runtime_error("not an integer: " + s.str());
    }
  }
}

std::unique_ptr<TestClient> logged_in(uint16_t port, const std::string& password) {
  auto c = std::make_unique<TestClient>(port);
  const Response r = c->login("sa", password, "", tds::Encryption::NotSupported);
  if (!r.login_ack)
    throw std::runtime_error("sa could not log in (Msg " + std::to_string(r.first_error()) + ")");
  return c;
}

// One integer from a query (the first column of the first row); std::runtime_error on an error or no rows.
int64_t scalar(TestClient& c, const std::string& sql) {
  const Response r = c.query(sql);
  if (!r.errors.empty()) throw std::runtime_error("Msg " + std::to_string(r.first_error()) + ": " + r.errors[0].text);
  if (r.results.empty() || r.results[0].rows.empty()) throw std::runtime_error("no row from " + sql);
  return int_of(r.results[0].rows[0][0]);
}

// COUNT(*) of `table` from a new session (sa logs in anew): -1 with `error` set when the login or the query fails.
int64_t count_in_new_session(const ServedDatabase& server, const std::string& password, const std::string& table,
                             std::string& error) {
  try {
    return scalar(*logged_in(server.port(), password), "SELECT COUNT(*) FROM " + table);
  } catch (const std::exception& e) {
    error = e.what();
    return -1;
  }
}

// A killed client: this program again (`--child KIND PORT`), its stdout a pipe read here line by line.
class KilledClient {
 public:
  KilledClient(const std::string& self, const std::string& kind, uint16_t port, const std::string& password,
               const std::string& sql) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
    // Everything the child needs is made before fork: after it, only exec (this process has threads).
    std::vector<std::string> args = {self, "--child", kind, std::to_string(port)};
    std::vector<std::string> env = {"TESSERA_FAULTS_PASSWORD=" + password, "TESSERA_FAULTS_SQL=" + sql};
    for (char** e = environ; *e; ++e)
      if (!std::string_view(*e).starts_with("TESSERA_FAULTS_")) env.emplace_back(*e);
    std::vector<char*> argv, envp;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      ::dup2(fds[1], 1);
      ::close(fds[0]);
      ::close(fds[1]);
      ::execve(argv[0], argv.data(), envp.data());
      ::_exit(127);
    }
    ::close(fds[1]);
    fd_ = fds[0];
  }
  ~KilledClient() {
    kill();
    if (fd_ >= 0) ::close(fd_);
  }
  KilledClient(const KilledClient&) = delete;
  KilledClient& operator=(const KilledClient&) = delete;

  // Reads the child's output until a line starting with `prefix` (true), its end or the timeout (false).
  bool wait_for_line(const std::string& prefix, std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    while (true) {
      for (size_t nl; (nl = pending_.find('\n')) != std::string::npos;) {
        const std::string line = pending_.substr(0, nl);
        pending_.erase(0, nl + 1);
        output_ += line + "; ";
        if (line.starts_with(prefix)) {
          matched_ = line;
          return true;
        }
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(std::max<int64_t>(0, left))) <= 0) return false;
      char buffer[4096];
      const ssize_t n = ::read(fd_, buffer, sizeof buffer);
      if (n <= 0) return false;
      pending_.append(buffer, static_cast<size_t>(n));
    }
  }
  bool running() {
    if (pid_ <= 0) return false;
    if (::waitpid(pid_, &status_, WNOHANG) == pid_) {
      pid_ = -1;
      return false;
    }
    return true;
  }
  void kill() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, &status_, 0);
    pid_ = -1;
  }
  const std::string& output() const { return output_; }
  // The client's port, from its last "started PORT" or "reading PORT" line (0 before one).
  std::string local_port() const {
    const size_t space = matched_.rfind(' ');
    return space == std::string::npos ? "0" : matched_.substr(space + 1);
  }

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
  int status_ = 0;
  std::string pending_, output_, matched_;
};

// Whether the server's log says that each of these clients' connections was closed (waiting up to 5 s for it): the
// server saw the socket go, whichever of its reads or writes noticed first.
std::string not_disconnected(ServedDatabase& server, const std::vector<std::unique_ptr<KilledClient>>& clients) {
  const auto deadline = Clock::now() + 5s;
  while (true) {
    const std::string log = server.log();
    std::string missing;
    for (const auto& c : clients) {
      const std::string who = "127.0.0.1:" + c->local_port() + " spid ";
      bool found = false;
      for (size_t at = log.find(who); at != std::string::npos && !found; at = log.find(who, at + 1)) {
        const size_t end = log.find('\n', at);
        found = std::string_view(log).substr(at, end - at).ends_with(": disconnected");
      }
      if (!found) missing += (missing.empty() ? "" : ", ") + c->local_port();
    }
    if (missing.empty() || Clock::now() > deadline) return missing;
    std::this_thread::sleep_for(100ms);
  }
}

// A session that stays: a cheap query every 50 ms on its own connection, each answer checked and timed.
class Heartbeat {
 public:
  Heartbeat(uint16_t port, const std::string& password) : client_(logged_in(port, password)) {
    thread_ = std::thread([this] {
      while (!stop_) {
        const auto sent = Clock::now();
        try {
          const int64_t n = scalar(*client_, "SELECT COUNT(*) FROM nation");
          if (n != 25) errors_.push_back("nation has " + std::to_string(n) + " rows");
        } catch (const std::exception& e) {
          errors_.push_back(e.what());
          return;
        }
        latencies_.push_back(seconds_since(sent));
        std::this_thread::sleep_for(50ms);
      }
    });
  }
  ~Heartbeat() { stop(); }
  void stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }
  // After stop().
  const std::vector<double>& latencies() const { return latencies_; }
  const std::vector<std::string>& errors() const { return errors_; }
  double slowest() const { return latencies_.empty() ? 0 : *std::max_element(latencies_.begin(), latencies_.end()); }
  std::string summary() const {
    std::string s = std::to_string(latencies_.size()) + " answers, slowest " + fixed(slowest() * 1000, 0) + " ms";
    if (!errors_.empty()) s += "; error: " + errors_.front();
    return s;
  }

 private:
  std::unique_ptr<TestClient> client_;
  std::atomic<bool> stop_ = false;
  std::vector<double> latencies_;
  std::vector<std::string> errors_;
  std::thread thread_;
};

std::string random_hex(size_t n) {
  std::random_device device;
  std::string out;
  for (size_t i = 0; i < n; ++i) out += "0123456789abcdef"[device() % 16];
  return out;
}

void mid_query(ServedDatabase& server, const std::string& password, const FaultOptions& o, FaultReport& report) {
  const std::string phase = "mid-query";
  Heartbeat heartbeat(server.port(), password);
  std::vector<std::unique_ptr<KilledClient>> clients;
  for (int i = 0; i < o.killed_clients; ++i)
    clients.push_back(std::make_unique<KilledClient>(o.self, "mid-query", server.port(), password, o.long_query));
  int started = 0;
  for (auto& c : clients) started += c->wait_for_line("started", 20s) ? 1 : 0;
  report.check(phase, "every killed client logged in and sent its long query", started == o.killed_clients,
               std::to_string(started) + " of " + std::to_string(o.killed_clients) +
                   (started == o.killed_clients ? "" : ": " + clients.front()->output()));
  std::this_thread::sleep_for(1000ms);  // the statements run (one) and wait in the queue (the others)
  int running = 0;
  for (auto& c : clients) running += c->running() && !c->wait_for_line("finished", 0ms) ? 1 : 0;
  report.check(phase, "the long queries were still unanswered when their clients were killed",
               running == o.killed_clients,
               std::to_string(running) + " of " + std::to_string(o.killed_clients) +
                   (running == o.killed_clients ? "" : " (the long query is too short on this machine: --long-query)"));
  for (auto& c : clients) c->kill();
  std::this_thread::sleep_for(300ms);
  const std::string open = not_disconnected(server, clients);
  report.check(phase, "the server closed every killed client's connection (its log)", open.empty(),
               open.empty() ? "all closed" : "still open: clients on ports " + open);
  const auto t = Clock::now();
  std::string error;
  const int64_t regions = count_in_new_session(server, password, "region", error);
  const double elapsed = seconds_since(t);
  report.notes.push_back("mid-query: a new session's login and answer after the kills took " + fixed(elapsed, 2) + " s");
  report.check(phase,
               "a new session is answered within " + fixed(o.new_session_limit.count() / 1000.0, 0) +
                   " s of the kills (the abandoned statements were stopped)",
               regions == 5 && elapsed * 1000 < static_cast<double>(o.new_session_limit.count()),
               error.empty() ? std::to_string(regions) + " regions after " + fixed(elapsed, 2) + " s" : error);
  heartbeat.stop();
  report.check(phase, "the session that stayed got every answer",
               heartbeat.errors().empty() && !heartbeat.latencies().empty(), heartbeat.summary());
  report.check(phase, "the server is still up", server.running());
}

void mid_result(ServedDatabase& server, const std::string& password, const FaultOptions& o, FaultReport& report) {
  const std::string phase = "mid-result";
  const size_t gone_before = [&] {
    const std::string log = server.log();
    size_t n = 0;
    for (size_t at = log.find("went away while being answered"); at != std::string::npos;
         at = log.find("went away while being answered", at + 1))
      ++n;
    return n;
  }();
  Heartbeat heartbeat(server.port(), password);
  std::vector<std::unique_ptr<KilledClient>> clients;
  for (int i = 0; i < o.killed_clients; ++i)
    clients.push_back(std::make_unique<KilledClient>(o.self, "mid-result", server.port(), password,
                                                     o.large_result_query));
  int reading = 0;
  for (auto& c : clients) reading += c->wait_for_line("reading", 30s) ? 1 : 0;
  report.check(phase, "every killed client was reading its result", reading == o.killed_clients,
               std::to_string(reading) + " of " + std::to_string(o.killed_clients) +
                   (reading == o.killed_clients ? "" : ": " + clients.front()->output()));
  std::this_thread::sleep_for(500ms);
  for (auto& c : clients) c->kill();
  std::this_thread::sleep_for(1000ms);
  const std::string open = not_disconnected(server, clients);
  report.check(phase, "the server closed every killed client's connection (its log)", open.empty(),
               open.empty() ? "all closed" : "still open: clients on ports " + open);
  heartbeat.stop();
  report.check(phase, "the session that stayed got every answer",
               heartbeat.errors().empty() && !heartbeat.latencies().empty(), heartbeat.summary());
  report.check(phase, "the server is still up", server.running());
  std::string error;
  const int64_t nations = count_in_new_session(server, password, "nation", error);
  report.check(phase, "a new session is answered after the kills", nations == 25,
               error.empty() ? std::to_string(nations) + " nations" : error);
  const std::string log = server.log();
  size_t gone = 0;
  for (size_t at = log.find("went away while being answered"); at != std::string::npos;
       at = log.find("went away while being answered", at + 1))
    ++gone;
  // Whether the server's write or its read notices first is a race (a read that sees the socket closed ends the
  // connection quietly): the count is a note, not a check.
  report.notes.push_back("mid-result: the server's log has " + std::to_string(gone - gone_before) +
                         " \"the client went away while being answered\" (a failed write) for the " +
                         std::to_string(o.killed_clients) + " killed clients; a connection without one was ended "
                         "by a read that saw the socket close");
}

std::unique_ptr<ServedDatabase> server_kill(std::unique_ptr<ServedDatabase> server,
                                            const std::function<std::unique_ptr<ServedDatabase>()>& restart,
                                            const std::string& password, const FaultOptions& o, FaultReport& report) {
  const std::string phase = "server-kill";
  const std::string table = "fault_rows_" + random_hex(8);
  {
    auto c = logged_in(server->port(), password);
    const Response r = c->query("CREATE TABLE " + table + " (client INT, statement INT, r INT, payload VARCHAR(40))");
    if (!r.errors.empty()) throw std::runtime_error("CREATE TABLE failed: " + r.errors[0].text);
  }
  const int n = o.writers, rows = o.rows_per_statement;
  std::vector<std::vector<int>> acked(static_cast<size_t>(n));
  std::vector<std::string> ended(static_cast<size_t>(n));
  std::vector<std::atomic<int>> counts(static_cast<size_t>(n));
  std::vector<std::thread> writers;
  const uint16_t port = server->port();
  for (int w = 0; w < n; ++w)
    writers.emplace_back([&, w] {
      try {
        auto c = logged_in(port, password);
        for (int s = 0;; ++s) {
          std::ostringstream sql;
          sql << "INSERT INTO " << table << " VALUES ";
          for (int r = 0; r < rows; ++r)
            sql << (r ? "," : "") << "(" << w << ", " << s << ", " << r << ", 'c" << w << "-s" << s << "-r" << r << "')";
          const Response resp = c->query(sql.str());
          if (!resp.errors.empty()) {
            ended[static_cast<size_t>(w)] = "Msg " + std::to_string(resp.first_error()) + ": " + resp.errors[0].text;
            return;
          }
          if (resp.dones.empty()) {
            ended[static_cast<size_t>(w)] = "a response without DONE";
            return;
          }
          acked[static_cast<size_t>(w)].push_back(s);  // the server's DONE has come: acknowledged
          ++counts[static_cast<size_t>(w)];
        }
      } catch (const std::exception& e) {
        ended[static_cast<size_t>(w)] = e.what();  // the server went away (expected once it is killed)
      }
    });
  const auto deadline = Clock::now() + 20s;
  const auto fewest = [&] {
    int m = INT32_MAX;
    for (auto& c : counts) m = std::min(m, c.load());
    return m;
  };
  while (Clock::now() < deadline && fewest() < o.acked_before_kill) std::this_thread::sleep_for(20ms);
  std::this_thread::sleep_for(500ms);
  const int killed = server->kill();
  for (std::thread& t : writers) t.join();
  std::string per_writer;
  size_t min_acked = SIZE_MAX;
  for (const auto& a : acked) {
    per_writer += (per_writer.empty() ? "" : ", ") + std::to_string(a.size());
    min_acked = std::min(min_acked, a.size());
  }
  report.notes.push_back("server-kill: statements acknowledged per writer before the SIGKILL: " + per_writer +
                         " (the server's exit: " + std::to_string(killed) + ")");
  report.check(phase, "every writer had statements acknowledged before the kill",
               min_acked >= static_cast<size_t>(o.acked_before_kill), per_writer);

  const auto t = Clock::now();
  server = restart();
  report.notes.push_back("server-kill: the restart listened after " + fixed(seconds_since(t), 2) + " s");
  auto c = logged_in(server->port(), password);
  // The rows themselves, checked here: no string function of the engine's (on a GPU or not) between them and the
  // check.
  const Response r = c->query("SELECT client, statement, r, payload FROM " + table);
  if (!r.errors.empty() || r.results.empty())
    throw std::runtime_error("reading the table after the restart failed: " +
                             (r.errors.empty() ? std::string("no result") : r.errors[0].text));
  const int64_t total = scalar(*c, "SELECT COUNT(*) FROM " + table);
  // Per statement: rows, the lowest and highest row number, rows with the right payload.
  std::map<std::pair<int, int>, std::vector<int64_t>> present;
  for (const auto& row : r.results[0].rows) {
    const int64_t w = int_of(row[0]), st = int_of(row[1]), rr = int_of(row[2]);
    const std::string want = "c" + std::to_string(w) + "-s" + std::to_string(st) + "-r" + std::to_string(rr);
    std::vector<int64_t>& v = present[{static_cast<int>(w), static_cast<int>(st)}];
    if (v.empty()) v = {0, INT64_MAX, INT64_MIN, 0};
    ++v[0];
    v[1] = std::min(v[1], rr);
    v[2] = std::max(v[2], rr);
    v[3] += !row[3].is_null() && row[3].kind() == tds::ValueKind::String && row[3].as<std::string>() == want ? 1 : 0;
  }
  std::string broken;
  for (const auto& [key, v] : present)
    if (v != std::vector<int64_t>{rows, 0, rows - 1, rows} && broken.size() < 300)
      broken += "client " + std::to_string(key.first) + " statement " + std::to_string(key.second) + ": " +
                std::to_string(v[0]) + " rows, " + std::to_string(v[3]) + " right; ";
  report.check(phase,
               "every statement in the table is whole (" + std::to_string(rows) +
                   " rows with their values: nothing half-written)",
               broken.empty(), broken.empty() ? std::to_string(present.size()) + " statements" : broken);
  std::string missing;
  for (int w = 0; w < n; ++w)
    for (int s : acked[static_cast<size_t>(w)])
      if (!present.contains({w, s}) && missing.size() < 300)
        missing += "client " + std::to_string(w) + " statement " + std::to_string(s) + "; ";
  report.check(phase, "every acknowledged statement is there after the restart", missing.empty(),
               missing.empty() ? "all there" : missing);
  std::string extra, extra_bad;
  for (int w = 0; w < n; ++w) {
    const auto& mine = acked[static_cast<size_t>(w)];
    const std::set<int> acked_set(mine.begin(), mine.end());
    const int next = mine.empty() ? 0 : mine.back() + 1;
    int unacked = 0;
    for (const auto& [key, v] : present)
      if (key.first == w && !acked_set.contains(key.second)) {
        ++unacked;
        extra += "client " + std::to_string(w) + " statement " + std::to_string(key.second) + "; ";
        if (key.second != next) extra_bad += "client " + std::to_string(w) + " statement " + std::to_string(key.second) + "; ";
      }
    if (unacked > 1) extra_bad += "client " + std::to_string(w) + " has " + std::to_string(unacked) + "; ";
  }
  report.check(phase, "at most the one statement each writer had in flight is there unacknowledged", extra_bad.empty(),
               extra.empty() ? "none" : extra + (extra_bad.empty() ? "(each its writer's statement in flight)" : extra_bad));
  report.check(phase, "the row count agrees", total == rows * static_cast<int64_t>(present.size()),
               std::to_string(total) + " rows");
  c->query("DROP TABLE " + table);
  return server;
}

void bad_logins(ServedDatabase& server, const std::string& password, const FaultOptions& o, FaultReport& report) {
  const std::string phase = "bad-logins";
  Heartbeat heartbeat(server.port(), password);
  std::atomic<int> attempts = 0, refused = 0, accepted = 0, other = 0;
  std::mutex mutex;
  std::string other_detail;
  double slowest_refusal = 0;
  const auto stop_at = Clock::now() + o.flood;
  std::vector<std::thread> threads;
  for (int i = 0; i < o.flood_threads; ++i)
    threads.emplace_back([&] {
      while (Clock::now() < stop_at) {
        const auto t = Clock::now();
        ++attempts;
        try {
          TestClient c(server.port());
          const Response r = c.login("sa", "Wrong-" + random_hex(8), "", tds::Encryption::NotSupported);
          if (r.login_ack) ++accepted;
          else if (r.first_error() == 18456) ++refused;
          else {
            ++other;
            std::lock_guard lock(mutex);
            other_detail = "Msg " + std::to_string(r.first_error());
          }
        } catch (const std::exception& e) {
          ++other;
          std::lock_guard lock(mutex);
          other_detail = e.what();
        }
        std::lock_guard lock(mutex);
        slowest_refusal = std::max(slowest_refusal, seconds_since(t));
      }
    });
  for (std::thread& t : threads) t.join();
  heartbeat.stop();
  const std::string log = server.log();
  const std::regex wait_line(R"(next attempt from 127\.0\.0\.1 waits (\d+) ms)");
  int longest_wait = 0;
  for (auto it = std::sregex_iterator(log.begin(), log.end(), wait_line); it != std::sregex_iterator(); ++it)
    longest_wait = std::max(longest_wait, std::stoi((*it)[1]));
  report.notes.push_back("bad-logins: " + std::to_string(attempts.load()) + " attempts from " +
                         std::to_string(o.flood_threads) + " threads in " + fixed(o.flood.count() / 1000.0, 1) +
                         " s, " + std::to_string(refused.load()) + " refused with 18456; the throttle's longest wait " +
                         std::to_string(longest_wait) + " ms, the slowest refusal " + fixed(slowest_refusal, 1) +
                         " s; the logged-in session: " + heartbeat.summary());
  // A cheap query every 50 ms: at least one answer per quarter second of the flood (3 at least).
  const size_t min_answers = std::max<size_t>(3, static_cast<size_t>(o.flood.count() / 250));
  report.check(phase, "no wrong password was accepted", accepted == 0, std::to_string(accepted.load()) + " accepted");
  report.check(phase, "every attempt was refused with Msg 18456", refused == attempts && attempts > 0,
               std::to_string(refused.load()) + " of " + std::to_string(attempts.load()) +
                   (other_detail.empty() ? "" : "; otherwise: " + other_detail));
  report.check(phase, "the attempts were slowed down (the log's waits reach " + std::to_string(o.min_throttle_wait_ms) + " ms)",
               longest_wait >= o.min_throttle_wait_ms, std::to_string(longest_wait) + " ms");
  report.check(phase,
               "the logged-in session was answered throughout, each within " +
                   fixed(o.heartbeat_limit.count() / 1000.0, 1) + " s",
               heartbeat.errors().empty() && heartbeat.latencies().size() >= min_answers &&
                   heartbeat.slowest() * 1000 < static_cast<double>(o.heartbeat_limit.count()),
               heartbeat.summary());
  report.check(phase, "the server is still up", server.running());
  const auto t = Clock::now();
  std::string error;
  const int64_t nations = count_in_new_session(server, password, "nation", error);
  report.check(phase, "the right password logs in after the flood (waiting out the throttle once)", nations == 25,
               error.empty() ? "after " + fixed(seconds_since(t), 1) + " s" : error);
}

}  // namespace

bool FaultReport::passed() const {
  if (checks.empty()) return false;
  return std::all_of(checks.begin(), checks.end(), [](const Check& c) { return c.ok; });
}

void FaultReport::check(const std::string& phase, const std::string& name, bool ok, const std::string& detail) {
  checks.push_back({phase, name, ok, detail});
  std::fprintf(stderr, "  %s %s: %s%s%s\n", ok ? "ok  " : "FAIL", phase.c_str(), name.c_str(),
               detail.empty() ? "" : " -- ", detail.c_str());
}

void run_faults(std::unique_ptr<ServedDatabase>& server, const std::function<std::unique_ptr<ServedDatabase>()>& restart,
                const std::string& password, const std::vector<std::string>& phases, const FaultOptions& options,
                FaultReport& report) {
  const auto wanted = [&](const std::string& name) {
    return std::find(phases.begin(), phases.end(), name) != phases.end();
  };
  const auto timed = [&](const std::string& name, const std::function<void()>& body) {
    if (!wanted(name)) return;
    std::fprintf(stderr, "tessera-faults: %s\n", name.c_str());
    const auto t = Clock::now();
    try {
      body();
    } catch (const std::exception& e) {
      report.check(name, "the phase ran to its end", false, e.what());
    }
    report.phase_seconds.emplace_back(name, seconds_since(t));
  };
  timed("mid-query", [&] { mid_query(*server, password, options, report); });
  timed("mid-result", [&] { mid_result(*server, password, options, report); });
  timed("server-kill", [&] { server = server_kill(std::move(server), restart, password, options, report); });
  timed("bad-logins", [&] { bad_logins(*server, password, options, report); });
}

int run_killed_client(const std::string& kind, uint16_t port) {
  const char* password = std::getenv("TESSERA_FAULTS_PASSWORD");
  const char* sql = std::getenv("TESSERA_FAULTS_SQL");
  if (!password || !sql) return 2;
  try {
    auto c = logged_in(port, password);
    sockaddr_in local{};
    socklen_t length = sizeof local;
    ::getsockname(c->fd(), reinterpret_cast<sockaddr*>(&local), &length);
    const unsigned local_port = ntohs(local.sin_port);
    c->send(tds::PacketType::SqlBatch, server::test::sql_batch_payload(sql));
    if (kind == "mid-query") {
      std::printf("started %u\n", local_port);
      std::fflush(stdout);
      if (c->receive(std::chrono::minutes(5))) std::printf("finished\n");
      std::fflush(stdout);
      return 0;
    }
    // mid-result: the first bytes of the response, then nothing more read until the kill.
    pollfd p{c->fd(), POLLIN, 0};
    if (::poll(&p, 1, 30000) <= 0) return 1;
    uint8_t buffer[4096];
    if (::recv(c->fd(), buffer, sizeof buffer, 0) <= 0) return 1;
    std::printf("reading %u\n", local_port);
    std::fflush(stdout);
    std::this_thread::sleep_for(std::chrono::seconds(60));
    return 0;
  } catch (const std::exception& e) {
    std::printf("error %s\n", e.what());
    return 1;
  }
}

}  // namespace tessera::bench

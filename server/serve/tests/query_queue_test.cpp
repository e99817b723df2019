// The query queue (query_queue.hpp): statements from many threads run one at a time in order, each with its own
// time limit; cancel() drops a waiting statement at once and stops a running one, and never another's; stop()
// completes what waits.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "test_database.hpp"
#include "tessera/server/query_queue.hpp"

namespace tessera::server {
namespace {

using namespace std::chrono_literals;

struct Waiter {
  std::promise<StatementOutcome> promise;
  std::future<StatementOutcome> future = promise.get_future();
  QueryQueue::Done done() {
    return [this](StatementOutcome o) { promise.set_value(std::move(o)); };
  }
};

TEST(QueryQueue, RunsStatementsInOrder) {
  QueryQueue q(test::tpch_database());
  std::vector<int> order;
  std::mutex m;
  std::vector<std::unique_ptr<Waiter>> waiters;
  for (int i = 0; i < 5; ++i) {
    waiters.push_back(std::make_unique<Waiter>());
    q.submit({"SELECT " + std::to_string(i) + " AS n", 0}, [&, i, w = waiters.back().get()](StatementOutcome o) {
      {
        std::lock_guard lock(m);
        order.push_back(i);
      }
      w->promise.set_value(std::move(o));
    });
  }
  for (int i = 0; i < 5; ++i) {
    const StatementOutcome o = waiters[i]->future.get();
    ASSERT_TRUE(o.result) << (o.error ? o.error->what() : "");
    EXPECT_EQ(o.result->cell_text(0, 0), std::to_string(i));
  }
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
}

TEST(QueryQueue, ErrorsComeBackAsText) {
  QueryQueue q(test::tpch_database());
  Waiter w;
  q.submit({"SELECT 1/0", 0}, w.done());
  const StatementOutcome o = w.future.get();
  EXPECT_FALSE(o.result);
  ASSERT_TRUE(o.error);
  EXPECT_NE(std::string(o.error->what()).find("Msg 8134"), std::string::npos);
  EXPECT_EQ(o.error->msg_number(), 8134);  // the outcome keeps the engine error's number
  EXPECT_EQ(o.error->msg_text(), "Divide by zero error encountered.");
}

TEST(QueryQueue, EachStatementHasItsOwnTimeLimit) {
  QueryQueue q(test::tpch_database());
  Waiter limited, unlimited;
  q.submit({test::kLongQuery, 200}, limited.done());
  q.submit({"SELECT 2 AS n", 0}, unlimited.done());
  const StatementOutcome o = limited.future.get();
  EXPECT_FALSE(o.result);
  ASSERT_TRUE(o.error);
  EXPECT_NE(std::string(o.error->what()).find("time limit of 200 ms"), std::string::npos) << o.error->what();
  EXPECT_TRUE(unlimited.future.get().result);
}

TEST(QueryQueue, CancelStopsTheRunningStatementOnly) {
  QueryQueue q(test::tpch_database());
  Waiter slow, next;
  const auto started = std::chrono::steady_clock::now();
  auto ticket = q.submit({test::kLongQuery, 0}, slow.done());
  auto other = q.submit({"SELECT 3 AS n", 0}, next.done());
  std::this_thread::sleep_for(300ms);
  q.cancel(ticket);
  const StatementOutcome o = slow.future.get();
  EXPECT_LT(std::chrono::steady_clock::now() - started, test::kCancelledWithin);
  EXPECT_FALSE(o.result);
  EXPECT_TRUE(o.cancel_requested);
  ASSERT_TRUE(o.error);
  EXPECT_NE(std::string(o.error->what()).find("cancelled"), std::string::npos) << o.error->what();
  const StatementOutcome n = next.future.get();  // the next statement was not touched
  ASSERT_TRUE(n.result) << (n.error ? n.error->what() : "");
  q.cancel(ticket);  // after the end: nothing happens
  q.cancel(other);
}

TEST(QueryQueue, CancelDropsAWaitingStatementAtOnce) {
  QueryQueue q(test::tpch_database());
  Waiter slow, waiting;
  auto running = q.submit({test::kLongQuery, 0}, slow.done());
  auto queued = q.submit({"SELECT 4 AS n", 0}, waiting.done());
  q.cancel(queued);
  ASSERT_EQ(waiting.future.wait_for(1s), std::future_status::ready);
  const StatementOutcome o = waiting.future.get();
  EXPECT_FALSE(o.result);
  EXPECT_TRUE(o.cancel_requested);
  q.cancel(running);
  slow.future.get();
}

TEST(QueryQueue, StopCompletesEverything) {
  Waiter slow, waiting, late;
  {
    QueryQueue q(test::tpch_database());
    q.submit({test::kLongQuery, 0}, slow.done());
    q.submit({"SELECT 5 AS n", 0}, waiting.done());
    std::this_thread::sleep_for(100ms);
    q.stop();
    q.submit({"SELECT 6 AS n", 0}, late.done());
    EXPECT_EQ(q.waiting(), 0u);
  }
  EXPECT_FALSE(slow.future.get().result);
  EXPECT_TRUE(waiting.future.get().cancel_requested);
  EXPECT_TRUE(late.future.get().cancel_requested);
}

TEST(QueryQueue, ManyThreadsSubmitting) {
  QueryQueue q(test::tpch_database());
  std::atomic<int> ok{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 10; ++i) {
        Waiter w;
        q.submit({"SELECT COUNT(*) FROM nation", 0}, w.done());
        const StatementOutcome o = w.future.get();
        if (o.result && o.result->cell_text(0, 0) == "25") ++ok;
      }
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(ok.load(), 40);
}

}  // namespace
}  // namespace tessera::server

// The process's thread pool (runtime/thread_pool.hpp): every index once, on several threads; loops inside loops
// (every worker busy with an outer index) finish; the first exception is rethrown after the started calls end
// and stops the rest; the pool is reused across many calls; a child made by fork() runs its loops alone.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "tessera/runtime/thread_pool.hpp"

using tessera::rt::parallel_for;

TEST(ThreadPool, EveryIndexOnceOnSeveralThreads) {
  std::vector<std::atomic<int>> seen(10000);
  std::mutex m;
  std::set<std::thread::id> threads;
  parallel_for(seen.size(), 4, [&](size_t i) {
    seen[i]++;
    std::lock_guard<std::mutex> lock(m);
    threads.insert(std::this_thread::get_id());
  });
  for (const auto& s : seen) ASSERT_EQ(s.load(), 1);
  EXPECT_LE(threads.size(), 4u);
  parallel_for(0, 4, [&](size_t) { FAIL() << "no index in an empty loop"; });
  int serial = 0;
  parallel_for(5, 1, [&](size_t) { ++serial; });  // one thread: the caller's, no race on `serial`
  EXPECT_EQ(serial, 5);
}

TEST(ThreadPool, LoopsInsideLoopsFinish) {
  // More outer indices than workers, each running an inner loop that wants every thread: a pool whose callers
  // waited for queued work would deadlock here.
  std::atomic<int64_t> sum{0};
  parallel_for(64, 0, [&](size_t i) {
    parallel_for(100, 0, [&](size_t j) {
      parallel_for(3, 0, [&](size_t k) { sum += static_cast<int64_t>(i * 10000 + j * 10 + k); });
    });
  });
  int64_t expected = 0;
  for (int64_t i = 0; i < 64; ++i)
    for (int64_t j = 0; j < 100; ++j)
      for (int64_t k = 0; k < 3; ++k) expected += i * 10000 + j * 10 + k;
  EXPECT_EQ(sum.load(), expected);
}

TEST(ThreadPool, TheFirstExceptionIsRethrownAndStopsTheRest) {
  std::atomic<int> calls{0};
  try {
    parallel_for(1000000, 4, [&](size_t i) {
      ++calls;
      if (i == 10) throw std::runtime_error("index 10");
    });
    ADD_FAILURE() << "expected the exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "index 10");
  }
  EXPECT_LT(calls.load(), 1000000);
  // The pool still works after it.
  std::atomic<int> after{0};
  for (int round = 0; round < 200; ++round) parallel_for(16, 8, [&](size_t) { ++after; });
  EXPECT_EQ(after.load(), 200 * 16);
}

TEST(ThreadPool, AForkedChildRunsItsLoopsOnItsCaller) {
  parallel_for(64, 0, [](size_t) {});  // the pool's workers exist in the parent
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::atomic<int> n{0};
    parallel_for(1000, 0, [&](size_t) { ++n; });
    _exit(n.load() == 1000 ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  std::atomic<int> n{0};
  parallel_for(1000, 0, [&](size_t) { ++n; });  // the parent's pool still works
  EXPECT_EQ(n.load(), 1000);
}

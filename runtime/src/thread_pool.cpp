#include "tessera/runtime/thread_pool.hpp"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tessera::rt {

namespace {

// One parallel_for: its indices, and the helpers working on it.
struct Loop {
  size_t n = 0;
  const std::function<void(size_t)>* f = nullptr;
  std::atomic<size_t> next{0};
  std::mutex mutex;
  std::condition_variable idle;
  int active = 0;       // helpers inside run()
  bool closed = false;  // the caller has stopped waiting for new helpers: a late one does nothing
  std::exception_ptr error;

  // Takes indices until none are left.
  void run() {
    for (size_t i; (i = next.fetch_add(1)) < n;) {
      try {
        (*f)(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!error) error = std::current_exception();
        next = n;
      }
    }
  }
  // A worker's part: nothing once the caller has closed the loop.
  void help() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (closed) return;
      ++active;
    }
    run();
    std::lock_guard<std::mutex> lock(mutex);
    if (--active == 0) idle.notify_all();
  }
};

// The process's workers: started on first use, one fewer than the hardware threads (the caller is one), never
// stopped (a worker waiting for work at exit holds nothing). A child process made by fork() has none of them: its
// loops run on their caller (the pool's lock is held across fork so the child never inherits it locked).
class Pool {
 public:
  static Pool& get() {
    static Pool* pool = new Pool(std::max(1, hardware_threads() - 1));
    return *pool;
  }
  void submit(std::shared_ptr<Loop> loop, int helpers) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!has_workers_) return;
      for (int i = 0; i < helpers; ++i) queue_.push_back(loop);
    }
    if (helpers == 1) ready_.notify_one();
    else ready_.notify_all();
  }

 private:
  explicit Pool(int workers) {
    pthread_atfork([] { get().mutex_.lock(); }, [] { get().mutex_.unlock(); },
                   [] {
                     Pool& p = get();
                     p.has_workers_ = false;
                     p.queue_.clear();
                     p.mutex_.unlock();
                   });
    for (int i = 0; i < workers; ++i) std::thread([this] { work(); }).detach();
  }
  bool has_workers_ = true;
  void work() {
    for (;;) {
      std::shared_ptr<Loop> loop;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [&] { return !queue_.empty(); });
        loop = std::move(queue_.front());
        queue_.pop_front();
      }
      loop->help();
    }
  }
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::shared_ptr<Loop>> queue_;
};

}  // namespace

int hardware_threads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

void parallel_for(size_t n, int threads, const std::function<void(size_t)>& f) {
  if (n == 0) return;
  if (threads <= 0) threads = hardware_threads();
  const size_t k = std::min<size_t>(n, static_cast<size_t>(threads));
  if (k <= 1) {
    for (size_t i = 0; i < n; ++i) f(i);
    return;
  }
  auto loop = std::make_shared<Loop>();
  loop->n = n;
  loop->f = &f;
  Pool::get().submit(loop, static_cast<int>(k - 1));
  loop->run();
  std::unique_lock<std::mutex> lock(loop->mutex);
  loop->closed = true;  // helpers still queued find it closed; those inside run() are waited for
  loop->idle.wait(lock, [&] { return loop->active == 0; });
  if (loop->error) std::rethrow_exception(loop->error);
}

}  // namespace tessera::rt

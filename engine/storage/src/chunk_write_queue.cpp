// Background chunk encoding and writing (see chunk_write_queue.hpp).
#include "chunk_write_queue.hpp"

#include <algorithm>

namespace tessera::storage {

ChunkWriteQueue::ChunkWriteQueue(int threads, ChunkFileWriter write)
    : write_(std::move(write)), limit_(2 * static_cast<size_t>(std::max(threads, 1))) {
  for (int i = 0; i < std::max(threads, 1); ++i) workers_.emplace_back([this] { work(); });
}

ChunkWriteQueue::~ChunkWriteQueue() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    jobs_.clear();
  }
  changed_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void ChunkWriteQueue::rethrow_locked() {
  if (error_) std::rethrow_exception(error_);
}

void ChunkWriteQueue::submit(std::shared_ptr<const Table> t, int64_t from, int64_t rows, std::string path, size_t index) {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return jobs_.size() < limit_ || error_; });
  rethrow_locked();
  jobs_.push_back(Job{std::move(t), from, rows, std::move(path), index});
  changed_.notify_all();
}

std::vector<std::vector<ColumnStats>> ChunkWriteQueue::finish() {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return (jobs_.empty() && running_ == 0) || error_; });
  rethrow_locked();
  return std::move(stats_);
}

void ChunkWriteQueue::work() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
    if (stopping_) return;
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    ++running_;
    changed_.notify_all();  // a producer waiting for room
    lock.unlock();
    std::vector<ColumnStats> stats;
    std::exception_ptr error;
    try {
      stats = write_(*job.table, job.from, job.rows, job.path);
    } catch (...) {
      error = std::current_exception();
    }
    job.table.reset();  // the rows go as soon as their chunk is written
    lock.lock();
    --running_;
    if (error && !error_) error_ = error;
    if (!error) {
      if (stats_.size() <= job.index) stats_.resize(job.index + 1);
      stats_[job.index] = std::move(stats);
    }
    changed_.notify_all();
  }
}

}  // namespace tessera::storage

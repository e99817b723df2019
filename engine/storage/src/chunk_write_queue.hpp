// Chunks encoded and written in the background while their rows keep arriving (DatabaseDir::TableWriter):
// the producer hands over whole chunks and goes on; `threads` workers encode (column_chunk.hpp), write them
// durably and compute their statistics. At most 2 x threads chunks wait, so memory stays a few chunks per
// worker and a fast producer is held back rather than buffered without bound.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tessera/storage/column_stats.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::storage {

// Encodes rows [from, from + rows) of `t` into the chunk file `path` (written and fsync'ed) and returns the
// statistics of each column over those rows.
using ChunkFileWriter = std::function<std::vector<ColumnStats>(const Table& t, int64_t from, int64_t rows,
                                                                const std::string& path)>;

class ChunkWriteQueue {
 public:
  ChunkWriteQueue(int threads, ChunkFileWriter write);
  ~ChunkWriteQueue();  // stops the workers; chunks not yet written are not written
  ChunkWriteQueue(const ChunkWriteQueue&) = delete;
  ChunkWriteQueue& operator=(const ChunkWriteQueue&) = delete;

  // Queues chunk number `index` (0, 1, ... in row order): rows [from, from + rows) of `t` into `path`. Blocks
  // while the queue is full; rethrows a worker's error.
  void submit(std::shared_ptr<const Table> t, int64_t from, int64_t rows, std::string path, size_t index);
  // Waits for every queued chunk and returns their statistics by index; rethrows the first worker error.
  std::vector<std::vector<ColumnStats>> finish();

 private:
  struct Job {
    std::shared_ptr<const Table> table;
    int64_t from = 0, rows = 0;
    std::string path;
    size_t index = 0;
  };
  void work();
  void rethrow_locked();

  ChunkFileWriter write_;
  size_t limit_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Job> jobs_;
  size_t running_ = 0;
  bool stopping_ = false;
  std::exception_ptr error_;
  std::vector<std::vector<ColumnStats>> stats_;
  std::vector<std::thread> workers_;
};

}  // namespace tessera::storage

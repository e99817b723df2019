// Spilling (issue 31): the partitions a partitioned pass needs later (join_partitions.hpp, spilled_passes.hpp),
// kept in host memory up to a budget and written to a file beyond it, then handed back in the order they were put.
// The file is created in the spill directory and unlinked at once: it takes disk space only while the store is
// open and leaves nothing behind, whatever ends the process.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tessera/exec/batch.hpp"

namespace tessera::exec {

// Whether partitioned passes spill the later passes' partitions or re-read and recompute their inputs each pass
// (no host or disk space). Auto: as the device finds cheaper (the operator set's spill_pays: the CPU spills, the
// GPU recomputes from the stored chunks its column cache keeps).
enum class SpillMode { Auto, Always, Never };

// How partitioned passes keep the partitions of later passes (engine::Options, --spill, --spill-memory,
// --spill-dir).
struct SpillSettings {
  SpillMode mode = SpillMode::Auto;
  // Host memory the spilled partitions may take before the rest goes to disk (0: nothing is kept in memory).
  int64_t memory_bytes = 0;
  // The directory of the spill file ("": $TMPDIR, else /tmp).
  std::string directory;
};

// Bytes a host batch's columns take (their buffers).
int64_t batch_bytes(const Batch& b);

class SpillStore {
 public:
  explicit SpillStore(const SpillSettings& settings);
  ~SpillStore();
  SpillStore(const SpillStore&) = delete;
  SpillStore& operator=(const SpillStore&) = delete;

  // Keeps host batch `b` under `key`: in memory while the spilled batches held there stay within the settings'
  // memory, else written to the spill file (an ExecError naming the sizes when the disk refuses it).
  void put(int64_t key, Batch b);
  // Calls use(batch) for each batch put under `key`, in the order they were put, one read back at a time, and
  // forgets them (their memory freed; their file space is reused by nothing: the file is gone with the store).
  void take(int64_t key, const std::function<void(Batch)>& use);

  int64_t bytes_spilled() const { return memory_total_ + disk_total_; }  // everything put, in memory or on disk
  int64_t bytes_to_disk() const { return disk_total_; }

 private:
  // A batch written to the file: its shape here, its buffers there from `offset` on.
  struct OnDisk {
    std::vector<ColumnId> ids;
    std::vector<DataType> types;
    std::vector<fn::SqlType> column_types;
    std::vector<bool> has_valid;
    std::vector<int64_t> string_bytes;  // per column: the packed string bytes (strings only)
    int64_t rows = 0, offset = 0, size = 0;
  };
  struct Entry {
    bool in_memory = true;
    Batch batch;  // in memory
    OnDisk disk;  // else
  };
  void open_file();
  OnDisk write(const Batch& b);
  Batch read(const OnDisk& d) const;

  SpillSettings settings_;
  std::map<int64_t, std::vector<Entry>> entries_;
  int64_t memory_held_ = 0, memory_total_ = 0, disk_total_ = 0, file_end_ = 0;
  int fd_ = -1;
  std::string path_;  // the spill file's name while it was created (for messages)
};

}  // namespace tessera::exec

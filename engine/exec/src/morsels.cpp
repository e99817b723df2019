#include "tessera/exec/morsels.hpp"

#include <algorithm>

#include "tessera/exec/zone_maps.hpp"
#include "tessera/functions/sql_types.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::exec {

using plan::OpKind;

StreamPath stream_path(const plan::LogicalOp& op) {
  StreamPath p;
  switch (op.kind) {
    case OpKind::Scan:
      if (op.table) p.scan = &op;
      break;
    case OpKind::Filter:
    case OpKind::Project: p = stream_path(*op.child()); break;
    case OpKind::Join: {
      StreamPath left = stream_path(*op.child(0));
      if (op.join_type == plan::JoinType::Inner) {
        StreamPath right = stream_path(*op.child(1));
        if (right.scan && (!left.scan || right.scan->table->num_rows() > left.scan->table->num_rows())) {
          right.reused.push_back(op.child(0).get());
          p = std::move(right);
          break;
        }
      }
      if (left.scan) left.reused.push_back(op.child(1).get());
      p = std::move(left);
      break;
    }
    default: break;
  }
  if (p.scan) p.chain.insert(p.chain.begin(), &op);
  return p;
}

int64_t decoded_width(const storage::DataType& t) {
  const fn::SqlType p = t.physical();
  return 1 + (p == fn::SqlType::String ? 12 + std::min(t.length > 0 ? t.length : 64, 64) : fn::type_width(p));
}

int64_t scan_row_bytes(const plan::LogicalOp& scan) {
  int64_t bytes = 0;
  const auto& fields = scan.table->schema().fields();
  for (size_t i : plan::scanned_columns(scan)) bytes += decoded_width(fields[i].type);
  return std::max<int64_t>(bytes, 1);
}

void read_ahead(const plan::LogicalOp& scan, int64_t begin, int64_t end, const std::vector<size_t>& skip) {
  for (size_t i : plan::scanned_columns(scan))
    if (std::find(skip.begin(), skip.end(), i) == skip.end()) scan.table->read_ahead(i, begin, end);
}

std::vector<std::pair<int64_t, int64_t>> plan_morsels(const plan::LogicalOp& scan, int64_t morsel_rows,
                                                      int64_t budget_bytes) {
  const int64_t rows = scan.table->num_rows();
  const int64_t row_bytes = scan_row_bytes(scan);
  if (morsel_rows <= 0 && (budget_bytes <= 0 || rows <= budget_bytes / 2 / row_bytes)) return {{0, rows}};
  const int64_t most = morsel_rows > 0 ? morsel_rows : std::max<int64_t>(budget_bytes / 8 / row_bytes, 1);
  const std::vector<int64_t> starts = scan.table->chunk_starts();
  const std::vector<bool> keep = chunks_that_may_match(scan);  // empty: every chunk
  std::vector<std::pair<int64_t, int64_t>> out;
  // Each run of chunks the zone maps keep: ranges of `morsel_rows` rows when forced; else whole stored chunks, as
  // many as fit (a chunk larger than that goes alone), or for a table in memory (one chunk) ranges of rows.
  for (size_t k = 0; k + 1 < starts.size();) {
    if (!keep.empty() && !keep[k]) {
      ++k;
      continue;
    }
    size_t run_end = k + 1;
    while (run_end + 1 < starts.size() && (keep.empty() || keep[run_end])) ++run_end;
    if (morsel_rows > 0 || starts.size() <= 2) {
      for (int64_t b = starts[k]; b < starts[run_end]; b += most) out.emplace_back(b, std::min(starts[run_end], b + most));
    } else {
      for (size_t c = k; c < run_end;) {
        size_t e = c + 1;
        while (e < run_end && starts[e + 1] - starts[c] <= most) ++e;
        out.emplace_back(starts[c], starts[e]);
        c = e;
      }
    }
    k = run_end;
  }
  if (out.empty()) out.emplace_back(0, 0);
  return out;
}

bool streams(const std::vector<std::pair<int64_t, int64_t>>& morsels, const plan::LogicalOp& scan) {
  return !(morsels.size() == 1 && morsels[0].first == 0 && morsels[0].second == scan.table->num_rows());
}

}  // namespace tessera::exec

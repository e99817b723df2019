// The TPC-H value distributions (clause 4.2.2.13 and 4.2.3): weighted word lists used by the generator.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace tessera::tpch {

struct DistEntry {
  const char* text;
  int32_t weight;  // as listed (not cumulative)
};

enum class DistId : int {
  p_cntr, instruct, msegmnt, nations, regions, o_oprio, rflag, smode, p_types, colors,
  nouns, verbs, adverbs, articles, prepositions, auxillaries, terminators, adjectives,
  grammar, np, vp
};

class Distribution {
 public:
  Distribution(const char* name, const DistEntry* entries, size_t n) : name_(name) {
    int64_t total = 0;
    for (size_t i = 0; i < n; ++i) {
      total += entries[i].weight;
      values_.emplace_back(entries[i].text);
      cumulative_.push_back(total);
    }
    // pick table: a value in [0, total) maps to the first entry whose cumulative weight exceeds it
    size_t at = 0;
    for (int64_t v = 0; v < total; ++v) {
      while (cumulative_[at] <= v) ++at;
      pick_.push_back(static_cast<uint16_t>(at));
    }
  }
  std::string_view name() const { return name_; }
  size_t size() const { return values_.size(); }
  std::string_view value(size_t i) const { return values_[i]; }
  int64_t cumulative(size_t i) const { return cumulative_[i]; }
  int64_t total() const { return cumulative_.empty() ? 0 : cumulative_.back(); }
  // Index picked by the zero-based offset `v` in [0, total()).
  size_t pick(int64_t v) const { return pick_[static_cast<size_t>(v)]; }

 private:
  std::string_view name_;
  std::vector<std::string_view> values_;
  std::vector<int64_t> cumulative_;
  std::vector<uint16_t> pick_;
};

const Distribution& dist(DistId id);

}  // namespace tessera::tpch

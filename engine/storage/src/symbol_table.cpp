// Learning and applying a string symbol table (see symbol_table.hpp).
#include "tessera/storage/symbol_table.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <unordered_map>

namespace tessera::storage {
namespace {

uint64_t mask(int length) { return length >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * length)) - 1; }

// Training counts symbols by id: codes 0..254 for the table's symbols, 256 + b for an escaped byte b.
constexpr int kIds = 512;
constexpr int kRounds = 5;

}  // namespace

uint64_t load_word(std::string_view s, size_t at) {
  uint64_t w = 0;
  const size_t n = std::min<size_t>(8, s.size() - at);
  std::memcpy(&w, s.data() + at, n);
  return w;
}

SymbolTable::SymbolTable(std::vector<uint64_t> symbols, std::vector<uint8_t> lengths)
    : symbols_(std::move(symbols)), lengths_(std::move(lengths)) {
  if (symbols_.size() != lengths_.size() || symbols_.size() > kMaxSymbols)
    throw std::logic_error("SymbolTable: bad symbol list");
  for (size_t i = 0; i < symbols_.size(); ++i) {
    if (lengths_[i] < 1 || lengths_[i] > 8) throw std::logic_error("SymbolTable: symbol length out of 1..8");
    symbols_[i] &= mask(lengths_[i]);
  }
  index();
}

void SymbolTable::index() {
  for (auto& v : by_first_) v.clear();
  for (size_t i = 0; i < symbols_.size(); ++i) by_first_[symbols_[i] & 0xff].push_back(static_cast<uint8_t>(i));
  for (auto& v : by_first_)
    std::stable_sort(v.begin(), v.end(), [&](uint8_t a, uint8_t b) { return lengths_[a] > lengths_[b]; });
}

int SymbolTable::longest_match(uint64_t word, size_t left, int& length) const {
  for (uint8_t code : by_first_[word & 0xff]) {
    const int n = lengths_[code];
    if (static_cast<size_t>(n) <= left && ((word ^ symbols_[code]) & mask(n)) == 0) {
      length = n;
      return code;
    }
  }
  return -1;
}

void SymbolTable::encode(std::string_view s, std::string& out) const {
  size_t at = 0;
  while (at < s.size()) {
    const uint64_t w = load_word(s, at);
    int n = 0;
    const int code = longest_match(w, s.size() - at, n);
    if (code >= 0) {
      out.push_back(static_cast<char>(code));
      at += static_cast<size_t>(n);
    } else {
      out.push_back(static_cast<char>(kEscapeCode));
      out.push_back(s[at]);
      ++at;
    }
  }
}

SymbolTable SymbolTable::train(const std::vector<std::string_view>& sample) {
  SymbolTable table;
  std::vector<uint64_t> single(kIds), pair(static_cast<size_t>(kIds) * kIds);
  struct Key {
    uint64_t value;
    int length;
    bool operator==(const Key& o) const { return value == o.value && length == o.length; }
  };
  struct KeyHash {
    size_t operator()(const Key& k) const { return std::hash<uint64_t>()(k.value * 0x9E3779B97F4A7C15ULL + k.length); }
  };
  for (int round = 0; round < kRounds; ++round) {
    std::fill(single.begin(), single.end(), 0);
    std::fill(pair.begin(), pair.end(), 0);
    // Compress the sample with the table so far, counting each symbol and each adjacent pair.
    for (std::string_view s : sample) {
      int prev = -1;
      for (size_t at = 0; at < s.size();) {
        const uint64_t w = load_word(s, at);
        int n = 1;
        int id = table.longest_match(w, s.size() - at, n);
        if (id < 0) id = 256 + static_cast<unsigned char>(s[at]);
        ++single[id];
        if (prev >= 0) ++pair[static_cast<size_t>(prev) * kIds + id];
        prev = id;
        at += static_cast<size_t>(n);
      }
    }
    auto value_of = [&](int id) { return id >= 256 ? static_cast<uint64_t>(id - 256) : table.symbols_[id]; };
    auto length_of = [&](int id) { return id >= 256 ? 1 : static_cast<int>(table.lengths_[id]); };
    // Candidates and the bytes each would save: used symbols as they are, adjacent pairs joined.
    std::unordered_map<Key, uint64_t, KeyHash> gain;
    for (int a = 0; a < kIds; ++a) {
      if (single[a] == 0) continue;
      const int la = length_of(a);
      gain[Key{value_of(a), la}] += single[a] * static_cast<uint64_t>(la);
      for (int b = 0; b < kIds; ++b) {
        const uint64_t count = pair[static_cast<size_t>(a) * kIds + b];
        if (count == 0) continue;
        const int lb = length_of(b);
        if (la + lb > 8) continue;
        gain[Key{value_of(a) | value_of(b) << (8 * la), la + lb}] += count * static_cast<uint64_t>(la + lb);
      }
    }
    std::vector<std::pair<Key, uint64_t>> ranked(gain.begin(), gain.end());
    std::sort(ranked.begin(), ranked.end(), [](const auto& x, const auto& y) {
      if (x.second != y.second) return x.second > y.second;
      if (x.first.length != y.first.length) return x.first.length > y.first.length;
      return x.first.value < y.first.value;
    });
    if (ranked.size() > kMaxSymbols) ranked.resize(kMaxSymbols);
    std::vector<uint64_t> symbols;
    std::vector<uint8_t> lengths;
    for (const auto& [k, g] : ranked) {
      symbols.push_back(k.value);
      lengths.push_back(static_cast<uint8_t>(k.length));
    }
    table = SymbolTable(std::move(symbols), std::move(lengths));
  }
  return table;
}

}  // namespace tessera::storage

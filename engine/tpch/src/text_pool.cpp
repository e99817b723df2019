// The text pool (clause 4.2.2.10): sentences from the TPC-H grammar, built once from the dedicated
// text stream; every comment column is a random substring of it.
#include <cstring>
#include <mutex>
#include <string>

#include "rng.hpp"
#include "tessera/tpch/dists.hpp"
#include "tessera/tpch/generator.hpp"

namespace tessera::tpch {

namespace {

using detail::Stream;

// A weighted word list prepared for fast picking: the word for each zero-based weight offset.
struct Words {
  int64_t total = 0;
  std::vector<std::string_view> by_offset;
  explicit Words(DistId id) {
    const Distribution& d = dist(id);
    total = d.total();
    for (int64_t v = 0; v < total; ++v) by_offset.push_back(d.value(d.pick(v)));
  }
  std::string_view pick(Stream& s) const { return by_offset[static_cast<size_t>(s.pick_offset(total))]; }
};

class PoolBuilder {
 public:
  PoolBuilder()
      : grammar_(DistId::grammar), np_(DistId::np), vp_(DistId::vp), nouns_(DistId::nouns),
        verbs_(DistId::verbs), adjectives_(DistId::adjectives), adverbs_(DistId::adverbs),
        articles_(DistId::articles), prepositions_(DistId::prepositions),
        auxillaries_(DistId::auxillaries), terminators_(DistId::terminators),
        stream_(detail::kTextPoolSeed, 1) {}

  std::string build() {
    std::string pool;
    pool.resize(detail::kTextPoolSize + 1024);
    buf_ = pool.data();
    pos_ = 0;
    while (pos_ < detail::kTextPoolSize) sentence();
    pool.resize(detail::kTextPoolSize);
    return pool;
  }

 private:
  void put(std::string_view w) {
    std::memcpy(buf_ + pos_, w.data(), w.size());
    pos_ += static_cast<int64_t>(w.size());
  }
  void putc(char c) { buf_[pos_++] = c; }

  // noun phrase: tokens of the np form, each a word, an optional punctuation mark, then a space
  void noun_phrase() {
    const std::string_view form = np_.pick(stream_);
    for (size_t i = 0; i < form.size(); ++i) {
      const char c = form[i];
      if (c == ' ') continue;
      if (c == ',') {
        --pos_;  // the mark abuts the word
        putc(',');
        putc(' ');
        continue;
      }
      const Words* src = c == 'A' ? &articles_ : c == 'J' ? &adjectives_ : c == 'D' ? &adverbs_ : &nouns_;
      put(src->pick(stream_));
      putc(' ');
    }
  }
  void verb_phrase() {
    const std::string_view form = vp_.pick(stream_);
    for (char c : form) {
      if (c == ' ') continue;
      const Words* src = c == 'D' ? &adverbs_ : c == 'V' ? &verbs_ : &auxillaries_;
      put(src->pick(stream_));
      putc(' ');
    }
  }
  void sentence() {
    const std::string_view form = grammar_.pick(stream_);
    for (char c : form) {
      switch (c) {
        case 'N': noun_phrase(); break;
        case 'V': verb_phrase(); break;
        case 'P':
          put(prepositions_.pick(stream_));
          put(" the ");
          noun_phrase();
          break;
        case 'T':
          --pos_;  // terminators abut the previous word
          put(terminators_.pick(stream_));
          putc(' ');
          break;
        default: break;
      }
    }
  }

  Words grammar_, np_, vp_, nouns_, verbs_, adjectives_, adverbs_, articles_, prepositions_, auxillaries_,
      terminators_;
  Stream stream_;
  char* buf_ = nullptr;
  int64_t pos_ = 0;
};

}  // namespace

std::string_view text_pool() {
  static std::once_flag once;
  static std::string pool;
  std::call_once(once, [] { pool = PoolBuilder().build(); });
  return pool;
}

}  // namespace tessera::tpch

// The storage layer's parallel loop (chunk encode/decode, file parsing, concatenation): f(i) for i in [0, n)
// on up to `threads` threads of the process's pool (runtime/thread_pool.hpp; the caller's included), indices
// handed out one at a time; the first exception stops the rest and is rethrown.
#pragma once

#include <cstddef>
#include <functional>

#include "tessera/runtime/thread_pool.hpp"

namespace tessera::storage {

template <typename F>
void parallel_for(size_t n, int threads, F&& f) {
  rt::parallel_for(n, threads, std::function<void(size_t)>([&f](size_t i) { f(i); }));
}

}  // namespace tessera::storage

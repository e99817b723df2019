// One pool of worker threads for the whole process (issue 35): the engine's operators, the storage layer's chunk
// work and the CPU kernel calls hand it the indices of a loop instead of starting threads of their own per call
// (a thread start costs tens of microseconds, per operator, per query). The caller takes indices too, so a loop body
// may run a parallel loop itself: a caller waits only for indices other threads have already started, never for
// work that is still queued, so nested loops cannot deadlock.
#pragma once

#include <cstddef>
#include <functional>

namespace tessera::rt {

// f(i) for every i in [0, n), on up to `threads` threads, the caller's included (threads <= 0: one per hardware
// thread); indices are handed out one at a time. The first exception a call of f throws stops the rest from
// being handed out and is rethrown here, after every started call has returned.
void parallel_for(size_t n, int threads, const std::function<void(size_t)>& f);

// The hardware threads (at least 1): the default of `threads`.
int hardware_threads();

}  // namespace tessera::rt

// Ctrl-C while a statement runs cancels it (engine::Database::cancel): the statement ends with "the statement was
// cancelled" and changes nothing, and the shell or script goes on as after any error. A second Ctrl-C before the
// statement has ended does what Ctrl-C did before (ends the process). Outside statements Ctrl-C is left alone.
#pragma once

#include "tessera/engine/database.hpp"

namespace tessera::cli {

class CancelOnInterrupt {
 public:
  explicit CancelOnInterrupt(engine::Database& db);
  ~CancelOnInterrupt();
  CancelOnInterrupt(const CancelOnInterrupt&) = delete;
  CancelOnInterrupt& operator=(const CancelOnInterrupt&) = delete;
};

}  // namespace tessera::cli

#include "interrupt.hpp"

#include <csignal>

#include <atomic>

namespace tessera::cli {

namespace {

std::atomic<engine::Database*> running{nullptr};  // the database whose statement Ctrl-C cancels
std::atomic<int> interrupts{0};
struct sigaction previous;

extern "C" void on_interrupt(int) {
  if (interrupts.fetch_add(1) > 0) {  // the second: as before this statement
    sigaction(SIGINT, &previous, nullptr);
    raise(SIGINT);
    return;
  }
  if (engine::Database* db = running.load()) db->cancel();  // only sets a flag: safe in a signal handler
}

}  // namespace

CancelOnInterrupt::CancelOnInterrupt(engine::Database& db) {
  running.store(&db);
  interrupts.store(0);
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGINT, &sa, &previous);
}

CancelOnInterrupt::~CancelOnInterrupt() {
  sigaction(SIGINT, &previous, nullptr);
  running.store(nullptr);
}

}  // namespace tessera::cli

// One connection's session: who logged in, the TDS version it speaks, its SET options (the bits of SQL
// Server's @@OPTIONS), its transaction counter and what @@ROWCOUNT and @@ERROR report. The probes
// (client_probes.hpp) read and change it; the session (session.hpp) runs statements under it.
//
// Transactions: Tessera commits every statement when it ends (the database's atomic commit is per statement), so
// there is nothing to hold open. BEGIN TRANSACTION, COMMIT and SET IMPLICIT_TRANSACTIONS keep @@TRANCOUNT as SQL
// Server would, for the clients that look at it; ROLLBACK succeeds while the session has changed nothing since the
// transaction began and is an error naming what stays committed otherwise.
#pragma once

#include <cstdint>
#include <string>

#include "tessera/tds/version.hpp"

namespace tessera::server {

// SQL Server's @@OPTIONS bits (SET options), the ones a session can change.
namespace option_bit {
inline constexpr uint32_t kImplicitTransactions = 2;
inline constexpr uint32_t kCursorCloseOnCommit = 4;
inline constexpr uint32_t kAnsiWarnings = 8;
inline constexpr uint32_t kAnsiPadding = 16;
inline constexpr uint32_t kAnsiNulls = 32;
inline constexpr uint32_t kArithAbort = 64;
inline constexpr uint32_t kArithIgnore = 128;
inline constexpr uint32_t kQuotedIdentifier = 256;
inline constexpr uint32_t kNoCount = 512;
inline constexpr uint32_t kAnsiNullDefaultOn = 1024;
inline constexpr uint32_t kAnsiNullDefaultOff = 2048;
inline constexpr uint32_t kConcatNullYieldsNull = 4096;
inline constexpr uint32_t kNumericRoundAbort = 8192;
inline constexpr uint32_t kXactAbort = 16384;
// What a new session starts with (SQL Server's defaults for ODBC and OLE DB clients, 5496) -- also what the
// engine does: NULL comparisons are unknown, quoted identifiers, errors on arithmetic overflow.
inline constexpr uint32_t kDefaults = kAnsiWarnings | kAnsiPadding | kAnsiNulls | kArithAbort | kQuotedIdentifier |
                                      kAnsiNullDefaultOn | kConcatNullYieldsNull;
}  // namespace option_bit

struct SessionState {
  // Who and how; fixed at login.
  std::string login;
  std::string app_name;
  std::string host_name;
  uint16_t spid = 0;
  tds::TdsVersion version = tds::TdsVersion::V7_4;
  int64_t default_statement_timeout_ms = 0;  // the server's --statement-timeout

  // SET options.
  uint32_t options = option_bit::kDefaults;
  int64_t textsize = 2147483647;  // SET TEXTSIZE: accepted; (MAX) values are sent whole
  int32_t lock_timeout = -1;
  std::string isolation_level = "READ COMMITTED";
  // The time limit of this session's statements, set on the engine before each of them.
  int64_t statement_timeout_ms = 0;

  // Transactions (see above).
  int32_t trancount = 0;
  int64_t changes_in_transaction = 0;  // statements that changed data since the outermost BEGIN

  int64_t last_rowcount = 0;  // @@ROWCOUNT
  int32_t last_error = 0;     // @@ERROR

  bool has(uint32_t bit) const { return (options & bit) != 0; }
  void set(uint32_t bit, bool on) { options = on ? options | bit : options & ~bit; }

  // An engine statement ran: under IMPLICIT_TRANSACTIONS it opens a transaction, as SQL Server's statements do;
  // `changed` counts it against a later ROLLBACK.
  void statement_ran(bool changed) {
    if (has(option_bit::kImplicitTransactions) && trancount == 0) trancount = 1;
    if (changed && trancount > 0) ++changes_in_transaction;
  }

  // sp_reset_connection (a pooled connection handed to its next user): SET options, transactions and the
  // counters back to a new session's.
  void reset() {
    options = option_bit::kDefaults;
    textsize = 2147483647;
    lock_timeout = -1;
    isolation_level = "READ COMMITTED";
    statement_timeout_ms = default_statement_timeout_ms;
    trancount = 0;
    changes_in_transaction = 0;
    last_rowcount = 0;
    last_error = 0;
  }
};

}  // namespace tessera::server

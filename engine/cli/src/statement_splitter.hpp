// Splits a SQL script into its ';'-separated statements, so that the shell and the script runner can
// run (and print, and number in messages) one statement at a time. It follows the lexer's rules for
// what a ';' inside does not end a statement: 'strings' ('' escapes), "quoted" and [bracketed]
// identifiers ("" and ]] escapes), -- line comments and /* nested */ block comments. It never fails:
// an unterminated string or comment runs to the end of the text (and the statement is incomplete).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tessera::cli {

struct Statement {
  // The statement's text from its first token to the end (without the ';'), preceded by as many
  // newlines and spaces as put that token at its line and column in the script: the engine's
  // line:column messages then point into the script itself. Comments before the first token are left
  // out, so the text starts with the statement's first word (the engine recognises EXPLAIN that way).
  std::string text;
  int line = 1;            // where the statement's first token is (1-based; columns count code points)
  int column = 1;
  std::string first_word;  // its first token upper-cased if a word ("SELECT", "EXPLAIN", "WITH"), else ""
};

struct SplitScript {
  std::vector<Statement> statements;  // statements with at least one token (empty ones are dropped)
  // The text after the last ';' holds a token, or a string, identifier or comment is left open: more
  // input is needed to end the script (the shell reads another line). Such a last statement is still
  // in `statements`.
  bool incomplete = false;
  // Where a /* comment that never ends starts (line, column), 0 if none: a script that ends inside a
  // comment is an error, not a script whose last statements are silently commented out.
  int open_comment_line = 0, open_comment_column = 0;
};

SplitScript split_statements(std::string_view script);

}  // namespace tessera::cli

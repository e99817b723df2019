#include "statement_splitter.hpp"

#include <cctype>

namespace tessera::cli {

namespace {

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Walks the script once, keeping line and column (in code points) of the current position.
class Scanner {
 public:
  explicit Scanner(std::string_view s) : s_(s) {}

  SplitScript run() {
    SplitScript out;
    bool has_token = false;  // the current statement holds something other than blanks and comments
    size_t tok_pos = 0;      // its first token: byte offset, line and column
    int tok_line = 1, tok_col = 1;
    std::string first_word;
    bool open = false;       // an unterminated string, identifier or comment reached the end

    auto finish = [&](size_t end) {
      if (!has_token) return;
      Statement st;
      st.text.assign(static_cast<size_t>(tok_line - 1), '\n');
      st.text.append(static_cast<size_t>(tok_col - 1), ' ');
      st.text.append(s_.substr(tok_pos, end - tok_pos));
      st.line = tok_line;
      st.column = tok_col;
      st.first_word = first_word;
      out.statements.push_back(std::move(st));
    };
    auto token_here = [&]() {  // true for the statement's first token
      if (has_token) return false;
      has_token = true;
      tok_pos = pos_;
      tok_line = line_;
      tok_col = col_;
      return true;
    };

    while (pos_ < s_.size()) {
      const char c = s_[pos_];
      const char next = pos_ + 1 < s_.size() ? s_[pos_ + 1] : '\0';
      if (c == ';') {
        finish(pos_);
        advance();
        has_token = false;
        first_word.clear();
      } else if (c == '-' && next == '-') {
        while (pos_ < s_.size() && s_[pos_] != '\n') advance();
      } else if (c == '/' && next == '*') {
        const int comment_line = line_, comment_column = col_;
        advance();
        advance();
        int depth = 1;
        while (pos_ < s_.size() && depth > 0) {
          const char a = s_[pos_];
          const char b = pos_ + 1 < s_.size() ? s_[pos_ + 1] : '\0';
          if (a == '/' && b == '*') {
            ++depth;
            advance();
          } else if (a == '*' && b == '/') {
            --depth;
            advance();
          }
          advance();
        }
        if (depth > 0) {
          open = true;
          out.open_comment_line = comment_line;
          out.open_comment_column = comment_column;
        }
      } else if (c == '\'' || c == '"' || c == '[') {
        token_here();
        const char close = c == '[' ? ']' : c;
        advance();
        bool closed = false;
        while (pos_ < s_.size()) {
          if (s_[pos_] == close) {
            if (pos_ + 1 < s_.size() && s_[pos_ + 1] == close) {  // '' "" ]]: an escaped quote
              advance();
              advance();
              continue;
            }
            advance();
            closed = true;
            break;
          }
          advance();
        }
        if (!closed) open = true;
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        advance();
      } else {
        const bool first = token_here();
        if (is_word_char(c)) {
          const size_t w = pos_;
          while (pos_ < s_.size() && is_word_char(s_[pos_])) advance();
          if (first && !std::isdigit(static_cast<unsigned char>(s_[w])))
            for (size_t i = w; i < pos_; ++i) first_word += static_cast<char>(std::toupper(static_cast<unsigned char>(s_[i])));
        } else {
          advance();
        }
      }
    }
    out.incomplete = open || has_token;
    finish(s_.size());
    return out;
  }

 private:
  void advance() {
    if (s_[pos_] == '\n') {
      ++line_;
      col_ = 1;
    } else if (!is_continuation_byte(s_[pos_])) {
      ++col_;
    }
    ++pos_;
    // A continuation byte belongs to the code point before it: columns count code points.
    while (pos_ < s_.size() && is_continuation_byte(s_[pos_])) ++pos_;
  }

  std::string_view s_;
  size_t pos_ = 0;
  int line_ = 1, col_ = 1;
};

}  // namespace

SplitScript split_statements(std::string_view script) { return Scanner(script).run(); }

}  // namespace tessera::cli

#include "tessera/server/sql_tokens.hpp"

#include <cctype>

namespace tessera::server {

namespace {

bool is_name_start(unsigned char c) { return std::isalpha(c) || c == '_' || c == '#' || c >= 0x80; }
bool is_name_char(unsigned char c) { return std::isalnum(c) || c == '_' || c == '#' || c == '$' || c == '@' || c >= 0x80; }

class Tokenizer {
 public:
  explicit Tokenizer(std::string_view s) : s_(s) {}

  SqlTokens run() {
    SqlTokens out;
    while (true) {
      skip_space_and_comments(out);
      if (pos_ >= s_.size()) break;
      out.tokens.push_back(next());
    }
    return out;
  }

 private:
  unsigned char at(size_t i) const { return i < s_.size() ? static_cast<unsigned char>(s_[i]) : 0; }

  void skip_space_and_comments(SqlTokens& out) {
    while (pos_ < s_.size()) {
      const unsigned char c = at(pos_);
      if (std::isspace(c)) {
        ++pos_;
      } else if (c == '-' && at(pos_ + 1) == '-') {
        while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
      } else if (c == '/' && at(pos_ + 1) == '*') {
        int depth = 0;  // T-SQL block comments nest
        while (pos_ < s_.size()) {
          if (at(pos_) == '/' && at(pos_ + 1) == '*') {
            ++depth;
            pos_ += 2;
          } else if (at(pos_) == '*' && at(pos_ + 1) == '/') {
            pos_ += 2;
            if (--depth == 0) break;
          } else {
            ++pos_;
          }
        }
        if (depth > 0) out.unterminated_comment = true;
      } else {
        return;
      }
    }
  }

  // A quoted run closed by `close`, where a doubled `close` stands for one.
  void quoted(SqlToken& t, char close) {
    while (true) {
      if (pos_ >= s_.size()) {
        t.unterminated = true;
        return;
      }
      const char c = s_[pos_++];
      if (c == close) {
        if (at(pos_) == static_cast<unsigned char>(close)) {
          t.value += close;
          ++pos_;
          continue;
        }
        return;
      }
      t.value += c;
    }
  }

  SqlToken next() {
    SqlToken t;
    t.begin = pos_;
    const unsigned char c = at(pos_);
    if ((c == 'N' || c == 'n') && at(pos_ + 1) == '\'') {
      t.kind = SqlTokenKind::String;
      t.unicode = true;
      pos_ += 2;
      quoted(t, '\'');
    } else if (c == '\'') {
      t.kind = SqlTokenKind::String;
      ++pos_;
      quoted(t, '\'');
    } else if (c == '"' || c == '[') {
      t.kind = SqlTokenKind::QuotedName;
      ++pos_;
      quoted(t, c == '"' ? '"' : ']');
    } else if (c == '@') {
      t.kind = at(pos_ + 1) == '@' ? SqlTokenKind::SystemVariable : SqlTokenKind::Variable;
      pos_ += t.kind == SqlTokenKind::SystemVariable ? 2 : 1;
      while (pos_ < s_.size() && is_name_char(at(pos_))) ++pos_;
    } else if (std::isdigit(c) || (c == '.' && std::isdigit(at(pos_ + 1)))) {
      t.kind = SqlTokenKind::Number;
      if (c == '0' && (at(pos_ + 1) == 'x' || at(pos_ + 1) == 'X')) {
        pos_ += 2;
        while (std::isxdigit(at(pos_))) ++pos_;
      } else {
        while (std::isdigit(at(pos_)) || at(pos_) == '.') ++pos_;
        if ((at(pos_) == 'e' || at(pos_) == 'E') &&
            (std::isdigit(at(pos_ + 1)) || ((at(pos_ + 1) == '+' || at(pos_ + 1) == '-') && std::isdigit(at(pos_ + 2))))) {
          pos_ += 2;
          while (std::isdigit(at(pos_))) ++pos_;
        }
      }
    } else if (is_name_start(c)) {
      t.kind = SqlTokenKind::Word;
      while (pos_ < s_.size() && is_name_char(at(pos_))) ++pos_;
    } else {
      t.kind = SqlTokenKind::Symbol;
      const unsigned char d = at(pos_ + 1);
      const bool pair = (c == '<' && (d == '>' || d == '=')) || (c == '>' && d == '=') || (c == '!' && d == '=');
      pos_ += pair ? 2 : 1;
    }
    t.end = pos_;
    t.text = s_.substr(t.begin, t.end - t.begin);
    if (t.kind != SqlTokenKind::String && t.kind != SqlTokenKind::QuotedName) t.value = std::string(t.text);
    return t;
  }

  std::string_view s_;
  size_t pos_ = 0;
};

}  // namespace

bool SqlToken::is(std::string_view keyword) const { return kind == SqlTokenKind::Word && iequals(text, keyword); }

SqlTokens tokenize_sql(std::string_view sql) { return Tokenizer(sql).run(); }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::toupper(static_cast<unsigned char>(a[i])) != std::toupper(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

std::string to_upper_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string quote_string_literal(std::string_view text, bool unicode) {
  std::string out = unicode ? "N'" : "'";
  for (char c : text) {
    out += c;
    if (c == '\'') out += '\'';
  }
  out += '\'';
  return out;
}

}  // namespace tessera::server

#include "served_database.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace tessera::bench {

namespace {

pid_t spawn(const std::vector<std::string>& argv, const std::string& log_path,
            const std::vector<std::pair<std::string, std::string>>& env, bool append = false) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    if (!log_path.empty()) {
      const int fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0644);
      if (fd >= 0) {
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        ::close(fd);
      }
    }
    for (const auto& [name, value] : env) ::setenv(name.c_str(), value.c_str(), 1);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  return pid;
}

int exit_status(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return -WTERMSIG(status);
  return -1000;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string tail(const std::string& text, size_t n = 3000) {
  return text.size() <= n ? text : "..." + text.substr(text.size() - n);
}

}  // namespace

int run_command(const std::vector<std::string>& argv, const std::string& log_path) {
  const pid_t pid = spawn(argv, log_path, {});
  int status = 0;
  ::waitpid(pid, &status, 0);
  return exit_status(status);
}

ServedDatabase::ServedDatabase(ServeOptions options) : options_(std::move(options)) {
  std::vector<std::string> argv = {options_.tessera, "serve", options_.database, "--port", "0"};
  argv.insert(argv.end(), options_.extra_args.begin(), options_.extra_args.end());
  const size_t log_start =
      options_.append_log && std::filesystem::exists(options_.log_path) ? std::filesystem::file_size(options_.log_path) : 0;
  pid_ = spawn(argv, options_.log_path, {{"TESSERA_SA_PASSWORD", options_.password}}, options_.append_log);
  const std::regex listening(R"(listening on [^ ]*:(\d+) )");
  const auto deadline = std::chrono::steady_clock::now() + options_.start_timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    const std::string whole = read_file(options_.log_path);
    const std::string text = whole.size() > log_start ? whole.substr(log_start) : std::string();
    std::smatch m;
    if (std::regex_search(text, m, listening)) {
      port_ = static_cast<uint16_t>(std::stoi(m[1]));
      return;
    }
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("tessera serve exited " + std::to_string(exit_status(status)) +
                               " before listening:\n" + tail(text));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  stop(std::chrono::seconds(5));
  throw std::runtime_error("tessera serve did not listen within " + std::to_string(options_.start_timeout.count()) +
                           " s:\n" + tail(read_file(options_.log_path)));
}

ServedDatabase::~ServedDatabase() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
}

int ServedDatabase::stop(std::chrono::seconds timeout) {
  if (pid_ <= 0) return -1000;
  ::kill(pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  int status = 0;
  while (::waitpid(pid_, &status, WNOHANG) != pid_) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  pid_ = -1;
  return exit_status(status);
}

int ServedDatabase::kill() {
  if (pid_ <= 0) return -1000;
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  return exit_status(status);
}

bool ServedDatabase::running() {
  if (pid_ <= 0) return false;
  int status = 0;
  if (::waitpid(pid_, &status, WNOHANG) == pid_) {
    pid_ = -1;
    return false;
  }
  return true;
}

std::string ServedDatabase::log() const { return read_file(options_.log_path); }

}  // namespace tessera::bench

#include "report_text.hpp"

#include <sys/utsname.h>

#include <ctime>
#include <iomanip>
#include <sstream>
#include <thread>

namespace tessera::bench {

std::string fixed(double v, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << v;
  return s.str();
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char text[64];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  return text;
}

std::string machine() {
  utsname u{};
  ::uname(&u);
  return std::string(u.nodename) + ", " + std::to_string(std::thread::hardware_concurrency()) + " hardware threads, " +
         u.sysname + " " + u.release;
}

std::string command_line(int argc, char** argv) {
  std::string out;
  for (int i = 0; i < argc; ++i) {
    if (i > 0) out += ' ';
    out += argv[i];
  }
  return out;
}

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

}  // namespace tessera::bench

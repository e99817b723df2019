// What the server tools' markdown reports (tessera-load, tessera-faults) are written with: numbers, the date, the
// machine, the command line.
#pragma once

#include <string>
#include <vector>

namespace tessera::bench {

std::string fixed(double v, int digits = 1);   // 12.3
std::string utc_now();                         // 2026-12-06 16:09 UTC
std::string machine();                         // host name, hardware threads, kernel
std::string command_line(int argc, char** argv);
std::vector<std::string> split_list(const std::string& s);  // "16,64" -> {"16", "64"} (empty items dropped)

}  // namespace tessera::bench

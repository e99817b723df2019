#!/usr/bin/env bash
# Installs everything Tessera needs on Debian 12 and builds it (compiler,
# catalog, runtime, tests). Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ git python3
          llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 libclang-22-dev libclang-cpp22-dev
          libclang-rt-22-dev
          nlohmann-json3-dev libgtest-dev libgmock-dev libboost-dev zlib1g-dev libzstd-dev libreadline-dev libffi-dev
          libsodium-dev libssl-dev openssl
          freetds-bin tdsodbc unixodbc python3-pyodbc python3-pymssql)  # tessera serve: logins, TLS, and its client tests
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
command -v npm >/dev/null 2>&1 || missing+=(npm)  # fetches DuckDB and Node's mssql (scripts/install_*.sh)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
if ! command -v ptxas >/dev/null && [ ! -x /usr/local/cuda/bin/ptxas ]; then
  echo "setup: note: no CUDA toolkit (ptxas) found; the catalog will hold PTX without cubin"
fi

bash scripts/install_duckdb.sh  # DuckDB (oracle and baseline) into third_party/duckdb
bash scripts/install_node_mssql.sh  # Node's mssql (tedious) for tessera serve's client tests, into third_party/node-mssql

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
ninja -C build

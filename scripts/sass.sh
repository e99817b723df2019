#!/usr/bin/env bash
# SASS of compiled kernels, here, without a GPU: usage `scripts/sass.sh FILE.ptx [KERNEL_REGEX]`.
# The CUDA 13 toolkit installed here has ptxas but no disassembler, and CUDA 13's cubins are newer than any
# disassembler Debian has. So this assembles the PTX again with CUDA 11.8's ptxas (Debian bookworm non-free,
# package nvidia-cuda-toolkit, downloaded once into SASS_TOOLS, ~/.cache/tessera-sass by default, and unpacked
# there, nothing installed) after lowering its `.version` to 7.8, and disassembles that cubin with the same
# release's nvdisasm. Prints, for each kernel whose name matches, its SASS and then its static instruction
# count (NOPs left out).
# An older ptxas schedules differently from the one that builds the catalog: counts are a close guide, not
# the catalog's exact code; registers and stack come from the real one (`ptxas -arch=sm_90 -v`).
set -euo pipefail
ptx=${1:?usage: scripts/sass.sh FILE.ptx [KERNEL_REGEX]}
regex=${2:-.}
arch=${SASS_ARCH:-sm_90}
tools=${SASS_TOOLS:-$HOME/.cache/tessera-sass}
bin=$tools/x/usr/bin
if [ ! -x "$bin/nvdisasm" ]; then
  echo "sass.sh: fetching CUDA 11.8's ptxas and nvdisasm (nvidia-cuda-toolkit, Debian non-free) into $tools" >&2
  mkdir -p "$tools/lists/partial" "$tools/cache/archives/partial"
  echo "deb http://deb.debian.org/debian bookworm non-free" > "$tools/sources.list"
  apt_opts=(-o Dir::Etc::sourcelist="$tools/sources.list" -o Dir::Etc::sourceparts=/nonexistent
            -o Dir::State::Lists="$tools/lists" -o Dir::Cache="$tools/cache" -o APT::Sandbox::User=root)
  apt-get "${apt_opts[@]}" update >/dev/null
  (cd "$tools" && apt-get "${apt_opts[@]}" download nvidia-cuda-toolkit >/dev/null)
  dpkg -x "$tools"/nvidia-cuda-toolkit_*.deb "$tools/x"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed 's/^\.version .*/.version 7.8/' "$ptx" > "$work/k.ptx"
"$bin/ptxas" -arch="$arch" "$work/k.ptx" -o "$work/k.cubin"
"$bin/nvdisasm" -c "$work/k.cubin" > "$work/k.sass"
# One section per kernel (.text.<name>); instructions are the lines with an address comment.
awk -v re="$regex" '
  function flush() { if (name_ok && count > 0) printf "== %s: %d instructions\n", name, count }
  /^\.text\.[^ ]*:$/ { flush(); name = $1; sub(/^\.text\./, "", name); sub(/:$/, "", name)
                        count = 0; name_ok = (name ~ re); next }
  name_ok && /\/\*[0-9a-f][0-9a-f][0-9a-f][0-9a-f]\*\// {
    line = $0; gsub(/[[:space:]]*\/\* 0x[0-9a-f]+ \*\//, "", line); print line; if (line !~ / NOP ;/) ++count }
  name_ok && /^\.L_x_[0-9]+:/ { print }
  END { flush() }
' "$work/k.sass"

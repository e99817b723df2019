#!/usr/bin/env python3
"""Unpacks .devcarry (scripts/stage_device.sh) into /tmp/tessera on the GPU machine: bin/, catalogs, lib/ (xz
files decompressed, libduckdb.so into lib/, binaries made executable). Used by gpu_engine_check.sh and
server_load_device.sh."""
import lzma, os, shutil

src, dst = '.devcarry', '/tmp/tessera'
for root, _, files in os.walk(src):
    for f in files:
        p = os.path.join(root, f)
        rel = os.path.relpath(p, src)
        out = os.path.join(dst, rel[:-3] if rel.endswith('.xz') else rel)
        if rel == 'libduckdb.so.xz': out = os.path.join(dst, 'lib', 'libduckdb.so')
        os.makedirs(os.path.dirname(out), exist_ok=True)
        if rel.endswith('.xz'):
            with lzma.open(p) as i, open(out, 'wb') as o: shutil.copyfileobj(i, o)
        else:
            shutil.copy(p, out)
        if '/bin/' in out: os.chmod(out, 0o755)

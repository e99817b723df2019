"""Starting `tessera serve` for the client test runners (run_client_test.py, run_tls_test.py): the server on a free
port, its output in a log file, the port read from its "listening on" line."""
import re
import subprocess
import time


def start_server(tessera, db, env, log_path, extra=()):
    """(process, port) of `tessera serve db --port 0 extra...`; RuntimeError when it exits or does not listen
    within 60 s (the message holds its log)."""
    log = open(log_path, "w")
    server = subprocess.Popen([tessera, "serve", db, "--port", "0"] + list(extra), stdout=log,
                              stderr=subprocess.STDOUT, env=env)
    deadline = time.time() + 60
    while time.time() < deadline:
        text = open(log_path).read()
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", text)
        if m:
            return server, int(m.group(1))
        if server.poll() is not None:
            raise RuntimeError(f"the server exited {server.returncode} before listening:\n{text}")
        time.sleep(0.05)
    server.kill()
    raise RuntimeError(f"the server did not listen within 60 s:\n{open(log_path).read()}")

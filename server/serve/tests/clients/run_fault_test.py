#!/usr/bin/python3
"""Faults against `tessera serve` (issue 32 section 4; docs/SERVER.md "Load and faults"), with real clients (pyodbc over
FreeTDS's ODBC driver, Debian's /usr/bin/python3) in processes of their own that are killed with SIGKILL:

  mid-query    three clients each start a long cross join and are killed while it runs: a client that stayed keeps
               being answered, and the abandoned statements are stopped (a new query is answered at once, not after
               three cross joins)
  mid-result   three clients each read a few rows of a large result and are killed with the rest unread: the server
               notices (its writes fail), the client that stayed is answered throughout
  server kill  four clients insert 40-row statements (one INSERT ... VALUES each, committed when it ends) as fast as
               they can; the server is killed with SIGKILL in the middle, restarted, and every statement a client saw
               acknowledged must be there whole, every statement there must be whole (40 rows, the right values),
               and at most the one statement each client had in flight may be there unacknowledged
  bad logins   twenty threads log in with wrong passwords for a few seconds: the attempts are slowed down (the log's
               waits reach seconds), a session logged in before the flood is answered quickly throughout, the server
               stays up, and a right password logs in afterwards

    run_fault_test.py --tessera build/engine/cli/tessera [--keep]

Bounded: about 40 s here; each phase has its own time limit.
"""
import argparse
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

PYTHON = "/usr/bin/python3"
# 120 million pairs at SF 0.01: 18 s here unless stopped, and with --morsel-rows 1000 the engine looks at a stop
# every 2 million pairs (a fraction of a second).
LONG_QUERY = "SELECT COUNT(*) FROM lineitem a CROSS JOIN part b WHERE LEN(a.l_comment + b.p_comment) > 1000"
ROWS_PER_STATEMENT = 40

failures = []


def check(name, condition, detail=""):
    print(f"  {'ok  ' if condition else 'FAIL'} {name}{'' if condition else ': ' + str(detail)}", flush=True)
    if not condition:
        failures.append(name)
    return condition


class Server:
    def __init__(self, tessera, db, password, log_path):
        self.log_path = log_path
        start = os.path.getsize(log_path) if os.path.exists(log_path) else 0
        log = open(log_path, "a")
        env = dict(os.environ, TESSERA_SA_PASSWORD=password)
        self.process = subprocess.Popen([tessera, "serve", db, "--port", "0", "--morsel-rows", "1000"], stdout=log,
                                        stderr=subprocess.STDOUT, env=env)
        deadline = time.time() + 60
        while time.time() < deadline:
            text = open(log_path).read()[start:]  # this start's lines only (a restart appends to the same log)
            found = re.findall(r"listening on 127\.0\.0\.1:(\d+)", text)
            if found:
                self.port = int(found[-1])
                return
            if self.process.poll() is not None:
                print(f"run_fault_test: FAILED: the server exited {self.process.returncode}:\n{text}")
                sys.exit(1)
            time.sleep(0.05)
        self.process.kill()
        print("run_fault_test: FAILED: the server did not listen within 60 s")
        sys.exit(1)

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return "killed after 30 s"

    def log(self):
        return open(self.log_path).read()


def connection_string(port, password):
    return (f"DRIVER={{FreeTDS}};SERVER=127.0.0.1;PORT={port};UID=sa;PWD={password};DATABASE=tpch;TDS_Version=7.4;"
            "Encryption=off;")


def connect(port, password, timeout=30):
    import pyodbc
    return pyodbc.connect(connection_string(port, password), autocommit=True, timeout=timeout)


def scalar(con, sql):
    return con.cursor().execute(sql).fetchone()[0]


# A client in a process of its own, killed from outside: prints "started" when its statement is on the way.
MID_QUERY_CLIENT = r'''
import os, sys, pyodbc
con = pyodbc.connect(os.environ["CONN"], autocommit=True, timeout=30)
cur = con.cursor()
print("started", flush=True)
cur.execute(os.environ["SQL"])
print("finished", flush=True)
'''

MID_RESULT_CLIENT = r'''
import os, sys, time, pyodbc
con = pyodbc.connect(os.environ["CONN"], autocommit=True, timeout=30)
cur = con.cursor()
cur.execute("SELECT l_orderkey, l_linenumber, l_comment, l_shipinstruct, l_shipmode FROM lineitem")
cur.fetchmany(10)
print("reading", flush=True)
time.sleep(60)
'''

INSERT_CLIENT = r'''
import os, sys, pyodbc
client = int(os.environ["CLIENT"])
rows = int(os.environ["ROWS"])
con = pyodbc.connect(os.environ["CONN"], autocommit=True, timeout=30)
cur = con.cursor()
statement = 0
while True:
    values = ",".join(f"({client}, {statement}, {r}, 'c{client}-s{statement}-r{r}')" for r in range(rows))
    try:
        cur.execute(f"INSERT INTO fault_rows VALUES {values}")
    except Exception as e:
        print(f"error {e}", flush=True)
        break
    print(f"acked {statement}", flush=True)  # only after the server's DONE: the statement is acknowledged
    statement += 1
'''


def spawn(script, env):
    return subprocess.Popen([PYTHON, "-c", script], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def wait_for_line(process, text, timeout):
    """Reads the process's output until a line starting with `text` (True), or its end or the timeout (False)."""
    found = threading.Event()
    lines = []

    def reader():
        for line in process.stdout:
            lines.append(line)
            if line.startswith(text):
                found.set()
                return

    t = threading.Thread(target=reader, daemon=True)
    t.start()
    found.wait(timeout)
    return found.is_set(), lines


class Heartbeat:
    """A client that stayed: a cheap query every 50 ms on its own connection, recording each answer's latency."""

    def __init__(self, port, password):
        self.con = connect(port, password)
        self.latencies = []
        self.errors = []
        self.stop_flag = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stop_flag.is_set():
            started = time.time()
            try:
                n = scalar(self.con, "SELECT COUNT(*) FROM nation")
                if n != 25:
                    self.errors.append(f"nation has {n} rows")
            except Exception as e:  # noqa: BLE001 -- any failure is the finding
                self.errors.append(str(e))
                return
            self.latencies.append(time.time() - started)
            time.sleep(0.05)

    def stop(self):
        self.stop_flag.set()
        self.thread.join(10)
        self.con.close()
        return self.latencies, self.errors


def phase_mid_query(server, password, conn):
    print("mid-query: three clients killed while their cross joins run", flush=True)
    heartbeat = Heartbeat(server.port, password)
    clients = [spawn(MID_QUERY_CLIENT, dict(os.environ, CONN=conn, SQL=LONG_QUERY)) for _ in range(3)]
    for c in clients:
        started, lines = wait_for_line(c, "started", 20)
        check("a killed client started its query", started, "".join(lines))
    time.sleep(1.0)  # the statements are queued and running
    for c in clients:
        check("the cross join was still running when its client was killed", c.poll() is None)
        c.kill()
        c.wait()
    time.sleep(0.3)
    started = time.time()
    con = connect(server.port, password)
    n = scalar(con, "SELECT COUNT(*) FROM region")
    elapsed = time.time() - started
    con.close()
    latencies, errors = heartbeat.stop()
    # Run to their ends, the three cross joins would hold the engine for most of a minute.
    check("a new session is answered within 8 s of the kills (the abandoned cross joins were stopped)",
          n == 5 and elapsed < 8, f"{n} rows after {elapsed:.1f} s")
    check("the client that stayed got every answer", not errors and len(latencies) > 0, errors[:3])
    check("the server is still up", server.alive())


def phase_mid_result(server, password, conn):
    print("mid-result: three clients killed with most of a large result unread", flush=True)
    heartbeat = Heartbeat(server.port, password)
    clients = [spawn(MID_RESULT_CLIENT, dict(os.environ, CONN=conn)) for _ in range(3)]
    for c in clients:
        reading, lines = wait_for_line(c, "reading", 30)
        check("a killed client was reading its result", reading, "".join(lines))
    time.sleep(0.5)
    for c in clients:
        c.kill()
        c.wait()
    time.sleep(1.0)
    latencies, errors = heartbeat.stop()
    check("the client that stayed got every answer", not errors and len(latencies) > 0, errors[:3])
    check("the server is still up", server.alive())
    con = connect(server.port, password)
    check("a new session is answered after the kills", scalar(con, "SELECT COUNT(*) FROM nation") == 25)
    con.close()
    log = server.log()
    gone = len(re.findall(r"the client went away while being answered", log))
    check("the server saw the clients go in the middle of their results", gone >= 1, f"{gone} such log lines")


def phase_server_kill(tessera, db, server, password, log_path):
    print("server kill: SIGKILL while four clients insert; every acknowledged statement must be there, whole",
          flush=True)
    con = connect(server.port, password)
    con.cursor().execute("CREATE TABLE fault_rows (client INT, statement INT, r INT, payload VARCHAR(40))")
    con.close()
    conn = connection_string(server.port, password)
    clients = [spawn(INSERT_CLIENT, dict(os.environ, CONN=conn, CLIENT=str(i), ROWS=str(ROWS_PER_STATEMENT)))
               for i in range(4)]
    outputs = [[] for _ in clients]

    def reader(i):
        for line in clients[i].stdout:
            outputs[i].append(line.strip())

    readers = [threading.Thread(target=reader, args=(i,), daemon=True) for i in range(len(clients))]
    for t in readers:
        t.start()
    # Let them insert, then kill the server in the middle of it.
    deadline = time.time() + 20
    while time.time() < deadline and min(sum(1 for l in o if l.startswith("acked")) for o in outputs) < 5:
        time.sleep(0.05)
    time.sleep(0.5)
    server.process.kill()
    server.process.wait()
    for c in clients:
        try:
            c.wait(timeout=30)
        except subprocess.TimeoutExpired:
            c.kill()
    for t in readers:
        t.join(5)
    acked = [{int(l.split()[1]) for l in o if l.startswith("acked")} for o in outputs]
    print(f"  acknowledged statements per client: {[len(a) for a in acked]}", flush=True)
    check("every client had statements acknowledged before the kill", all(len(a) >= 5 for a in acked),
          [len(a) for a in acked])

    restarted = Server(tessera, db, password, log_path)
    con = connect(restarted.port, password)
    rows = con.cursor().execute(
        "SELECT client, statement, COUNT(*) AS n, MIN(r) AS lo, MAX(r) AS hi, "
        "SUM(CASE WHEN payload = 'c' + CAST(client AS VARCHAR(10)) + '-s' + CAST(statement AS VARCHAR(10)) + '-r' + "
        "CAST(r AS VARCHAR(10)) THEN 1 ELSE 0 END) AS right_payloads "
        "FROM fault_rows GROUP BY client, statement").fetchall()
    total = scalar(con, "SELECT COUNT(*) FROM fault_rows")
    con.close()
    present = {}
    for client, statement, n, lo, hi, right in rows:
        present[(client, statement)] = (n, lo, hi, right)
    whole = all(v == (ROWS_PER_STATEMENT, 0, ROWS_PER_STATEMENT - 1, ROWS_PER_STATEMENT) for v in present.values())
    check("every statement in the table is whole (40 rows with their values: nothing half-written)", whole,
          [(k, v) for k, v in present.items() if v != (ROWS_PER_STATEMENT, 0, ROWS_PER_STATEMENT - 1,
                                                       ROWS_PER_STATEMENT)][:5])
    missing = [(c, s) for c, statements in enumerate(acked) for s in statements if (c, s) not in present]
    check("every acknowledged statement is there after the restart", not missing, missing[:10])
    for c, statements in enumerate(acked):
        extra = sorted(s for (cc, s) in present if cc == c and s not in statements)
        check(f"client {c}: at most its one statement in flight is there unacknowledged",
              len(extra) <= 1 and all(s == max(statements, default=-1) + 1 for s in extra), extra)
    check("the row count agrees", total == ROWS_PER_STATEMENT * len(present), f"{total} rows")
    return restarted


def phase_bad_logins(server, password):
    print("bad logins: twenty threads with wrong passwords for 4 s", flush=True)
    import pyodbc
    heartbeat = Heartbeat(server.port, password)
    attempts = []
    refused = []
    stop_at = time.time() + 4

    def flood():
        while time.time() < stop_at:
            started = time.time()
            try:
                pyodbc.connect(connection_string(server.port, "Wrong-" + secrets.token_hex(4)), timeout=30).close()
                attempts.append(("accepted", time.time() - started))
            except pyodbc.Error as e:
                attempts.append(("refused", time.time() - started))
                if "18456" in str(e) or "Login failed" in str(e):
                    refused.append(1)

    threads = [threading.Thread(target=flood) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(40)
    latencies, errors = heartbeat.stop()
    log = server.log()
    waits = [int(w) for w in re.findall(r"next attempt from 127\.0\.0\.1 waits (\d+) ms", log)]
    print(f"  {len(attempts)} attempts, {len(refused)} refused with 18456; longest wait {max(waits, default=0)} ms; "
          f"the logged-in session's slowest answer {max(latencies, default=0) * 1000:.0f} ms", flush=True)
    check("no wrong password was accepted", all(a[0] != "accepted" for a in attempts))
    check("the attempts were refused with 18456", len(refused) >= 20, f"{len(refused)} of {len(attempts)}")
    check("the attempts were slowed down (waits of seconds)", max(waits, default=0) >= 2000, max(waits, default=0))
    check("the logged-in session was answered throughout, quickly", not errors and len(latencies) >= 20 and
          max(latencies) < 2.0, (errors[:3], len(latencies), max(latencies, default=0)))
    check("the server is still up", server.alive())
    started = time.time()
    con = connect(server.port, password, timeout=30)
    check("the right password logs in after the flood", scalar(con, "SELECT COUNT(*) FROM nation") == 25)
    con.close()
    print(f"  (that login took {time.time() - started:.1f} s: the throttle's wait, then a success forgets it)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessera", required=True)
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    started = time.time()
    if subprocess.run([PYTHON, "-c", "import pyodbc"], capture_output=True).returncode != 0:
        print("run_fault_test: FAILED: pyodbc is missing for /usr/bin/python3 (Debian: python3-pyodbc, tdsodbc)")
        sys.exit(1)
    work = tempfile.mkdtemp(prefix="tessera-serve-faults-")
    db = os.path.join(work, "tpch.tdb")
    env = dict(os.environ)
    env.pop("TESSERA_SA_PASSWORD", None)
    p = subprocess.run([a.tessera, db, "--sf", "0.01", "-e", "SELECT 1"], capture_output=True, text=True, env=env,
                       timeout=120)
    if p.returncode != 0:
        print(f"run_fault_test: FAILED: creating the database: {p.stderr}")
        sys.exit(1)
    password = "Ft-" + secrets.token_urlsafe(12)
    log_path = os.path.join(work, "server.log")
    server = Server(a.tessera, db, password, log_path)
    conn = connection_string(server.port, password)
    print(f"run_fault_test: server on 127.0.0.1:{server.port} ({time.time() - started:.1f} s to set up)", flush=True)

    phases = [("mid-query", lambda: phase_mid_query(server, password, conn)),
              ("mid-result", lambda: phase_mid_result(server, password, conn))]
    for name, run in phases:
        t = time.time()
        run()
        print(f"  ({name}: {time.time() - t:.1f} s)", flush=True)
    t = time.time()
    server = phase_server_kill(a.tessera, db, server, password, log_path)
    print(f"  (server kill: {time.time() - t:.1f} s)", flush=True)
    t = time.time()
    phase_bad_logins(server, password)
    print(f"  (bad logins: {time.time() - t:.1f} s)", flush=True)

    rc = server.stop()
    check("the server stopped cleanly on SIGTERM", rc == 0, rc)
    log = server.log()
    for line in log.splitlines():
        if "unexpected error" in line:
            check("no unexpected error in the server's log", False, line)
    if failures:
        print("---- server log ----\n" + log[-20000:] + "--------------------")
        print(f"run_fault_test: work directory kept: {work}")
        print(f"run_fault_test: FAILED: {len(failures)} checks: {', '.join(failures)}")
        sys.exit(1)
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    print(f"run_fault_test: PASSED in {time.time() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main()

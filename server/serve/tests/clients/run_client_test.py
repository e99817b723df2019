#!/usr/bin/python3
"""One real client against `tessera serve` (docs/SERVER.md, issue 32 section 3): creates a fresh database with TPC-H
SF 0.01, computes the expected answers of the TPC-H queries with the `tessera` shell, starts the server on a free
port with an administrator password, runs the client's check script, stops the server with SIGTERM and checks that
it stopped cleanly and logged the client's failed login with its address.

    run_client_test.py CLIENT --tessera build/engine/cli/tessera [--keep]

CLIENT is tsql (FreeTDS's tsql), pyodbc (FreeTDS's ODBC driver at TDS 7.4), pymssql, or mssql (Node's mssql over
tedious). The Python clients are Debian's (python3-pyodbc, python3-pymssql), for Debian's /usr/bin/python3; Node's
mssql comes from scripts/install_node_mssql.sh. A missing client is a failure, not a skip: scripts/setup.sh installs
them all.

The server runs with --morsel-rows 1000 so that the engine looks at a cancel between morsels of the cross join the
cancel test runs (the engine stops a statement between morsels and operators); every other query runs the morsel
paths too.
"""
import argparse
import csv
import io
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import served

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))


def fail(message):
    print(f"run_client_test: FAILED: {message}", flush=True)
    sys.exit(1)


def client_command(client):
    """The command that runs CLIENT's check, or fail() naming what is missing and what installs it."""
    python = "/usr/bin/python3"  # Debian's: python3-pyodbc and python3-pymssql are installed for it
    if client == "pyodbc":
        if subprocess.run([python, "-c", "import pyodbc"], capture_output=True).returncode != 0:
            fail("pyodbc is missing for /usr/bin/python3 (Debian: python3-pyodbc; scripts/setup.sh installs it)")
        return [python, os.path.join(HERE, "pyodbc_client.py")]
    if client == "pymssql":
        if subprocess.run([python, "-c", "import pymssql"], capture_output=True).returncode != 0:
            fail("pymssql is missing for /usr/bin/python3 (Debian: python3-pymssql; scripts/setup.sh installs it)")
        return [python, os.path.join(HERE, "pymssql_client.py")]
    if client == "tsql":
        if not shutil.which("tsql"):
            fail("FreeTDS's tsql is missing (Debian: freetds-bin; scripts/setup.sh installs it)")
        return [python, os.path.join(HERE, "tsql_client.py")]
    if client == "mssql":
        modules = os.path.join(ROOT, "third_party", "node-mssql", "node_modules")
        if not shutil.which("node"):
            fail("node is missing (Debian: nodejs; scripts/setup.sh installs npm, which brings it)")
        if not os.path.isfile(os.path.join(modules, "mssql", "package.json")):
            fail(f"Node's mssql is missing in {modules} (bash scripts/install_node_mssql.sh; scripts/setup.sh runs it)")
        return ["node", os.path.join(HERE, "mssql_client.js"), modules]
    fail(f"unknown client '{client}' (tsql, pyodbc, pymssql, mssql)")


def run_tessera(tessera, args, env, what):
    p = subprocess.run([tessera] + args, capture_output=True, text=True, env=env, timeout=120)
    if p.returncode != 0:
        fail(f"{what}: tessera {' '.join(args)} exited {p.returncode}: {p.stderr.strip()}")
    return p.stdout


def expected_answers(tessera, db, queries, env):
    """Each query's answer from the shell, as rows of CSV text: what the clients must read over TDS."""
    answers = {}
    for name, sql in queries.items():
        out = run_tessera(tessera, [db, "--format", "csv", "--max-rows", "0", "-e", sql], env, f"expected answer of {name}")
        rows = list(csv.reader(io.StringIO(out)))
        answers[name] = {"columns": rows[0], "rows": rows[1:]}
    return answers


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("client")
    ap.add_argument("--tessera", required=True)
    ap.add_argument("--keep", action="store_true", help="keep the work directory (database, logs)")
    a = ap.parse_args()
    command = client_command(a.client)
    started = time.time()

    work = tempfile.mkdtemp(prefix=f"tessera-serve-{a.client}-")
    db = os.path.join(work, "tpch.tdb")
    env = dict(os.environ)
    env.pop("TESSERA_SA_PASSWORD", None)
    run_tessera(a.tessera, [db, "--sf", "0.01", "-e", "SELECT 1"], env, "creating the database")
    expectations = json.load(open(os.path.join(HERE, "expectations.json")))
    expectations["answers"] = expected_answers(a.tessera, db, expectations["queries"], env)
    revenue = expectations["parameterised_revenue"]
    literal = revenue["sql"].format(p1=f"CAST('{revenue['p1']}' AS DATE)", p2=revenue["p2"])
    expectations["answers"]["parameterised_revenue"] = expected_answers(a.tessera, db, {"q": literal}, env)["q"]
    expected_path = os.path.join(work, "expected.json")
    json.dump(expectations, open(expected_path, "w"), indent=1)

    password = "Ts-" + secrets.token_urlsafe(12)  # the policy's 8+ characters, and a quote-free one
    server_env = dict(env, TESSERA_SA_PASSWORD=password)
    log_path = os.path.join(work, "server.log")
    try:
        server, port = served.start_server(a.tessera, db, server_env, log_path, ["--morsel-rows", "1000"])
    except RuntimeError as e:
        fail(str(e))
    print(f"run_client_test: {a.client}: server on 127.0.0.1:{port} ({time.time() - started:.1f} s to set up)", flush=True)

    client_env = dict(env, TESSERA_TEST_HOST="127.0.0.1", TESSERA_TEST_PORT=str(port), TESSERA_TEST_PASSWORD=password,
                      TESSERA_TEST_EXPECTED=expected_path, TESSERA_TEST_WORK=work, TESSERA_TEST_TABLE=f"types_{a.client}")
    try:
        check = subprocess.run(command, env=client_env, timeout=150)
        client_ok = check.returncode == 0
    except subprocess.TimeoutExpired:
        client_ok = False
        print("run_client_test: the client check did not finish within 150 s", flush=True)

    server.send_signal(signal.SIGTERM)
    try:
        server_rc = server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server_rc = "killed after 30 s"
    log = open(log_path).read()
    problems = []
    if not client_ok:
        problems.append("the client's checks failed (above)")
    if server_rc != 0 or "tessera serve: stopped" not in log:
        problems.append(f"the server did not stop cleanly on SIGTERM (exit {server_rc})")
    if not re.search(r"127\.0\.0\.1:\d+: login failed for user '[^']*': wrong password", log):
        problems.append("the server log has no failed login with the client's address")
    for line in log.splitlines():
        if "unexpected error" in line or "protocol error" in line:
            problems.append(f"the server log reports: {line}")
    if problems:
        print("---- server log ----\n" + log + "--------------------")
        print(f"run_client_test: work directory kept: {work}")
        fail("; ".join(problems))
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    print(f"run_client_test: {a.client}: PASSED in {time.time() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main()

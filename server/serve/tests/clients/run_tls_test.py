#!/usr/bin/python3
"""The real clients over TLS against `tessera serve --tls-cert FILE --tls-key FILE` (docs/SERVER.md, issue 32 section
2): a self-signed certificate made with `openssl req` for this run (no key is kept anywhere), a fresh TPC-H SF 0.01
database, and each client with encryption required --

    tsql     FreeTDS's tsql, freetds.conf `encryption = require` (and `encryption = request`: the login only)
    pyodbc   FreeTDS's ODBC driver, `Encryption=require` in the connection string
    pymssql  FreeTDS's DB-Library, freetds.conf `encryption = require` (a server name from FREETDSCONF)
    mssql    Node's mssql (tedious), `encrypt: true, trustServerCertificate: true`

-- reads a result of many TLS records (every order's key, customer and comment) and an aggregate, compared with the
answers of the `tessera` shell, and is refused with a wrong password. The server's log must say, for each client's
login, that TLS covered the whole connection (or, for `encryption = request`, the login only). Then the server is
started without a certificate and tsql with `encryption = require` must be refused, the log saying why.

    run_tls_test.py --tessera build/engine/cli/tessera [--keep]
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
PYTHON = "/usr/bin/python3"  # Debian's: python3-pyodbc and python3-pymssql are installed for it
NODE_MODULES = os.path.join(ROOT, "third_party", "node-mssql", "node_modules")

QUERIES = {
    # A result of about a megabyte: many TDS packets and TLS records.
    "orders": "SELECT o_orderkey, o_custkey, o_comment FROM orders ORDER BY o_orderkey",
    "aggregate": "SELECT COUNT(*) AS n, SUM(l_quantity) AS quantity FROM lineitem WHERE l_returnflag = 'R'",
}

failures = []


def check(name, condition, detail=""):
    print(f"  {'ok  ' if condition else 'FAIL'} {name}{'' if condition else ': ' + detail}", flush=True)
    if not condition:
        failures.append(name)


def run(command, env=None, what="", timeout=120, input=None):
    p = subprocess.run(command, capture_output=True, text=True, env=env, timeout=timeout, input=input)
    if p.returncode != 0 and what:
        print(f"run_tls_test: FAILED: {what}: exit {p.returncode}\n{p.stdout}\n{p.stderr}", flush=True)
        sys.exit(1)
    return p


def expected_answers(tessera, db, env):
    answers = {}
    for name, sql in QUERIES.items():
        out = run([tessera, db, "--format", "csv", "--max-rows", "0", "-e", sql], env, f"the answer of {name}").stdout
        answers[name] = [[str(v) for v in row] for row in list(csv.reader(io.StringIO(out)))[1:]]
    return answers


def start_server(tessera, db, env, log_path, extra):
    try:
        return served.start_server(tessera, db, env, log_path, extra)
    except RuntimeError as e:
        print(f"run_tls_test: FAILED: {e}")
        sys.exit(1)


def stop_server(server):
    server.send_signal(signal.SIGTERM)
    try:
        return server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        return "killed after 30 s"


def freetds_conf(work, port, encryption):
    path = os.path.join(work, f"freetds-{encryption}.conf")
    with open(path, "w") as f:
        f.write(f"[tessera]\n\thost = 127.0.0.1\n\tport = {port}\n\ttds version = 7.4\n\tencryption = {encryption}\n")
    return path


# ---- the clients: each prints one JSON line {"answers": {name: rows}, "wrong_password": "error text"} ----

PYODBC = r'''
import json, os, sys, pyodbc
conn = ("DRIVER={FreeTDS};SERVER=127.0.0.1;PORT=%s;DATABASE=tpch;TDS_Version=7.4;Encryption=require;APP=pyodbc;"
        % os.environ["PORT"])
con = pyodbc.connect(conn + "UID=sa;PWD=" + os.environ["PASSWORD"], autocommit=True, timeout=10)
queries = json.loads(os.environ["QUERIES"])
answers = {n: [[str(v) for v in r] for r in con.cursor().execute(q).fetchall()] for n, q in queries.items()}
try:
    pyodbc.connect(conn + "UID=sa;PWD=not-the-password", autocommit=True, timeout=10)
    wrong = "accepted"
except pyodbc.Error as e:
    wrong = str(e)
print(json.dumps({"answers": answers, "wrong_password": wrong}))
'''

PYMSSQL = r'''
import json, os, pymssql
queries = json.loads(os.environ["QUERIES"])
# "tessera" is FREETDSCONF's section (encryption = require); pymssql appends the port to the server's name.
con = pymssql.connect(server="tessera", port=os.environ["PORT"], user="sa", password=os.environ["PASSWORD"],
                      database="tpch", autocommit=True, login_timeout=10)
answers = {}
for n, q in queries.items():
    cur = con.cursor()
    cur.execute(q)
    answers[n] = [[str(v) for v in r] for r in cur.fetchall()]
try:
    pymssql.connect(server="tessera", port=os.environ["PORT"], user="sa", password="not-the-password", database="tpch",
                    login_timeout=10)
    wrong = "accepted"
except pymssql.Error as e:
    wrong = str(e)
print(json.dumps({"answers": answers, "wrong_password": wrong}))
'''

MSSQL = r'''
const sql = require(require('path').join(process.env.MODULES, 'mssql'));
const config = (password) => ({server: '127.0.0.1', port: Number(process.env.PORT), user: 'sa', password,
  database: 'tpch', options: {encrypt: true, trustServerCertificate: true}, pool: {max: 1},
  connectionTimeout: 10000, requestTimeout: 60000});
(async () => {
  const pool = await new sql.ConnectionPool(config(process.env.PASSWORD)).connect();
  const answers = {};
  for (const [n, q] of Object.entries(JSON.parse(process.env.QUERIES))) {
    const r = await pool.request().query(q);
    answers[n] = r.recordset.map((row) => Object.values(row).map((v) => String(v)));
  }
  await pool.close();
  let wrong = 'accepted';
  try { await new sql.ConnectionPool(config('not-the-password')).connect(); } catch (e) { wrong = String(e.message); }
  console.log(JSON.stringify({answers, wrong_password: wrong}));
})().catch((e) => { console.error(e); process.exit(1); });
'''


def tsql_run(conf, password, batch):
    env = dict(os.environ, FREETDSCONF=conf)
    return run(["tsql", "-S", "tessera", "-U", "sa", "-P", password, "-D", "tpch", "-o", "fq"], env,
               input=batch + "\ngo\nexit\n", timeout=120)


def tsql_client(work, port, password, encryption):
    conf = freetds_conf(work, port, encryption)
    answers = {}
    for name, sql in QUERIES.items():
        p = tsql_run(conf, password, sql)
        lines = [l for l in p.stdout.split("\n") if l and not l.startswith(("locale", "using default charset"))]
        answers[name] = [l.split("\t") for l in lines[1:]]  # the header line first
    wrong = tsql_run(conf, "not-the-password", "SELECT 1")
    return {"answers": answers, "wrong_password": wrong.stdout + wrong.stderr}


def script_client(command, env):
    p = run(command, env, timeout=120)
    if p.returncode != 0:
        return {"error": f"exit {p.returncode}: {p.stdout[-2000:]}\n{p.stderr[-2000:]}"}
    return json.loads(p.stdout.strip().splitlines()[-1])


def normalise(name, rows):
    """Client values as the shell prints them: the aggregate's decimal to its scale (2), '1.0' -> '1.00'."""
    if name != "aggregate":
        return rows
    out = []
    for r in rows:
        n, q = r
        if "." in q:
            whole, frac = q.split(".")
            q = whole + "." + (frac + "00")[:2]
        else:
            q = q + ".00"
        out.append([n, q])
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessera", required=True)
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    started = time.time()
    for tool, package in (("openssl", "openssl"), ("tsql", "freetds-bin"), ("node", "npm")):
        if not shutil.which(tool):
            print(f"run_tls_test: FAILED: {tool} is missing (Debian: {package}; scripts/setup.sh installs it)")
            sys.exit(1)

    work = tempfile.mkdtemp(prefix="tessera-serve-tls-")
    db = os.path.join(work, "tpch.tdb")
    env = dict(os.environ)
    env.pop("TESSERA_SA_PASSWORD", None)
    run([a.tessera, db, "--sf", "0.01", "-e", "SELECT 1"], env, "creating the database")
    answers = expected_answers(a.tessera, db, env)
    cert, key = os.path.join(work, "server.crt"), os.path.join(work, "server.key")
    run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
         "-keyout", key, "-out", cert], env, "making a self-signed certificate with openssl req")

    password = "Ts-" + secrets.token_urlsafe(12)
    server_env = dict(env, TESSERA_SA_PASSWORD=password)
    log_path = os.path.join(work, "server-tls.log")
    server, port = start_server(a.tessera, db, server_env, log_path, ["--tls-cert", cert, "--tls-key", key])
    print(f"run_tls_test: server with TLS on 127.0.0.1:{port} ({time.time() - started:.1f} s to set up)", flush=True)

    client_env = dict(env, PORT=str(port), PASSWORD=password, QUERIES=json.dumps(QUERIES), MODULES=NODE_MODULES,
                      FREETDSCONF=freetds_conf(work, port, "require"))
    results = {
        "tsql": tsql_client(work, port, password, "require"),
        "tsql (encryption = request)": tsql_client(work, port, password, "request"),
        "pyodbc": script_client([PYTHON, "-c", PYODBC], client_env),
        "pymssql": script_client([PYTHON, "-c", PYMSSQL], client_env),
        "mssql": script_client(["node", "-e", MSSQL], client_env),
    }
    server_rc = stop_server(server)
    log = open(log_path).read()

    for client, r in results.items():
        print(f"{client}:", flush=True)
        if "error" in r:
            check(f"{client} connects with encryption and runs the queries", False, r["error"])
            continue
        for name in QUERIES:
            got = normalise(name, r["answers"].get(name, []))
            check(f"{client}: answer of {name} ({len(answers[name])} rows)", got == answers[name],
                  f"{len(got)} rows, first {got[:2]}, expected first {answers[name][:2]}")
        check(f"{client}: a wrong password is refused (18456)",
              "18456" in r["wrong_password"] or "Login failed" in r["wrong_password"], r["wrong_password"][-300:])

    # Which TLS each login had: the log's TLS line and login line of the same client address.
    scope_of_peer = {m.group(1): m.group(2) for m in
                     re.finditer(r"(127\.0\.0\.1:\d+): TLS \(TLSv1\.[23], [^)]*\) for (the whole connection|the login only)", log)}
    logins = {}
    for m in re.finditer(r"(127\.0\.0\.1:\d+) spid \d+: login 'sa' from '([^']*)'", log):
        logins.setdefault(m.group(2), []).append(scope_of_peer.get(m.group(1), "no TLS"))
    print(f"logins by program, and what TLS covered: {logins}", flush=True)
    whole = [p for p, scopes in logins.items() if "the whole connection" in scopes]
    check("four programs logged in with the whole connection encrypted (tsql, FreeTDS ODBC, pymssql, tedious)",
          len(whole) >= 4, f"{whole}")
    check("tsql with encryption = request had its login encrypted only",
          any("the login only" in scopes for scopes in logins.values()), str(logins))
    check("every login was encrypted", all(s != "no TLS" for scopes in logins.values() for s in scopes), str(logins))
    check("wrong passwords were logged", len(re.findall(r"login failed for user 'sa': wrong password", log)) >= 5,
          "fewer than five")
    for line in log.splitlines():
        if "unexpected error" in line or "protocol error" in line or "TLS error" in line:
            check("no error in the server's log", False, line)
    check("the server with TLS stopped cleanly on SIGTERM", server_rc == 0, f"exit {server_rc}")

    # Without a certificate: encryption required is refused, saying why.
    log_path = os.path.join(work, "server-plain.log")
    server, port = start_server(a.tessera, db, server_env, log_path, [])
    refused = tsql_run(freetds_conf(work, port, "require"), password, "SELECT 1")
    stop_server(server)
    plain_log = open(log_path).read()
    check("without a certificate, tsql requiring encryption gets no answer to its query",
          "\n1\n" not in refused.stdout, refused.stdout)
    check("without a certificate, the refusal is logged saying why",
          "the client requires an encrypted (TLS) connection, but the server has no certificate" in plain_log, plain_log)

    if failures:
        print("---- server log (TLS) ----\n" + log + "--------------------------")
        print(f"run_tls_test: work directory kept: {work}")
        print(f"run_tls_test: FAILED: {len(failures)} checks: {', '.join(failures)}")
        sys.exit(1)
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    print(f"run_tls_test: PASSED in {time.time() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main()

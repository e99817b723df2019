"""pyodbc over FreeTDS's ODBC driver (TDS 7.4) against tessera serve: run by run_client_test.py."""
import configparser
import os
import time

import pyodbc

from client_common import (DATABASE, EXPECTED, HOST, LOGIN, LOGIN_PASSWORD, PASSWORD, PORT, TABLE, Checks, error_number,
                           parameter_values)


def freetds_driver():
    """The FreeTDS ODBC driver's library, from /etc/odbcinst.ini's [FreeTDS] or tdsodbc's install path."""
    config = configparser.ConfigParser()
    config.read("/etc/odbcinst.ini")
    candidates = []
    if config.has_option("FreeTDS", "Driver"):
        path = config.get("FreeTDS", "Driver")
        candidates += [path, os.path.join("/usr/lib/x86_64-linux-gnu/odbc", path)]
    candidates.append("/usr/lib/x86_64-linux-gnu/odbc/libtdsodbc.so")
    for c in candidates:
        if os.path.isabs(c) and os.path.isfile(c):
            return c
    raise SystemExit("pyodbc: FreeTDS's ODBC driver (libtdsodbc.so) not found: Debian's tdsodbc installs it "
                     "(scripts/setup.sh)")


DRIVER = freetds_driver()


def connect(user="sa", password=PASSWORD, **kw):
    return pyodbc.connect(f"DRIVER={{{DRIVER}}};SERVER={HOST};PORT={PORT};UID={user};PWD={password};"
                          f"TDS_Version=7.4;DATABASE={DATABASE}", autocommit=True, timeout=10, **kw)


def main():
    c = Checks("pyodbc")
    print(f"pyodbc {pyodbc.version} with {DRIVER}", flush=True)
    con = connect()
    cur = con.cursor()
    c.ok("logged in as sa; @@VERSION is Tessera's", cur.execute("SELECT @@VERSION").fetchall()[0][0].startswith("Tessera"))
    c.equal("DB_NAME() and SUSER_SNAME()", tuple(cur.execute("SELECT DB_NAME(), SUSER_SNAME()").fetchall()[0]),
            (DATABASE, "sa"))

    # Logins: sa creates one; it logs in and may not create others.
    cur.execute(f"CREATE LOGIN {LOGIN} WITH PASSWORD = '{LOGIN_PASSWORD}'")
    other = connect(LOGIN, LOGIN_PASSWORD)
    c.equal("a new login logs in", other.cursor().execute("SELECT SUSER_SNAME()").fetchall()[0][0], LOGIN)
    try:
        other.cursor().execute("CREATE LOGIN intruder WITH PASSWORD = 'Whatever-123'")
        c.ok("CREATE LOGIN by a login that is not sa is refused", False, "it succeeded")
    except pyodbc.Error as e:
        c.equal("CREATE LOGIN by a login that is not sa: Msg 15247", error_number(str(e)), 15247)
    other.close()

    # Every type, written with parameters and as SQL text, read back.
    cur.execute(EXPECTED["create"].format(table=TABLE))
    marks = ", ".join("?" * len(EXPECTED["columns"]))
    cur.execute(f"INSERT INTO {TABLE} VALUES ({marks})", *parameter_values(EXPECTED["parameter_row"]["values"]))
    c.equal("INSERT with parameters: 1 row affected", cur.rowcount, 1)
    cur.execute(EXPECTED["literal_row"]["insert"].format(table=TABLE))
    c.equal("INSERT as text: 1 row affected", cur.rowcount, 1)
    cur.execute(f"INSERT INTO {TABLE} VALUES ({marks})", *parameter_values(EXPECTED["null_row"]["values"]))
    rows = cur.execute(f"SELECT * FROM {TABLE} ORDER BY id").fetchall()
    c.equal("three rows back", len(rows), 3)
    c.equal("column names", [d[0] for d in cur.description], EXPECTED["columns"])
    for row, name in zip(rows, ["parameter_row", "literal_row", "null_row"]):
        c.typed_row(name, list(row), EXPECTED[name]["values"])

    # TPC-H with library functions, and with parameters.
    for name, sql in EXPECTED["queries"].items():
        c.answer(name, cur.execute(sql).fetchall())
    q = EXPECTED["parameterised_revenue"]
    import datetime
    got = cur.execute(q["sql"].format(p1="?", p2="?"), datetime.date.fromisoformat(q["p1"]), q["p2"]).fetchall()
    c.equal("answer of the parameterised revenue query", c.rows("", got), EXPECTED["answers"]["parameterised_revenue"]["rows"])

    # Errors carry SQL Server's message numbers; the connection goes on after each.
    for sql, number in EXPECTED["errors"].items():
        try:
            cur.execute(sql).fetchall()
            c.ok(f"{sql}: Msg {number}", False, "no error")
        except pyodbc.Error as e:
            c.equal(f"{sql}: Msg {number}", error_number(str(e)), number)
    c.equal("the connection works after the errors", cur.execute("SELECT 42").fetchall()[0][0], 42)
    cur.close()  # FreeTDS's driver runs one statement at a time per connection

    # Cancel: the driver's query timeout (1 s) sends ATTENTION; the statement stops and the connection goes on.
    con.timeout = 1
    slow = con.cursor()
    start = time.time()
    try:
        slow.execute(EXPECTED["long_query"]).fetchall()
        c.ok("the long query is cancelled", False, "it finished")
    except pyodbc.Error as e:
        elapsed = time.time() - start
        c.ok("the long query is cancelled at the timeout", "HYT00" in str(e) and elapsed < 5, f"{e} after {elapsed:.1f} s")
    con.timeout = 0
    start = time.time()
    slow.close()
    c.equal("the connection works after the cancel", con.cursor().execute("SELECT 42").fetchall()[0][0], 42)
    c.ok("... at once (the cancelled statement stopped)", time.time() - start < 5, f"{time.time() - start:.1f} s")
    con.close()

    try:
        connect("sa", "not the password")
        c.ok("a wrong password is refused", False, "it logged in")
    except pyodbc.Error as e:
        c.equal("a wrong password: Msg 18456", error_number(str(e)), 18456)
    c.finish()


if __name__ == "__main__":
    main()

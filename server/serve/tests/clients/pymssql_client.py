"""pymssql (FreeTDS's DB-Library, at the TDS version Debian's build asks for) against tessera serve: run by
run_client_test.py. pymssql puts parameters into the statement text itself (quoted literals), so the server sees
SQL batches, not RPCs."""
import threading
import time

import pymssql

from client_common import (DATABASE, EXPECTED, HOST, LOGIN, LOGIN_PASSWORD, PASSWORD, PORT, TABLE, Checks, error_number,
                           parameter_values)


def connect(user="sa", password=PASSWORD, **kw):
    return pymssql.connect(server=HOST, port=PORT, user=user, password=password, database=DATABASE, autocommit=True,
                           login_timeout=10, **kw)


def pymssql_parameters(values):
    """pymssql quotes what it knows; a TIME it does not, so it goes as its text (the server converts it)."""
    import datetime
    return tuple(v.isoformat() if isinstance(v, datetime.time) else v for v in values)


def query(cur, sql, params=None):
    cur.execute(sql, params)
    return cur.fetchall()


def main():
    c = Checks("pymssql")
    print(f"pymssql {pymssql.__version__}", flush=True)
    con = connect()
    cur = con.cursor()
    c.ok("logged in as sa; @@VERSION is Tessera's", query(cur, "SELECT @@VERSION")[0][0].startswith("Tessera"))
    c.equal("DB_NAME() and SUSER_SNAME()", tuple(query(cur, "SELECT DB_NAME(), SUSER_SNAME()")[0]), (DATABASE, "sa"))

    cur.execute(f"CREATE LOGIN {LOGIN} WITH PASSWORD = %s", (LOGIN_PASSWORD,))
    other = connect(LOGIN, LOGIN_PASSWORD)
    c.equal("a new login logs in", query(other.cursor(), "SELECT SUSER_SNAME()")[0][0], LOGIN)
    try:
        other.cursor().execute("CREATE LOGIN intruder WITH PASSWORD = 'Whatever-123'")
        c.ok("CREATE LOGIN by a login that is not sa is refused", False, "it succeeded")
    except pymssql.Error as e:
        c.equal("CREATE LOGIN by a login that is not sa: Msg 15247", e.args[0], 15247)
    other.close()

    cur.execute(EXPECTED["create"].format(table=TABLE))
    marks = ", ".join(["%s"] * len(EXPECTED["columns"]))
    cur.execute(f"INSERT INTO {TABLE} VALUES ({marks})", pymssql_parameters(parameter_values(EXPECTED["parameter_row"]["values"])))
    c.equal("INSERT with parameters: 1 row affected", cur.rowcount, 1)
    cur.execute(EXPECTED["literal_row"]["insert"].format(table=TABLE))
    c.equal("INSERT as text: 1 row affected", cur.rowcount, 1)
    cur.execute(f"INSERT INTO {TABLE} VALUES ({marks})", pymssql_parameters(parameter_values(EXPECTED["null_row"]["values"])))
    rows = query(cur, f"SELECT * FROM {TABLE} ORDER BY id")
    c.equal("three rows back", len(rows), 3)
    c.equal("column names", [d[0] for d in cur.description], EXPECTED["columns"])
    for row, name in zip(rows, ["parameter_row", "literal_row", "null_row"]):
        c.typed_row(name, list(row), EXPECTED[name]["values"], time_tolerance_ms=4)

    for name, sql in EXPECTED["queries"].items():
        c.answer(name, query(cur, sql))
    q = EXPECTED["parameterised_revenue"]
    import datetime
    got = query(cur, q["sql"].format(p1="%s", p2="%s"), (datetime.date.fromisoformat(q["p1"]), q["p2"]))
    c.equal("answer of the parameterised revenue query", c.rows("", got), EXPECTED["answers"]["parameterised_revenue"]["rows"])

    for sql, number in EXPECTED["errors"].items():
        try:
            query(cur, sql)
            c.ok(f"{sql}: Msg {number}", False, "no error")
        except pymssql.Error as e:
            c.equal(f"{sql}: Msg {number}", e.args[0], number)
    c.equal("the connection works after the errors", query(cur, "SELECT 42")[0][0], 42)

    # Cancel from another thread (DB-Library's dbcancel: an ATTENTION) while the long query runs.
    canceller = threading.Timer(1.0, con._conn.cancel)  # _mssql.MSSQLConnection.cancel: dbcancel()
    start = time.time()
    canceller.start()
    try:
        query(cur, EXPECTED["long_query"])
        c.ok("the long query is cancelled", False, "it finished")
    except pymssql.Error as e:
        elapsed = time.time() - start
        c.ok("the long query is cancelled", elapsed < 5, f"{e} after {elapsed:.1f} s")
    canceller.join()
    start = time.time()
    c.equal("the connection works after the cancel", query(cur, "SELECT 42")[0][0], 42)
    c.ok("... at once (the cancelled statement stopped)", time.time() - start < 5, f"{time.time() - start:.1f} s")
    con.close()

    try:
        connect("sa", "not the password")
        c.ok("a wrong password is refused", False, "it logged in")
    except pymssql.Error as e:
        c.equal("a wrong password: Msg 18456", error_number(repr(e.args)), 18456)
    c.finish()


if __name__ == "__main__":
    main()

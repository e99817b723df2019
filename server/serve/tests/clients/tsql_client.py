"""FreeTDS's tsql (TDS 7.4, and 7.1 for the down-level text forms) against tessera serve: run by
run_client_test.py. tsql sends SQL batches only, so its parameters are EXEC sp_executesql with literal arguments.
It shows DATETIME-like values to the minute ("Feb 29 2024 01:45PM"): those are compared in that form, and to the
100 ns through CONVERT(VARCHAR, x, 121). It has no cancel that keeps its connection (Ctrl-C ends it; its timeout
closes it), so the long query ends with its query timeout and the check is that the server stopped the statement:
a new connection's query is answered at once instead of queueing behind the cross join."""
import datetime
import os
import subprocess
import time

from client_common import (DATABASE, EXPECTED, HOST, LOGIN, LOGIN_PASSWORD, PASSWORD, PORT, TABLE, WORK, Checks,
                           text_of)

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def freetds_conf(version, timeout=None):
    path = os.path.join(WORK, f"freetds-{version}-{timeout}.conf")
    with open(path, "w") as f:
        f.write(f"[tessera]\n\thost = {HOST}\n\tport = {PORT}\n\ttds version = {version}\n")
        if timeout:
            f.write(f"\ttimeout = {timeout}\n")
    return path


def tsql(batch, user="sa", password=PASSWORD, version="7.4", timeout=None):
    """Runs one batch; returns (result rows as lists of text, stderr). Each result set's header line is dropped."""
    env = dict(os.environ, FREETDSCONF=freetds_conf(version, timeout))
    p = subprocess.run(["tsql", "-S", "tessera", "-U", user, "-P", password, "-D", DATABASE, "-o", "fq"],
                       input=batch + "\ngo\nexit\n", capture_output=True, text=True, env=env, timeout=60)
    lines = [l for l in p.stdout.split("\n") if not l.startswith(("locale", "using default charset"))]
    if lines and lines[-1] == "":
        lines.pop()
    return [l.split("\t") for l in lines], p.stderr


def results(batch, **kw):
    rows, err = tsql(batch, **kw)
    return rows[1:], err  # the header


def tsql_datetime(text, kind):
    """An expectation's date/time as tsql shows it: 'Feb 29 2024 01:45PM' (TIME on Jan 1 1900)."""
    if kind == "date":
        v = datetime.datetime.fromisoformat(text)
    elif kind == "time":
        t = datetime.time.fromisoformat(text)
        v = datetime.datetime(1900, 1, 1, t.hour, t.minute)
    else:
        v = datetime.datetime.fromisoformat(text)
    hour = v.hour % 12 or 12
    return f"{MONTHS[v.month - 1]} {v.day:2d} {v.year} {hour:02d}:{v.minute:02d}{'AM' if v.hour < 12 else 'PM'}"


def shown(text, kind):
    """An expectation's text as tsql prints the typed column."""
    if text is None:
        return "NULL"
    if kind in ("date", "time", "datetime"):
        return tsql_datetime(text, kind)
    if kind == "float":
        return text  # compared through float() below
    return text


def literal(text, kind):
    """An expectation's value as an EXEC argument."""
    if text is None:
        return "NULL"
    if kind in ("int", "smallint", "bigint", "bit", "decimal", "money"):
        return text
    if kind == "float":
        return text + "E0"
    return "N'" + text.replace("'", "''") + "'"


DECLARED = {"int": "INT", "bit": "BIT", "smallint": "SMALLINT", "bigint": "BIGINT", "money": "MONEY", "float": "FLOAT",
            "date": "DATE", "time": "TIME(3)", "datetime": "DATETIME2(7)", "char": "CHAR(5)", "varchar": "VARCHAR(40)",
            "nvarchar": "NVARCHAR(40)"}


def exec_insert(values):
    columns = EXPECTED["columns"]
    decls = []
    for i, c in enumerate(columns):
        kind = EXPECTED["types"][i]
        decls.append(f"@{c} " + (f"DECIMAL(38,{EXPECTED['scales'][i]})" if kind == "decimal" else DECLARED[kind]))
    args = ", ".join(f"@{c} = {literal(v, EXPECTED['types'][i])}" for i, (c, v) in enumerate(zip(columns, values)))
    statement = f"INSERT INTO {TABLE} VALUES ({', '.join('@' + c for c in columns)})"
    return f"EXEC sp_executesql N'{statement}', N'{', '.join(decls)}', {args}"


def main():
    c = Checks("tsql")
    rows, err = results("SELECT @@VERSION AS v")
    c.ok("logged in as sa; @@VERSION is Tessera's", rows and rows[0][0].startswith("Tessera"), f"{rows} {err}")
    c.equal("DB_NAME() and SUSER_SNAME()", results("SELECT DB_NAME() AS db, SUSER_SNAME() AS who")[0], [[DATABASE, "sa"]])

    tsql(f"CREATE LOGIN {LOGIN} WITH PASSWORD = '{LOGIN_PASSWORD}'")
    c.equal("a new login logs in", results("SELECT SUSER_SNAME() AS who", user=LOGIN, password=LOGIN_PASSWORD)[0], [[LOGIN]])
    err = tsql("CREATE LOGIN intruder WITH PASSWORD = 'Whatever-123'", user=LOGIN, password=LOGIN_PASSWORD)[1]
    c.ok("CREATE LOGIN by a login that is not sa: Msg 15247", "Msg 15247" in err, err)

    tsql(EXPECTED["create"].format(table=TABLE))
    rows, err = results(exec_insert(EXPECTED["parameter_row"]["values"]) + "\nSELECT @@ROWCOUNT AS n")
    c.equal("INSERT with EXEC sp_executesql parameters: 1 row affected", rows, [["1"]])
    tsql(EXPECTED["literal_row"]["insert"].format(table=TABLE))
    tsql(exec_insert(EXPECTED["null_row"]["values"]))
    rows, err = tsql(f"SELECT * FROM {TABLE} ORDER BY id")
    c.equal("column names", rows[0] if rows else None, EXPECTED["columns"])
    rows = rows[1:]
    c.equal("three rows back", len(rows), 3)
    exact = ", ".join(f"CONVERT(VARCHAR(40), {col}, 121) AS {col}" for col, kind in zip(EXPECTED["columns"], EXPECTED["types"])
                      if kind in ("date", "time", "datetime"))
    texts = results(f"SELECT {exact} FROM {TABLE} ORDER BY id")[0]
    for r, name in enumerate(["parameter_row", "literal_row", "null_row"]):
        want = EXPECTED[name]["values"]
        k = 0
        for i, column in enumerate(EXPECTED["columns"]):
            kind = EXPECTED["types"][i]
            got = rows[r][i] if r < len(rows) and i < len(rows[r]) else None
            label = f"{name}: {column} ({kind})"
            if kind == "float" and want[i] is not None and got not in (None, "NULL"):
                c.equal(label, repr(float(got)), want[i])
            else:
                c.equal(label, got, shown(want[i], kind))
            if kind in ("date", "time", "datetime"):
                full = texts[r][k] if r < len(texts) else None
                k += 1
                if want[i] is not None:  # 121 keeps 7 fraction digits for DATETIME2, 3 for the others
                    c.equal(label + " to the millisecond", full[:len(want[i])] if full else full, want[i])

    for name, sql in EXPECTED["queries"].items():
        got = results(sql)[0]
        want = [[tsql_datetime(v, "date") if len(v) == 10 and v[4] == "-" else v for v in r]
                for r in EXPECTED["answers"][name]["rows"]]
        c.equal(f"answer of {name}", [[v.rstrip() for v in r] for r in got], want)
    q = EXPECTED["parameterised_revenue"]
    statement = q["sql"].format(p1="@p1", p2="@p2").replace("'", "''")
    got = results(f"EXEC sp_executesql N'{statement}', N'@p1 DATE, @p2 INT', @p1 = '{q['p1']}', @p2 = {q['p2']}")[0]
    c.equal("answer of the parameterised revenue query", got, EXPECTED["answers"]["parameterised_revenue"]["rows"])

    for sql, number in EXPECTED["errors"].items():
        err = tsql(sql)[1]
        c.ok(f"{sql}: Msg {number}", f"Msg {number} " in err, err.strip())

    # TDS 7.1: DATE, TIME and DATETIME2 arrive as NVARCHAR text, as SQL Server sends them to such a client.
    got = results(f"SELECT d, tm, dt2 FROM {TABLE} WHERE id = 2", version="7.1")[0]
    want = EXPECTED["literal_row"]["values"]
    cols = EXPECTED["columns"]
    c.equal("TDS 7.1: DATE, TIME(3), DATETIME2(7) as text", got,
            [[want[cols.index("d")], want[cols.index("tm")], "9999-12-31 12:34:56.7654321"]])

    # The long query ends with tsql's query timeout (1 s), which closes the connection; the server stops the
    # statement, so the next connection's query is answered at once rather than after the cross join.
    start = time.time()
    rows, err = tsql(EXPECTED["long_query"], timeout=1)
    elapsed = time.time() - start
    c.ok("the long query ends at the client's timeout", not rows and elapsed < 5, f"{rows} {err.strip()} after {elapsed:.1f} s")
    start = time.time()
    c.equal("a new connection works", results("SELECT 42 AS answer")[0], [["42"]])
    c.ok("... at once (the server stopped the abandoned statement)", time.time() - start < 3, f"{time.time() - start:.1f} s")

    err = tsql("SELECT 1", password="not the password")[1]
    c.ok("a wrong password: Msg 18456", "Msg 18456" in err and "Login failed for user 'sa'" in err, err.strip())
    c.finish()


if __name__ == "__main__":
    main()

"""What the Python client checks share (pyodbc_client.py, pymssql_client.py, tsql_client.py): the expectations
run_client_test.py wrote, values normalised to the text expectations.json uses, and a tally of checks that names
every failure and exits non-zero if there was one."""
import datetime
import decimal
import json
import os
import sys

decimal.getcontext().prec = 60  # DECIMAL(38,s) values quantize without rounding

HOST = os.environ["TESSERA_TEST_HOST"]
PORT = int(os.environ["TESSERA_TEST_PORT"])
PASSWORD = os.environ["TESSERA_TEST_PASSWORD"]
TABLE = os.environ["TESSERA_TEST_TABLE"]
WORK = os.environ["TESSERA_TEST_WORK"]
EXPECTED = json.load(open(os.environ["TESSERA_TEST_EXPECTED"]))
DATABASE = "tpch"
LOGIN = "tester_" + TABLE.split("_", 1)[1]
LOGIN_PASSWORD = "Login-pw-" + TABLE


def text_of(value, kind=None, scale=0):
    """A client's value as the text expectations.json gives it."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, decimal.Decimal):
        if kind in ("decimal", "money"):
            return format(value.quantize(decimal.Decimal(1).scaleb(-scale)), "f")
        return format(value, "f")
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, datetime.datetime):  # before date: a datetime is a date
        return value.strftime("%Y-%m-%d %H:%M:%S.") + f"{value.microsecond // 1000:03d}"
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        return value.strftime("%H:%M:%S.") + f"{value.microsecond // 1000:03d}"
    if isinstance(value, bytes):
        return value.decode("utf-8")
    return str(value)


def python_value(text, kind):
    """The Python value a client sends for an expectation's text."""
    if text is None:
        return None
    if kind in ("int", "smallint", "bigint"):
        return int(text)
    if kind == "bit":
        return text == "1"
    if kind in ("decimal", "money"):
        return decimal.Decimal(text)
    if kind == "float":
        return float(text)
    if kind == "date":
        return datetime.date.fromisoformat(text)
    if kind == "time":
        return datetime.time.fromisoformat(text)
    if kind == "datetime":
        return datetime.datetime.fromisoformat(text)
    return text


def parameter_values(row):
    return [python_value(v, k) for v, k in zip(row, EXPECTED["types"])]


class Checks:
    def __init__(self, client):
        self.client = client
        self.failures = []
        self.passed = 0

    def ok(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print(f"  ok   {name}", flush=True)
        else:
            self.failures.append(name)
            print(f"  FAIL {name}: {detail}", flush=True)
        return condition

    def equal(self, name, got, want):
        return self.ok(name, got == want, f"got {got!r}, expected {want!r}")

    def rows(self, name, got_rows, kinds=None, scales=None):
        """Rows of client values against rows of expected text."""
        return [[text_of(v, kinds[i] if kinds else None, scales[i] if scales else 0) for i, v in enumerate(r)]
                for r in got_rows]

    def answer(self, name, got_rows):
        want = EXPECTED["answers"][name]["rows"]
        return self.equal(f"answer of {name}", self.rows(name, got_rows), want)

    def typed_row(self, name, got, want, time_tolerance_ms=0):
        """`time_tolerance_ms`: DB-Library clients (pymssql) hold times in DATETIME's 1/300 s, so theirs may be off
        by up to 3.33 ms."""
        texts = [text_of(v, EXPECTED["types"][i], EXPECTED["scales"][i]) for i, v in enumerate(got)]
        for i, column in enumerate(EXPECTED["columns"]):
            label = f"{name}: {column} ({EXPECTED['types'][i]})"
            kind = EXPECTED["types"][i]
            if time_tolerance_ms and kind in ("time", "datetime") and texts[i] is not None and want[i] is not None:
                delta = abs(milliseconds(texts[i]) - milliseconds(want[i]))
                self.ok(label, delta <= time_tolerance_ms, f"got {texts[i]!r}, expected {want[i]!r} within "
                                                           f"{time_tolerance_ms} ms")
            else:
                self.equal(label, texts[i], want[i])

    def finish(self):
        if self.failures:
            print(f"{self.client}: {len(self.failures)} of {len(self.failures) + self.passed} checks failed: "
                  + ", ".join(self.failures), flush=True)
            sys.exit(1)
        print(f"{self.client}: all {self.passed} checks passed", flush=True)


def milliseconds(text):
    """'2024-02-29 13:45:30.123' or '13:45:30.123' as milliseconds since 0001-01-01 or midnight."""
    if " " in text:
        v = datetime.datetime.fromisoformat(text)
        return (v - datetime.datetime(1, 1, 1)).total_seconds() * 1000
    t = datetime.time.fromisoformat(text)
    return ((t.hour * 60 + t.minute) * 60 + t.second) * 1000 + t.microsecond / 1000


def error_number(text):
    """The SQL Server message number in a driver's error text: '(8134)' (FreeTDS's ODBC driver), "(207, b'..." ..."""
    import re
    m = re.search(r"\((\d{3,5})\)", text) or re.search(r"\((\d{3,5}),", text) or re.search(r"Msg (\d{3,5})", text)
    return int(m.group(1)) if m else None

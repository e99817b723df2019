// Node's mssql (over tedious, TDS 7.4) against tessera serve: run by run_client_test.py as
//   node mssql_client.js <node_modules of scripts/install_node_mssql.sh>
// tedious reads DECIMAL and MONEY as JavaScript numbers (doubles): values of more than 15 significant digits are
// compared to within a double's precision, the others exactly (to their scale). BIGINT comes as a string.
'use strict';
const fs = require('fs');
const path = require('path');
const sql = require(path.join(process.argv[2], 'mssql'));

const E = JSON.parse(fs.readFileSync(process.env.TESSERA_TEST_EXPECTED, 'utf8'));
const TABLE = process.env.TESSERA_TEST_TABLE;
const LOGIN = 'tester_' + TABLE.split('_').slice(1).join('_');
const LOGIN_PASSWORD = 'Login-pw-' + TABLE;
const config = (user, password) => ({
  server: process.env.TESSERA_TEST_HOST, port: Number(process.env.TESSERA_TEST_PORT), user, password,
  database: 'tpch', options: {encrypt: false, trustServerCertificate: true}, pool: {max: 1},
  connectionTimeout: 10000, requestTimeout: 30000,
});

let passed = 0;
const failures = [];
function ok(name, condition, detail) {
  if (condition) { passed++; console.log(`  ok   ${name}`); }
  else { failures.push(name); console.log(`  FAIL ${name}: ${detail}`); }
  return condition;
}
const equal = (name, got, want) => ok(name, JSON.stringify(got) === JSON.stringify(want),
                                      `got ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);

const pad3 = (n) => String(n).padStart(3, '0');
// A value as the text expectations.json gives it.
function textOf(v, kind, scale) {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (v instanceof Date) {
    const iso = v.toISOString();  // mssql's useUTC: what the server sent, read as UTC
    if (kind === 'date') return iso.slice(0, 10);
    if (kind === 'time') return iso.slice(11, 23);
    return iso.slice(0, 10) + ' ' + iso.slice(11, 23);
  }
  if (typeof v === 'number') {
    if (kind === 'decimal' || kind === 'money') return v.toFixed(scale);
    return String(v);
  }
  return String(v);
}
function significantDigits(text) { return text.replace(/^-/, '').replace('.', '').replace(/^0+/, '').length; }

function typedRow(name, row, want) {
  E.columns.forEach((column, i) => {
    const kind = E.types[i], label = `${name}: ${column} (${kind})`;
    const got = textOf(row[column], kind, E.scales[i]);
    if ((kind === 'decimal' || kind === 'money') && want[i] !== null && significantDigits(want[i]) > 15) {
      ok(label, typeof row[column] === 'number' && Math.abs(row[column] / Number(want[i]) - 1) < 1e-15,
         `got ${row[column]}, expected ${want[i]} as a double`);
    } else {
      equal(label, got, want[i]);
    }
  });
}

// The parameter row's values as mssql inputs, each with its SQL type.
function parameterInputs(request, values) {
  const types = [sql.Int, sql.Bit, sql.SmallInt, sql.BigInt, sql.Decimal(10, 2), sql.Decimal(38, 10), sql.Money,
                 sql.Float, sql.Date, sql.Time(3), sql.DateTime, sql.DateTime2(7), sql.SmallDateTime, sql.Char(5),
                 sql.VarChar(40), sql.NVarChar(40)];
  E.columns.forEach((column, i) => {
    const text = values[i], kind = E.types[i];
    let v = text;
    if (text === null) v = null;
    else if (kind === 'bit') v = text === '1';
    else if (kind === 'int' || kind === 'smallint' || kind === 'float' || kind === 'decimal' || kind === 'money') v = Number(text);
    else if (kind === 'date') v = new Date(text + 'T00:00:00Z');
    else if (kind === 'time') v = new Date('1970-01-01T' + text + 'Z');
    else if (kind === 'datetime') v = new Date(text.replace(' ', 'T') + 'Z');
    request.input(column, types[i], v);
  });
  return request;
}

async function expectError(pool, sqlText, number) {
  try {
    await pool.request().query(sqlText);
    ok(`${sqlText}: Msg ${number}`, false, 'no error');
  } catch (e) {
    equal(`${sqlText}: Msg ${number}`, e.number, number);
  }
}

async function main() {
  console.log(`mssql ${require(path.join(process.argv[2], 'mssql', 'package.json')).version}, tedious ` +
              require(path.join(process.argv[2], 'tedious', 'package.json')).version);
  const pool = await new sql.ConnectionPool(config('sa', process.env.TESSERA_TEST_PASSWORD)).connect();
  let r = await pool.request().query('SELECT @@VERSION AS v, DB_NAME() AS db, SUSER_SNAME() AS who');
  ok("logged in as sa; @@VERSION is Tessera's", r.recordset[0].v.startsWith('Tessera'), r.recordset[0].v);
  equal('DB_NAME() and SUSER_SNAME()', [r.recordset[0].db, r.recordset[0].who], ['tpch', 'sa']);

  await pool.request().query(`CREATE LOGIN ${LOGIN} WITH PASSWORD = '${LOGIN_PASSWORD}'`);
  const other = await new sql.ConnectionPool(config(LOGIN, LOGIN_PASSWORD)).connect();
  equal('a new login logs in', (await other.request().query('SELECT SUSER_SNAME() AS who')).recordset[0].who, LOGIN);
  await expectError(other, "CREATE LOGIN intruder WITH PASSWORD = 'Whatever-123'", 15247);
  await other.close();

  await pool.request().query(E.create.replace('{table}', TABLE));
  const columns = E.columns.map((c) => '@' + c).join(', ');
  r = await parameterInputs(pool.request(), E.parameter_row.values).query(`INSERT INTO ${TABLE} VALUES (${columns})`);
  equal('INSERT with parameters: 1 row affected', r.rowsAffected, [1]);
  r = await pool.request().query(E.literal_row.insert.replace('{table}', TABLE));
  equal('INSERT as text: 1 row affected', r.rowsAffected, [1]);
  await parameterInputs(pool.request(), E.null_row.values).query(`INSERT INTO ${TABLE} VALUES (${columns})`);
  r = await pool.request().query(`SELECT * FROM ${TABLE} ORDER BY id`);
  equal('three rows back', r.recordset.length, 3);
  equal('column names', Object.keys(r.recordset.columns), E.columns);
  ['parameter_row', 'literal_row', 'null_row'].forEach((name, i) => typedRow(name, r.recordset[i], E[name].values));

  for (const [name, text] of Object.entries(E.queries)) {
    r = await pool.request().query(text);
    const cols = Object.keys(r.recordset.columns);
    const got = r.recordset.map((row) => cols.map((c) => {
      const v = row[c], t = r.recordset.columns[c].type;
      if (v instanceof Date) return v.toISOString().slice(0, 10);
      if (t === sql.Decimal || t === sql.Numeric) return v.toFixed(r.recordset.columns[c].scale);
      return String(v);
    }));
    equal(`answer of ${name}`, got, E.answers[name].rows);
  }
  const q = E.parameterised_revenue;
  r = await pool.request().input('p1', sql.Date, new Date(q.p1 + 'T00:00:00Z')).input('p2', sql.Int, q.p2)
      .query(q.sql.replace('{p1}', '@p1').replace('{p2}', '@p2'));
  equal('answer of the parameterised revenue query', [[String(r.recordset[0].n), r.recordset[0].revenue.toFixed(2)]],
        E.answers.parameterised_revenue.rows);
  // A prepared statement: sp_prepare, sp_execute, sp_unprepare.
  const ps = new sql.PreparedStatement(pool);
  ps.input('k', sql.Int);
  await ps.prepare('SELECT n_name FROM nation WHERE n_nationkey = @k');
  r = await ps.execute({k: 7});
  equal('a prepared statement', r.recordset[0].n_name.trimEnd(), 'GERMANY');
  await ps.unprepare();

  for (const [text, number] of Object.entries(E.errors)) await expectError(pool, text, number);
  equal('the connection works after the errors', (await pool.request().query('SELECT 42 AS x')).recordset[0].x, 42);

  // Cancel: request.cancel() sends ATTENTION while the long query runs.
  const slow = pool.request();
  const started = Date.now();
  setTimeout(() => slow.cancel(), 1000);
  try {
    await slow.query(E.long_query);
    ok('the long query is cancelled', false, 'it finished');
  } catch (e) {
    const elapsed = (Date.now() - started) / 1000;
    ok('the long query is cancelled', e.code === 'ECANCEL' && elapsed < 5, `${e.code} ${e.message} after ${elapsed} s`);
  }
  const again = Date.now();
  equal('the connection works after the cancel', (await pool.request().query('SELECT 42 AS x')).recordset[0].x, 42);
  ok('... at once (the cancelled statement stopped)', Date.now() - again < 5000, `${(Date.now() - again) / 1000} s`);
  await pool.close();

  try {
    await new sql.ConnectionPool(config('sa', 'not the password')).connect();
    ok('a wrong password is refused', false, 'it logged in');
  } catch (e) {
    const cause = e.originalError || e;
    ok('a wrong password: Msg 18456', cause.code === 'ELOGIN' && /Login failed for user 'sa'/.test(cause.message) &&
       (cause.number === undefined || cause.number === 18456), `${cause.code} ${cause.number} ${cause.message}`);
  }

  if (failures.length) {
    console.log(`mssql: ${failures.length} of ${failures.length + passed} checks failed: ${failures.join(', ')}`);
    process.exit(1);
  }
  console.log(`mssql: all ${passed} checks passed`);
}

main().catch((e) => { console.log('mssql: FAILED with an exception:', e); process.exit(1); });

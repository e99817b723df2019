-- ClickBench Q21: URLs containing 'google'
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT COUNT(*) FROM hits WHERE URL LIKE '%google%';

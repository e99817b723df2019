-- ClickBench Q35: most frequent URLs beside a constant
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT 1, URL, COUNT(*) AS c FROM hits GROUP BY 1, URL ORDER BY c DESC, URL LIMIT 10;

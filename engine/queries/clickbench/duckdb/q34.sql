-- ClickBench Q34: most frequent URLs
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT URL, COUNT(*) AS c FROM hits GROUP BY URL ORDER BY c DESC, URL LIMIT 10;

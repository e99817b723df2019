-- ClickBench Q36: most frequent client IPs with arithmetic keys
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT ClientIP, ClientIP - 1, ClientIP - 2, ClientIP - 3, COUNT(*) AS c FROM hits
GROUP BY ClientIP, ClientIP - 1, ClientIP - 2, ClientIP - 3 ORDER BY c DESC, ClientIP LIMIT 10;

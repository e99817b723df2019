-- ClickBench Q16: most active users
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT UserID, COUNT(*) FROM hits GROUP BY UserID ORDER BY COUNT(*) DESC, UserID LIMIT 10;

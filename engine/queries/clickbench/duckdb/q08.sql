-- ClickBench Q08: hits per ad engine
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT AdvEngineID, COUNT(*) FROM hits WHERE AdvEngineID <> 0 GROUP BY AdvEngineID ORDER BY COUNT(*) DESC;

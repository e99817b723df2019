-- ClickBench Q28: counters with their average URL length
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT CounterID, AVG(length(URL)) AS l, COUNT(*) AS c FROM hits WHERE URL <> ''
GROUP BY CounterID HAVING COUNT(*) > 100000 ORDER BY l DESC, CounterID LIMIT 25;

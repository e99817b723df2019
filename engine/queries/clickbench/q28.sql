-- ClickBench Q28: counters with their average URL length
-- tie-break added: CounterID
-- LEN for length (the generator makes no trailing spaces); AVG(CAST(x AS FLOAT)) for the double average.
-- HAVING COUNT(*) > 100000 is ClickBench's, for 10 million rows; the tests scale it to their rows.
SELECT TOP 25 CounterID, AVG(CAST(LEN(URL) AS FLOAT)) AS l, COUNT(*) AS c FROM hits WHERE URL <> ''
GROUP BY CounterID HAVING COUNT(*) > 100000 ORDER BY l DESC, CounterID;

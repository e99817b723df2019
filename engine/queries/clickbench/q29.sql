-- ClickBench Q29: referer domains with their average referer length
-- tie-break added: k
-- ClickBench's text with SQL Server 2025's REGEXP_REPLACE; SQL Server groups by the expression (not by its
-- alias). LEN for length; AVG(CAST(x AS FLOAT)) for the double average. HAVING COUNT(*) > 100000 is
-- ClickBench's, for 10 million rows; the tests scale it to their rows.
SELECT TOP 25 REGEXP_REPLACE(Referer, '^https?://(?:www\.)?([^/]+)/.*$', '\1') AS k,
       AVG(CAST(LEN(Referer) AS FLOAT)) AS l, COUNT(*) AS c, MIN(Referer)
FROM hits WHERE Referer <> ''
GROUP BY REGEXP_REPLACE(Referer, '^https?://(?:www\.)?([^/]+)/.*$', '\1')
HAVING COUNT(*) > 100000 ORDER BY l DESC, k;

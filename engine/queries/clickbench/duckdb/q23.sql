-- ClickBench Q23: search phrases of hits on pages titled 'Google' off Google's hosts
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT SearchPhrase, MIN(URL), MIN(Title), COUNT(*) AS c, COUNT(DISTINCT UserID) FROM hits
WHERE Title LIKE '%Google%' AND URL NOT LIKE '%.google.%' AND SearchPhrase <> ''
GROUP BY SearchPhrase ORDER BY c DESC, SearchPhrase LIMIT 10;

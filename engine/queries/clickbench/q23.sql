-- ClickBench Q23: search phrases of hits on pages titled 'Google' off Google's hosts
-- tie-break added: SearchPhrase
SELECT TOP 10 SearchPhrase, MIN(URL), MIN(Title), COUNT(*) AS c, COUNT(DISTINCT UserID) FROM hits
WHERE Title LIKE '%Google%' AND URL NOT LIKE '%.google.%' AND SearchPhrase <> ''
GROUP BY SearchPhrase ORDER BY c DESC, SearchPhrase;

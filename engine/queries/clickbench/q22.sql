-- ClickBench Q22: search phrases of hits on URLs containing 'google'
-- tie-break added: SearchPhrase
SELECT TOP 10 SearchPhrase, MIN(URL), COUNT(*) AS c FROM hits WHERE URL LIKE '%google%' AND SearchPhrase <> ''
GROUP BY SearchPhrase ORDER BY c DESC, SearchPhrase;

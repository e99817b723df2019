-- ClickBench Q15: most frequent search engine and phrase pairs
-- tie-break added: SearchEngineID, SearchPhrase
SELECT TOP 10 SearchEngineID, SearchPhrase, COUNT(*) AS c FROM hits WHERE SearchPhrase <> ''
GROUP BY SearchEngineID, SearchPhrase ORDER BY c DESC, SearchEngineID, SearchPhrase;

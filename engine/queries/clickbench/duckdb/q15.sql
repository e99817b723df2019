-- ClickBench Q15: most frequent search engine and phrase pairs
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT SearchEngineID, SearchPhrase, COUNT(*) AS c FROM hits WHERE SearchPhrase <> ''
GROUP BY SearchEngineID, SearchPhrase ORDER BY c DESC, SearchEngineID, SearchPhrase LIMIT 10;

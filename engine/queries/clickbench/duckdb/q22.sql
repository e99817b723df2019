-- ClickBench Q22: search phrases of hits on URLs containing 'google'
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT SearchPhrase, MIN(URL), COUNT(*) AS c FROM hits WHERE URL LIKE '%google%' AND SearchPhrase <> ''
GROUP BY SearchPhrase ORDER BY c DESC, SearchPhrase LIMIT 10;

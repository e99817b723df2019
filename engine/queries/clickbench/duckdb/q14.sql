-- ClickBench Q14: search phrases with the most users
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT SearchPhrase, COUNT(DISTINCT UserID) AS u FROM hits WHERE SearchPhrase <> ''
GROUP BY SearchPhrase ORDER BY u DESC, SearchPhrase LIMIT 10;

-- ClickBench Q19: most frequent user, minute and phrase triples
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT UserID, extract(minute FROM EventTime) AS m, SearchPhrase, COUNT(*) FROM hits
GROUP BY UserID, m, SearchPhrase ORDER BY COUNT(*) DESC, UserID, m, SearchPhrase LIMIT 10;

-- ClickBench Q25: first search phrases by time
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT SearchPhrase FROM hits WHERE SearchPhrase <> '' ORDER BY EventTime, SearchPhrase LIMIT 10;

-- ClickBench Q25: first search phrases by time
-- tie-break added: SearchPhrase
SELECT TOP 10 SearchPhrase FROM hits WHERE SearchPhrase <> '' ORDER BY EventTime, SearchPhrase;

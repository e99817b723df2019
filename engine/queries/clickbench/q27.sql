-- ClickBench Q27: first search phrases by time, then phrase
SELECT TOP 10 SearchPhrase FROM hits WHERE SearchPhrase <> '' ORDER BY EventTime, SearchPhrase;

-- ClickBench Q26: first search phrases in order
SELECT TOP 10 SearchPhrase FROM hits WHERE SearchPhrase <> '' ORDER BY SearchPhrase;

-- ClickBench Q06: distinct search phrases
SELECT COUNT(DISTINCT SearchPhrase) FROM hits;

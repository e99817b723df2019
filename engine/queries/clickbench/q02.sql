-- ClickBench Q02: rows with an ad engine
SELECT COUNT(*) FROM hits WHERE AdvEngineID <> 0;

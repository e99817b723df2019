-- ClickBench Q01: all rows
SELECT COUNT(*) FROM hits;

-- ClickBench Q07: date range
SELECT MIN(EventDate), MAX(EventDate) FROM hits;

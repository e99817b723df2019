-- ClickBench Q05: distinct users
SELECT COUNT(DISTINCT UserID) FROM hits;

-- ClickBench Q21: URLs containing 'google'
SELECT COUNT(*) FROM hits WHERE URL LIKE '%google%';

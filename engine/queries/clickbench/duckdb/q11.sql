-- ClickBench Q11: phone models with the most users
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT MobilePhoneModel, COUNT(DISTINCT UserID) AS u FROM hits WHERE MobilePhoneModel <> ''
GROUP BY MobilePhoneModel ORDER BY u DESC, MobilePhoneModel LIMIT 10;

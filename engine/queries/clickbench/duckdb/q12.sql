-- ClickBench Q12: phones and models with the most users
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT MobilePhone, MobilePhoneModel, COUNT(DISTINCT UserID) AS u FROM hits WHERE MobilePhoneModel <> ''
GROUP BY MobilePhone, MobilePhoneModel ORDER BY u DESC, MobilePhone, MobilePhoneModel LIMIT 10;

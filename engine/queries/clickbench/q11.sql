-- ClickBench Q11: phone models with the most users
-- tie-break added: MobilePhoneModel
SELECT TOP 10 MobilePhoneModel, COUNT(DISTINCT UserID) AS u FROM hits WHERE MobilePhoneModel <> ''
GROUP BY MobilePhoneModel ORDER BY u DESC, MobilePhoneModel;

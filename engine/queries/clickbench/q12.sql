-- ClickBench Q12: phones and models with the most users
-- tie-break added: MobilePhone, MobilePhoneModel
SELECT TOP 10 MobilePhone, MobilePhoneModel, COUNT(DISTINCT UserID) AS u FROM hits WHERE MobilePhoneModel <> ''
GROUP BY MobilePhone, MobilePhoneModel ORDER BY u DESC, MobilePhone, MobilePhoneModel;

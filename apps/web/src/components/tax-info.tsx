import { Alert } from "@mantine/core";
import { IconReceiptTax } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/**
 * Spec section 9: the tax information the interface shows — United States, 10% VAT in the English
 * text; Turkey, 20% VAT in the Turkish text. The figure lives in each language's text on purpose.
 */
export function TaxInfo() {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="brand" icon={<IconReceiptTax size={18} aria-hidden />} title={t("commerce.payments.tax.title")} data-testid="tax-info">
      {t("commerce.payments.tax.text")}
    </Alert>
  );
}

import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { LicensesSection } from "../components/licenses-section";

/** purchased-licenses: the licences issued to the signed-in user. */
export function PurchasedLicensesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("pages.purchasedLicenses.title")} description={t("licenses.issued.description")} />
      <LicensesSection scope="mine" />
    </>
  );
}

export { PurchasedLicensesPage as Component };

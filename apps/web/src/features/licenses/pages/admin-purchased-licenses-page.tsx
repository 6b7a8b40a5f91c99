import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { LicensesSection } from "../components/licenses-section";

/** admin/purchased-licenses: every issued licence, with owners, and deactivate/reactivate. */
export function AdminPurchasedLicensesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("pages.admin.purchasedLicenses.title")} description={t("licenses.issued.adminDescription")} />
      <LicensesSection scope="all" />
    </>
  );
}

export { AdminPurchasedLicensesPage as Component };

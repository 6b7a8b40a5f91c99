import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { LicenseRequestsSection } from "../components/license-requests-section";

/** admin/license-requests: every request, filtered by status and searched; approve, reject or edit the pending ones. */
export function AdminLicenseRequestsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("pages.admin.licenseRequests.title")} description={t("licenses.requests.adminDescription")} />
      <LicenseRequestsSection admin showCreate={false} />
    </>
  );
}

export { AdminLicenseRequestsPage as Component };

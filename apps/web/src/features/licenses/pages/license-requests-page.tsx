import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { useUser } from "@/lib/auth";
import { LicenseRequestsSection } from "../components/license-requests-section";

/**
 * license-requests: a customer's own requests with the request form; an administrator (who gets
 * every request from the API) sees them all with the decisions, as on admin/license-requests.
 */
export function LicenseRequestsPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const admin = user?.isAdmin === true;
  return (
    <>
      <PageHeader
        title={t("pages.licenseRequests.title")}
        description={admin ? t("licenses.requests.adminDescription") : t("licenses.requests.description")}
      />
      <LicenseRequestsSection admin={admin} />
    </>
  );
}

export { LicenseRequestsPage as Component };

import { Button, Tabs } from "@mantine/core";
import { IconCertificate, IconFileCertificate, IconShoppingCart } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { useUser } from "@/lib/auth";
import { paths } from "@/lib/paths";
import { LicenseRequestsSection } from "../components/license-requests-section";
import { LicensesSection } from "../components/licenses-section";

const tabs = [
  { value: paths.myLicenseRequests, label: "pages.myLicenses.requestsTab", icon: IconFileCertificate },
  { value: paths.myPurchasedLicenses, label: "pages.myLicenses.purchasedTab", icon: IconCertificate },
] as const;

/** my-licenses/requests and my-licenses/purchased: two tabs, each its own route. */
export function MyLicensesPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const active = pathname.startsWith(paths.myPurchasedLicenses) ? paths.myPurchasedLicenses : paths.myLicenseRequests;

  return (
    <>
      <PageHeader
        title={t("pages.myLicenses.title")}
        actions={
          <Button component={Link} to={paths.pricingPlans} variant="light" leftSection={<IconShoppingCart size={16} aria-hidden />}>
            {t("nav.buyLicense")}
          </Button>
        }
      />
      <Tabs value={active} onChange={(value) => value && void navigate(value)} keepMounted={false}>
        <Tabs.List aria-label={t("pages.myLicenses.tabsLabel")} mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={<tab.icon size={16} aria-hidden />}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={paths.myLicenseRequests}>
          {/* The API gives an administrator every request (there is no requester filter), so an admin sees them with the requester. */}
          <LicenseRequestsSection admin={user?.isAdmin === true} />
        </Tabs.Panel>
        <Tabs.Panel value={paths.myPurchasedLicenses}>
          <LicensesSection scope="mine" />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export { MyLicensesPage as Component };

import { Button, Tabs } from "@mantine/core";
import { IconCertificate, IconFileCertificate, IconShoppingCart } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { paths } from "@/lib/paths";

const tabs = [
  { value: paths.myLicenseRequests, label: "pages.myLicenses.requestsTab", icon: IconFileCertificate },
  { value: paths.myPurchasedLicenses, label: "pages.myLicenses.purchasedTab", icon: IconCertificate },
] as const;

/** my-licenses/requests and my-licenses/purchased: two tabs, each its own route. */
export function MyLicensesPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = pathname.startsWith(paths.myPurchasedLicenses) ? paths.myPurchasedLicenses : paths.myLicenseRequests;
  const buy = (
    <Button component={Link} to={paths.pricingPlans} leftSection={<IconShoppingCart size={16} aria-hidden />}>
      {t("nav.buyLicense")}
    </Button>
  );

  return (
    <>
      <PageHeader title={t("pages.myLicenses.title")} />
      <Tabs value={active} onChange={(value) => value && void navigate(value)} keepMounted={false}>
        <Tabs.List aria-label={t("pages.myLicenses.tabsLabel")} mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={<tab.icon size={16} aria-hidden />}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={paths.myLicenseRequests}>
          <EmptyPanel
            title={t("pages.myLicenses.requestsEmptyTitle")}
            description={t("pages.myLicenses.requestsEmptyDescription")}
            action={buy}
          />
        </Tabs.Panel>
        <Tabs.Panel value={paths.myPurchasedLicenses}>
          <EmptyPanel
            title={t("pages.myLicenses.purchasedEmptyTitle")}
            description={t("pages.myLicenses.purchasedEmptyDescription")}
            action={buy}
          />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export { MyLicensesPage as Component };

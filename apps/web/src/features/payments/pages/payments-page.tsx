import { Stack, Tabs } from "@mantine/core";
import { IconBuildingBank, IconCreditCard, IconMapPin } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { useDocumentTitle } from "@/lib/use-document-title";
import { BillingAddressSection } from "../components/billing-address-form";
import { CardsSection } from "../components/cards-section";
import { EnterprisePayment } from "@/components/enterprise-payment";

const tabs = ["cards", "address", "enterprise"] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => (tabs as readonly (string | null)[]).includes(value);

/** payments: my cards, billing address with tax location, and the enterprise manual-payment information (tab in ?tab=). */
export function PaymentsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("pages.payments.title"));
  const [search, setSearch] = useSearchParams();
  const requested = search.get("tab");
  const active: Tab = isTab(requested) ? requested : "cards";

  return (
    <>
      <PageHeader title={t("pages.payments.title")} description={t("commerce.payments.subtitle")} />
      <Tabs
        value={active}
        onChange={(value) => {
          if (!isTab(value)) return;
          setSearch(
            (previous) => {
              const next = new URLSearchParams(previous);
              if (value === "cards") next.delete("tab");
              else next.set("tab", value);
              return next;
            },
            { replace: true },
          );
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t("commerce.payments.tabsLabel")} mb="lg">
          <Tabs.Tab value="cards" leftSection={<IconCreditCard size={16} aria-hidden />}>
            {t("commerce.payments.tabs.cards")}
          </Tabs.Tab>
          <Tabs.Tab value="address" leftSection={<IconMapPin size={16} aria-hidden />}>
            {t("commerce.payments.tabs.address")}
          </Tabs.Tab>
          <Tabs.Tab value="enterprise" leftSection={<IconBuildingBank size={16} aria-hidden />}>
            {t("commerce.payments.tabs.enterprise")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="cards">
          <CardsSection />
        </Tabs.Panel>
        <Tabs.Panel value="address">
          <BillingAddressSection />
        </Tabs.Panel>
        <Tabs.Panel value="enterprise">
          <Stack gap="lg">
            <EnterprisePayment />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export { PaymentsPage as Component };

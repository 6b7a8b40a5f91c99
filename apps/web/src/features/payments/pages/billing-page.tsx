import { Badge, Button, Stack } from "@mantine/core";
import { IconCreditCard, IconReceipt } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";

/** billing: shown as coming soon (spec section 2); points to payments in the meantime. */
export function BillingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("pages.billing.title"));
  return (
    <>
      <PageHeader title={t("pages.billing.title")} />
      <EmptyPanel
        icon={<IconReceipt size={28} aria-hidden />}
        title={
          <Stack gap="xs" align="center" component="span">
            <Badge size="lg" variant="light" data-testid="coming-soon">
              {t("commerce.billing.comingSoon")}
            </Badge>
          </Stack>
        }
        description={t("commerce.billing.description")}
        action={
          <Button component={Link} to={paths.payments} leftSection={<IconCreditCard size={16} aria-hidden />}>
            {t("commerce.billing.goToPayments")}
          </Button>
        }
      />
    </>
  );
}

export { BillingPage as Component };

import { Badge, Button, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCreditCard, IconReceipt } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { EnterprisePayment } from "../components/enterprise-payment";
import { TaxInfo } from "../components/tax-info";

/**
 * billing: shown as coming soon (spec section 2), with how payment works today beside it: the
 * enterprise manual payment (business hours, reply time, steps) and the tax information of spec
 * section 9, the same components the payments page shows.
 */
export function BillingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("pages.billing.title"));
  return (
    <>
      <PageHeader title={t("pages.billing.title")} />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="billing-coming-soon-title" data-testid="billing-coming-soon">
          <Group justify="space-between" align="center" gap="md" wrap="wrap">
            <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: "1 1 320px" }}>
              <ThemeIcon size={44} radius="md" variant="light" color="gray">
                <IconReceipt size={24} aria-hidden />
              </ThemeIcon>
              <Stack gap={6}>
                <Group gap="sm">
                  <Title order={2} fz="h4" id="billing-coming-soon-title">
                    {t("commerce.billing.invoicesTitle")}
                  </Title>
                  <Badge variant="light" data-testid="coming-soon">
                    {t("commerce.billing.comingSoon")}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {t("commerce.billing.description")}
                </Text>
              </Stack>
            </Group>
            <Button component={Link} to={paths.payments} variant="default" leftSection={<IconCreditCard size={16} aria-hidden />}>
              {t("commerce.billing.goToPayments")}
            </Button>
          </Group>
        </Paper>
        <Title order={2} fz="h3" mt="xs">
          {t("commerce.billing.todayTitle")}
        </Title>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <EnterprisePayment />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <TaxInfo />
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}

export { BillingPage as Component };

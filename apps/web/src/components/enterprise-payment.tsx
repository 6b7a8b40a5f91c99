import { Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBuildingBank, IconClock, IconMessageCircle } from "@tabler/icons-react";
import { ENTERPRISE_PAYMENT } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/lib/paths";

/** Spec section 9: payments are handled manually by the enterprise team, 9:00-18:00, reply within 2 hours. */
export function EnterprisePayment() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="enterprise-title" data-testid="enterprise-payment">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconBuildingBank size={24} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz="h4" id="enterprise-title">
            {t("commerce.payments.enterprise.title")}
          </Title>
        </Group>
        <Text>{t("commerce.payments.enterprise.description")}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="teal" radius="xl">
              <IconClock size={16} aria-hidden />
            </ThemeIcon>
            <Text fw={600} dir="auto">
              {t("commerce.payments.enterprise.hours", { hours: ENTERPRISE_PAYMENT.businessHours })}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="teal" radius="xl">
              <IconMessageCircle size={16} aria-hidden />
            </ThemeIcon>
            <Text fw={600}>{t("commerce.payments.enterprise.reply", { hours: ENTERPRISE_PAYMENT.replyWithinHours })}</Text>
          </Group>
        </SimpleGrid>
        <List type="ordered" spacing="xs">
          <List.Item>{t("commerce.payments.enterprise.steps.choose")}</List.Item>
          <List.Item>{t("commerce.payments.enterprise.steps.offer")}</List.Item>
          <List.Item>{t("commerce.payments.enterprise.steps.activate")}</List.Item>
        </List>
        <Group>
          <Button component={Link} to={paths.createTicket} variant="light" leftSection={<IconMessageCircle size={16} aria-hidden />}>
            {t("commerce.payments.enterprise.contact")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

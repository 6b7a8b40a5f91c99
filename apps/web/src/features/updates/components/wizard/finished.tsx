import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconPlus, IconShieldCheck } from "@tabler/icons-react";
import type { Update } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DetailField } from "@/components/detail-field";
import { countParams, formatBytes, formatDate } from "@/lib/format";
import { paths } from "@/lib/paths";
import { UpdateTypeBadge } from "../update-badges";
import { verifyLink } from "../update-drawer";

/** The wizard's end: what was published, and where to go next (verify customers' licences for it). */
export function WizardFinished({ update }: { update: Update }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} data-testid="wizard-finished">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="teal" variant="light" size={44} radius="xl">
            <IconCircleCheck size={26} aria-hidden />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="h4">
              {t("updates.wizard.finishedTitle", { version: update.version })}
            </Title>
            <Text size="sm" c="dimmed">
              {t("updates.wizard.finishedDescription")}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="md">
          <DetailField label={t("updates.wizard.header")}>
            <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
              <bdi>{update.header}</bdi>
            </Text>
          </DetailField>
          <DetailField label={t("updates.wizard.version")}>
            <Group gap="xs">
              <Text size="sm" fw={600} dir="ltr" data-testid="finished-version">
                {update.version}
              </Text>
              {update.type && <UpdateTypeBadge type={update.type} />}
            </Group>
          </DetailField>
          <DetailField label={t("updates.columns.published")}>
            <Text size="sm">{update.publishedAt ? formatDate(update.publishedAt, language) : "—"}</Text>
          </DetailField>
          <DetailField label={t("updates.columns.files")}>
            <Text size="sm">{t("updates.detail.filesAndSize", { ...countParams(update.files.length, language), size: formatBytes(update.totalSize, language) })}</Text>
          </DetailField>
          <DetailField label={t("updates.wizard.commandsStep")}>
            <Text size="sm">{t("updates.wizard.commandCount", countParams(update.commands.length, language))}</Text>
          </DetailField>
        </SimpleGrid>
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to={verifyLink(update.id)} leftSection={<IconShieldCheck size={16} aria-hidden />} data-testid="finished-verify">
            {t("updates.detail.verifyLicenses")}
          </Button>
          <Button component={Link} to={paths.admin.updates} variant="default">
            {t("updates.wizard.backToList")}
          </Button>
          <Button component={Link} to={paths.admin.updateNew} variant="subtle" leftSection={<IconPlus size={16} aria-hidden />}>
            {t("updates.list.create")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

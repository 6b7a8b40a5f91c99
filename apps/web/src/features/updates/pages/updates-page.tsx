import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { HistoryList } from "../components/history-list";
import { ReqUploadPanel } from "../components/req-upload-panel";

/**
 * updates: the customer's .req upload (activates a licence on an installation, then lists and
 * downloads the updates that licence may take) and their update history.
 */
export function UpdatesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("pages.updates.title")} description={t("updates.description")} />
      <Stack gap="xl">
        <ReqUploadPanel />
        <Stack gap="sm" component="section" aria-labelledby="update-history-title">
          <Stack gap={2}>
            <Title order={2} fz="h4" id="update-history-title">
              {t("updates.history.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("updates.history.description")}
            </Text>
          </Stack>
          <HistoryList admin={false} />
        </Stack>
      </Stack>
    </>
  );
}

export { UpdatesPage as Component };

import { Stack, Title } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { ReqUploadPanel } from "../components/req-upload-panel";

/**
 * updates: the customer's .req upload (activates a licence on an installation) and, from a later
 * issue, the update history and the downloadable updates (an empty state until then).
 */
export function UpdatesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("pages.updates.title")} description={t("updates.description")} />
      <Stack gap="xl">
        <ReqUploadPanel />
        <section aria-labelledby="update-history-title">
          <Title order={2} fz="h4" mb="sm" id="update-history-title">
            {t("updates.history.title")}
          </Title>
          <EmptyPanel
            icon={<IconHistory size={28} aria-hidden />}
            title={t("updates.history.emptyTitle")}
            description={t("updates.history.emptyDescription")}
          />
        </section>
      </Stack>
    </>
  );
}

export { UpdatesPage as Component };

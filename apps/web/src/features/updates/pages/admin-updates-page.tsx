import { Button, Tabs } from "@mantine/core";
import { IconCloudUpload, IconEye, IconHistory, IconPlayerPlay, IconPlus } from "@tabler/icons-react";
import type { Update } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ListScreen } from "@/components/list-screen";
import { PageHeader } from "@/components/page-header";
import { paths } from "@/lib/paths";
import { useUpdates } from "../api/updates";
import { HistoryList } from "../components/history-list";
import { updateChannelFilter, updateColumns, updateListTable, updateName, updateStatusFilter, useUpdateDrawerParam } from "../components/update-columns";
import { deleteDraftAction, UpdateDrawer, yankAction } from "../components/update-drawer";

type View = "updates" | "history";
const VIEW_PARAM = "view";

/** Drafts and published updates: details (drawer), resume or delete a draft, yank a published one. */
function UpdatesList() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const drawer = useUpdateDrawerParam();
  return (
    <ListScreen
      table={updateListTable}
      useList={useUpdates}
      columns={updateColumns}
      texts={{ tableLabel: t("updates.list.tableLabel"), emptyTitle: t("updates.list.emptyTitle"), emptyDescription: t("updates.list.emptyDescription") }}
      search={{ label: t("updates.list.search"), testId: "updates-search" }}
      filters={[updateStatusFilter(t), updateChannelFilter(t)]}
      create={{ label: t("updates.list.create"), to: paths.admin.updateNew }}
      rowName={(update: Update) => updateName(update, t, language)}
      rowActions={{
        header: t("updates.columns.actions"),
        label: (update) => t("updates.list.actionsFor", { name: updateName(update, t, language) }),
        items: [
          { id: "details", label: t("updates.list.details"), icon: IconEye, onClick: (update) => drawer.open(update.id), testId: "update-details" },
          { id: "resume", label: t("updates.list.resume"), icon: IconPlayerPlay, when: (update) => update.status === "draft", to: (update) => paths.admin.updateDraft(update.id), testId: "update-resume" },
          deleteDraftAction(t, language),
          yankAction(t, language),
        ],
      }}
      minWidth={1280}
      testId="updates-table"
    />
  );
}

/**
 * admin/admin-updates: the updates (drafts and published) and the update history where customers'
 * licences are verified per update, as two tabs (`?view=history`); "New update" opens the wizard.
 */
export function AdminUpdatesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const view: View = search.get(VIEW_PARAM) === "history" ? "history" : "updates";
  // Each tab has its own list params (page, sort, filters): switching starts the other one afresh.
  const select = (next: string | null) => setSearch(next === "history" ? { [VIEW_PARAM]: "history" } : {}, { preventScrollReset: true });
  return (
    <>
      <PageHeader
        title={t("pages.admin.updates.title")}
        description={t("updates.admin.description")}
        actions={
          <Button component={Link} to={paths.admin.updateNew} leftSection={<IconPlus size={16} aria-hidden />} data-testid="update-new">
            {t("updates.list.create")}
          </Button>
        }
      />
      <Tabs value={view} onChange={select} keepMounted={false}>
        <Tabs.List aria-label={t("updates.admin.tabsLabel")} mb="md">
          <Tabs.Tab value="updates" leftSection={<IconCloudUpload size={16} aria-hidden />} data-testid="updates-tab">
            {t("updates.admin.updatesTab")}
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} aria-hidden />} data-testid="history-tab">
            {t("updates.admin.historyTab")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="updates">
          <UpdatesList />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryList admin />
        </Tabs.Panel>
      </Tabs>
      <UpdateDrawer />
    </>
  );
}

export { AdminUpdatesPage as Component };

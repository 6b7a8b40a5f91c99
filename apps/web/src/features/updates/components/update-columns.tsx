import { Group, Text, UnstyledButton } from "@mantine/core";
import { releaseChannels, updateStatuses, type Update } from "@portal/contract";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { createDataTableColumnHelper, type ServerTableOptions } from "@/components/data-table";
import type { ListColumns, ListFilter } from "@/components/list-screen";
import { formatBytes, formatDate } from "@/lib/format";
import { ChannelBadge, channelLabel } from "@/components/release-channels";
import { UpdateStatusBadge, UpdateTypeBadge, YankedBadge } from "./update-badges";

export const updateListTable: ServerTableOptions<"version" | "createdAt" | "publishedAt", "q" | "status" | "channel"> = {
  sortFields: ["version", "createdAt", "publishedAt"],
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: ["q", "status", "channel"],
};

/** The updates of one release channel (`channel` list filter). */
export function updateChannelFilter(t: TFunction): ListFilter<"channel"> {
  return {
    param: "channel",
    label: t("updates.availability.channelFilter"),
    allLabel: t("updates.availability.allChannels"),
    options: releaseChannels.map((channel) => ({ value: channel, label: channelLabel(channel, t) })),
    testId: "updates-channel-filter",
  };
}

export function updateStatusFilter(t: TFunction): ListFilter<"status"> {
  return {
    param: "status",
    kind: "segmented",
    label: t("updates.list.statusFilter"),
    allLabel: t("updates.list.allStatuses"),
    options: updateStatuses.map((status) => ({ value: status, label: t(`updates.list.statusOption.${status}`) })),
    testId: "updates-status-filter",
  };
}

/** The search param of the open update's drawer. */
export const UPDATE_PARAM = "update";

/** `?update=<id>` opens the detail drawer; other params (page, sort, tab) stay. */
export function useUpdateDrawerParam() {
  const [search, setSearch] = useSearchParams();
  const set = (id: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set(UPDATE_PARAM, id);
        else next.delete(UPDATE_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );
  return { openId: search.get(UPDATE_PARAM), open: (id: string) => set(id), close: () => set(null) };
}

/** What names an update in a sentence: its version, or "Draft of <date>" before step 3. */
export function updateName(update: Pick<Update, "version" | "createdAt">, t: TFunction, language: string): string {
  return update.version ?? t("updates.list.draftOf", { date: formatDate(update.createdAt, language) });
}

/** The version opens the drawer (a button, so the keyboard reaches it too). */
function VersionCell({ update }: { update: Update }) {
  const { t, i18n } = useTranslation();
  const { open } = useUpdateDrawerParam();
  return (
    <UnstyledButton
      onClick={() => open(update.id)}
      aria-label={t("updates.list.detailsOf", { name: updateName(update, t, i18n.language) })}
      aria-haspopup="dialog"
      data-testid="update-open"
    >
      {update.version ? (
        <Text size="sm" fw={600} c="var(--mantine-color-anchor)" dir="ltr" style={{ whiteSpace: "nowrap", textDecoration: "underline", textUnderlineOffset: 3 }}>
          {update.version}
        </Text>
      ) : (
        // A draft has no version until step 3: its name is said by the button's label.
        <Text size="sm" c="dimmed" aria-hidden>
          —
        </Text>
      )}
    </UnstyledButton>
  );
}

const column = createDataTableColumnHelper<Update>();
const nowrap = { whiteSpace: "nowrap" } as const;
const dash = (
  <Text size="sm" c="dimmed" aria-hidden>
    —
  </Text>
);

export const updateColumns: ListColumns<Update> = (t, language) => [
  column.accessor("version", { id: "version", header: () => t("updates.columns.version"), enableSorting: true, cell: ({ row }) => <VersionCell update={row.original} /> }),
  column.accessor("header", {
    id: "header",
    header: () => t("updates.columns.header"),
    cell: ({ getValue }) => {
      const header = getValue();
      return header ? (
        <Text size="sm" lineClamp={2} maw={300}>
          <bdi>{header}</bdi>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t("updates.list.noChangelogYet")}
        </Text>
      );
    },
  }),
  column.accessor("type", { id: "type", header: () => t("updates.columns.type"), cell: ({ getValue }) => (getValue() ? <UpdateTypeBadge type={getValue()!} /> : dash) }),
  column.accessor("status", {
    id: "status",
    header: () => t("updates.columns.status"),
    cell: ({ row }) => (
      <Group gap={4} wrap="nowrap">
        <UpdateStatusBadge status={row.original.status} />
        {row.original.yankedAt && <YankedBadge yankedAt={row.original.yankedAt} />}
      </Group>
    ),
  }),
  column.accessor("channel", { id: "channel", header: () => t("updates.availability.channel"), cell: ({ getValue }) => <ChannelBadge channel={getValue()} /> }),
  column.accessor("requiredFeatures", {
    id: "requiredFeatures",
    header: () => t("updates.availability.requiredFeatures"),
    cell: ({ row }) => {
      const features = row.original.requiredFeatures;
      return features.length === 0 ? (
        dash
      ) : (
        <Text size="sm" dir="ltr" ta="start" lineClamp={2} maw={200} title={features.map((feature) => `${feature.name} (${feature.code})`).join(", ")} data-testid="update-required-codes">
          {features.map((feature) => feature.code).join(", ")}
        </Text>
      );
    },
  }),
  column.accessor("files", {
    id: "files",
    header: () => t("updates.columns.files"),
    cell: ({ getValue }) => (
      <Text size="sm" style={nowrap}>
        {getValue().length.toLocaleString(language)}
      </Text>
    ),
  }),
  column.accessor("totalSize", {
    id: "totalSize",
    header: () => t("updates.columns.size"),
    cell: ({ getValue }) => (
      <Text size="sm" style={nowrap}>
        {formatBytes(getValue(), language)}
      </Text>
    ),
  }),
  column.accessor("verifiedLicenses", {
    id: "verifiedLicenses",
    header: () => t("updates.columns.verifiedLicenses"),
    cell: ({ row }) =>
      row.original.status === "published" ? (
        <Text size="sm" style={nowrap}>
          {row.original.verifiedLicenses.toLocaleString(language)}
        </Text>
      ) : (
        dash
      ),
  }),
  column.accessor("createdAt", {
    id: "createdAt",
    header: () => t("updates.columns.created"),
    enableSorting: true,
    cell: ({ getValue }) => (
      <Text size="sm" style={nowrap}>
        {formatDate(getValue(), language)}
      </Text>
    ),
  }),
  column.accessor("publishedAt", {
    id: "publishedAt",
    header: () => t("updates.columns.published"),
    enableSorting: true,
    cell: ({ getValue }) => {
      const published = getValue();
      return published ? (
        <Text size="sm" style={nowrap}>
          {formatDate(published, language)}
        </Text>
      ) : (
        dash
      );
    },
  }),
];

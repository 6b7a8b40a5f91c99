import { Select, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ServerTable } from "@/components/data-table";
import type { AuditSortField } from "@portal/contract";
import { useActorOption, useActorOptions } from "../api/lookups";
import type { AuditFilter } from "../lib/audit-query";

type AuditTable = ServerTable<AuditSortField, AuditFilter>;

/** The actor filter: a searchable select over the users, searched on the server as the visitor types. */
export function ActorFilter({ table }: { table: AuditTable }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const selectedId = table.filters.actorId;
  const options = useActorOptions(debounced);
  const selected = useActorOption(selectedId);
  const data = useMemo(() => {
    const list = options.data ?? [];
    const chosen = selected.data;
    return chosen && !list.some((option) => option.value === chosen.value) ? [chosen, ...list] : list;
  }, [options.data, selected.data]);
  return (
    <Select
      aria-label={t("logMonitor.filters.actor")}
      placeholder={t("logMonitor.filters.actorPlaceholder")}
      nothingFoundMessage={options.isFetching ? t("app.loading") : t("logMonitor.filters.actorNothingFound")}
      searchable
      clearable
      data={data}
      value={selectedId ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server searches; every option it answered is shown.
      filter={({ options: all }) => all}
      onChange={(value) => table.setFilter("actorId", value)}
      w={{ base: "100%", xs: 220 }}
      data-testid="audit-filter-actor"
    />
  );
}

/** A day input whose name sits inside it, so it lines up with the other filters. */
function DayInput({ label, value, min, max, onChange, testId }: { label: string; value: string | undefined; min?: string; max?: string; onChange: (day: string) => void; testId: string }) {
  return (
    <TextInput
      type="date"
      aria-label={label}
      leftSection={
        <Text size="xs" c="dimmed" truncate="end" w="100%" ta="center">
          {label}
        </Text>
      }
      leftSectionWidth={76}
      leftSectionPointerEvents="none"
      value={value ?? ""}
      min={min}
      max={max}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: "100%", xs: 230 }}
      data-testid={testId}
    />
  );
}

/** From/to days (native date inputs: the browser's own picker in the visitor's locale). */
export function DateRangeFilter({ table }: { table: AuditTable }) {
  const { t } = useTranslation();
  return (
    <>
      <DayInput label={t("logMonitor.filters.from")} value={table.filters.from} max={table.filters.to} onChange={(day) => table.setFilter("from", day)} testId="audit-filter-from" />
      <DayInput label={t("logMonitor.filters.to")} value={table.filters.to} min={table.filters.from} onChange={(day) => table.setFilter("to", day)} testId="audit-filter-to" />
    </>
  );
}

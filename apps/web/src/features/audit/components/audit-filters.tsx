import { Select, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ServerTable } from "@/components/data-table";
import type { AuditSortField } from "@portal/contract";
import { useActorOption, useActorOptions } from "../api/actor-options";
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
      label={t("logMonitor.filters.actor")}
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
      w={{ base: "100%", xs: 240 }}
      data-testid="audit-filter-actor"
    />
  );
}

/** From/to days (native date inputs: the browser's own picker in the visitor's locale). */
export function DateRangeFilter({ table }: { table: AuditTable }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        type="date"
        label={t("logMonitor.filters.from")}
        value={table.filters.from ?? ""}
        max={table.filters.to}
        onChange={(event) => table.setFilter("from", event.currentTarget.value)}
        w={{ base: "100%", xs: 170 }}
        data-testid="audit-filter-from"
      />
      <TextInput
        type="date"
        label={t("logMonitor.filters.to")}
        value={table.filters.to ?? ""}
        min={table.filters.from}
        onChange={(event) => table.setFilter("to", event.currentTarget.value)}
        w={{ base: "100%", xs: 170 }}
        data-testid="audit-filter-to"
      />
    </>
  );
}

import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUserById, useUsersLookup } from "../api/lookups";

/** Admin: filter licences by owner; searches users on the server as the administrator types. */
export function OwnerFilter({ value, onChange }: { value: string | undefined; onChange: (value: string | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search, 250);
  const users = useUsersLookup(debounced, opened);
  const selected = useUserById(value);

  const data = useMemo(() => {
    const options = (users.data ?? []).map((user) => ({ value: user.id, label: user.email }));
    if (selected.data && !options.some((option) => option.value === selected.data.id)) {
      options.unshift({ value: selected.data.id, label: selected.data.email });
    }
    return options;
  }, [users.data, selected.data]);

  return (
    <Select
      aria-label={t("licenses.filters.owner")}
      placeholder={t("licenses.filters.allOwners")}
      data={data}
      value={value ?? null}
      onChange={onChange}
      searchable
      clearable
      onSearchChange={(next) => setSearch(data.some((option) => option.label === next) ? "" : next)}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      filter={({ options }) => options}
      nothingFoundMessage={users.isFetching ? t("app.loading") : t("licenses.form.nothingFound")}
      w={{ base: "100%", xs: 260 }}
      comboboxProps={{ withinPortal: true }}
      data-testid="license-owner-filter"
    />
  );
}

import { Alert, Button, Card, Group, Loader, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Switch, Text, useComputedColorScheme } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconDeviceDesktop, IconMoon, IconSun } from "@tabler/icons-react";
import { tableDensities, themePreferences, type UserSettings, type UserSettingsPatch } from "@portal/contract";
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { SectionCard } from "@/components/section-card";
import { deviceTimeZone } from "@/lib/display-settings";
import { parseApiError } from "@/lib/errors";
import { formatInstant } from "@/lib/format";
import { isLanguage, languages } from "@/lib/i18n";
import { settingsShownHere, useSaveSettings, useSettings } from "../api/settings";
import { timeZoneOptions, zoneLabel } from "../lib/time-zones";

/** The time zone select's value for "the device's own zone" (null in the settings). */
const DEVICE_ZONE = "device";

/** A labelled control that is not a form input of its own (a segmented control): label and hint by id. */
function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text component="span" size="sm" fw={500} id={`${id}-label`}>
        {label}
      </Text>
      {children}
      {hint && (
        <Text size="xs" c="dimmed" id={`${id}-hint`}>
          {hint}
        </Text>
      )}
    </Stack>
  );
}

const themeIcons = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const;

function SettingsForm({ settings, save }: { settings: UserSettings; save: (patch: UserSettingsPatch) => void }) {
  const { t, i18n } = useTranslation();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: false });
  // The offsets of today; computed once a visit (four hundred zones).
  const [now] = useState(() => new Date());
  const zones = useMemo(() => timeZoneOptions(now), [now]);
  const device = deviceTimeZone();
  const zoneData = useMemo(
    () => [{ value: DEVICE_ZONE, label: t("settings.timeZone.device", { zone: zoneLabel(device, now) }) }, ...zones.map(({ value, label }) => ({ value, label }))],
    [zones, device, now, t],
  );
  const shownZone = settings.timeZone ?? device;

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
      <SectionCard id="settings-appearance" title={t("settings.appearance.title")} description={t("settings.appearance.description")}>
        <Field id="settings-theme" label={t("settings.theme.label")} hint={settings.theme === "auto" ? t("settings.theme.autoHint", { scheme: t(`settings.theme.${computed}`) }) : undefined}>
          <SegmentedControl
            fullWidth
            aria-labelledby="settings-theme-label"
            value={settings.theme}
            onChange={(value) => save({ theme: value as UserSettings["theme"] })}
            data={themePreferences.map((theme) => {
              const Icon = themeIcons[theme];
              return {
                value: theme,
                label: (
                  <Group gap={6} justify="center" wrap="nowrap">
                    <Icon size={16} aria-hidden />
                    <span>{t(`settings.theme.${theme}`)}</span>
                  </Group>
                ),
              };
            })}
            data-testid="settings-theme"
          />
        </Field>
        <Field id="settings-density" label={t("settings.density.label")} hint={t("settings.density.hint")}>
          <SegmentedControl
            fullWidth
            aria-labelledby="settings-density-label"
            aria-describedby="settings-density-hint"
            value={settings.tableDensity}
            onChange={(value) => save({ tableDensity: value as UserSettings["tableDensity"] })}
            data={tableDensities.map((density) => ({ value: density, label: t(`settings.density.${density}`) }))}
            data-testid="settings-density"
          />
        </Field>
        <Switch
          checked={settings.sidebarCollapsed}
          onChange={(event) => save({ sidebarCollapsed: event.currentTarget.checked })}
          label={t("settings.sidebar.label")}
          description={t("settings.sidebar.hint")}
          data-testid="settings-sidebar"
        />
      </SectionCard>

      <SectionCard id="settings-region" title={t("settings.region.title")} description={t("settings.region.description")}>
        <Select
          label={t("settings.language.label")}
          value={settings.language}
          onChange={(value) => isLanguage(value) && save({ language: value })}
          data={languages.map((language) => ({ value: language.code, label: language.nativeName }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="settings-language"
        />
        <Select
          label={t("settings.timeZone.label")}
          description={t("settings.timeZone.hint")}
          value={settings.timeZone ?? DEVICE_ZONE}
          onChange={(value) => value && save({ timeZone: value === DEVICE_ZONE ? null : value })}
          data={zoneData}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t("settings.timeZone.nothingFound")}
          maxDropdownHeight={320}
          data-testid="settings-time-zone"
        />
        <Text size="sm" data-testid="settings-time-preview">
          {t("settings.timeZone.now", { time: formatInstant(now.toISOString(), i18n.language, "full", shownZone) })}
        </Text>
      </SectionCard>
    </SimpleGrid>
  );
}

function SettingsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" aria-busy data-testid="settings-loading">
      {[0, 1].map((card) => (
        <Card key={card} withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Skeleton height={22} width="40%" />
            <Skeleton height={14} width="70%" />
            <Skeleton height={36} />
            <Skeleton height={36} />
            <Skeleton height={24} width="60%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** settings: theme, language, sidebar, table density and time zone, saved to the account as each changes. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const save = useSaveSettings();

  let body: ReactNode;
  // Until the user saves, the page shows (and the first save stores) what this device shows.
  if (settings.data) body = <SettingsForm settings={settings.data.saved ? settings.data.settings : settingsShownHere()} save={save.save} />;
  else if (settings.error)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("settings.loadFailed")} role="alert" data-testid="settings-error">
        <Text size="sm">{parseApiError(settings.error, t).message}</Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void settings.refetch()}>
          {t("table.retry")}
        </Button>
      </Alert>
    );
  else body = <SettingsSkeleton />;

  return (
    <>
      <PageHeader
        title={t("pages.settings.title")}
        description={t("settings.subtitle")}
        actions={
          settings.data && (
            <Group gap={6} aria-live="polite" data-testid="settings-save-state">
              {save.isPending ? <Loader size={14} aria-hidden /> : <IconCheck size={16} aria-hidden color="var(--mantine-color-teal-text)" />}
              <Text size="sm" c="dimmed">
                {save.isPending ? t("settings.saving") : t("settings.savedAutomatically")}
              </Text>
            </Group>
          )
        }
      />
      {body}
    </>
  );
}

export { SettingsPage as Component };

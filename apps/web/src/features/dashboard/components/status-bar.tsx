import { Box, Group, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./charts.module.css";

export interface StatusPart {
  key: string;
  label: string;
  value: number;
  /** A Mantine colour name. */
  color: string;
  to: string;
}

/**
 * Shares of a whole (licences or tickets by status) as one stacked bar and a legend of links: an
 * image named by `summary`, the legend's text saying every figure.
 */
export function StatusBar({ parts, summary, format, testId }: { parts: readonly StatusPart[]; summary: string; format: (value: number) => string; testId?: string }) {
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  return (
    <Box data-testid={testId}>
      <div role="img" aria-label={summary} className={classes.stack}>
        {total > 0 &&
          parts
            .filter((part) => part.value > 0)
            .map((part) => <span key={part.key} style={{ flexGrow: part.value, background: `var(--mantine-color-${part.color}-filled)` }} />)}
      </div>
      <Group gap="md" mt="sm" className={classes.legend}>
        {parts.map((part) => (
          <Text key={part.key} component={Link} to={part.to} size="sm" className={classes.legendItem} data-testid={testId ? `${testId}-${part.key}` : undefined}>
            <span aria-hidden className={classes.swatch} style={{ background: `var(--mantine-color-${part.color}-filled)` }} />
            {part.label}
            <VisuallyHidden>:</VisuallyHidden> <strong>{format(part.value)}</strong>
          </Text>
        ))}
      </Group>
    </Box>
  );
}

type LicenseStatus = "active" | "notActivated" | "deactivated";

const licenseStatuses: readonly { key: LicenseStatus; color: string }[] = [
  { key: "active", color: "green" },
  { key: "notActivated", color: "gray" },
  { key: "deactivated", color: "red" },
];

/** Licences by status, on both dashboards: the same bar, each with its own words and its own list to link to. */
export function LicensesByStatus({
  licenses,
  labels,
  links,
  format,
}: {
  licenses: Record<LicenseStatus, number>;
  labels: Record<LicenseStatus, string>;
  links: Record<LicenseStatus, string>;
  format: (value: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <StatusBar
      testId="licenses-by-status"
      format={format}
      summary={t("dashboards.licensesSummary", { active: format(licenses.active), notActivated: format(licenses.notActivated), deactivated: format(licenses.deactivated) })}
      parts={licenseStatuses.map(({ key, color }) => ({ key, label: labels[key], value: licenses[key], color, to: links[key] }))}
    />
  );
}

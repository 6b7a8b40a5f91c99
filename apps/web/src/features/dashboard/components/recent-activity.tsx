import { Anchor, Card, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ActivityEntry } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyPanel } from "@/components/empty-panel";
import { paths } from "@/lib/paths";
import { relativeTime } from "@/lib/relative-time";
import { licenseLink } from "../lib/figure-links";
import classes from "./dashboard.module.css";

/** Where an activity entry's target is shown to its customer, if anywhere. */
export function activityTarget(entry: ActivityEntry): string | undefined {
  if (!entry.targetId) return undefined;
  if (entry.targetType === "ticket") return paths.myTicket(entry.targetId);
  if (entry.targetType === "license") return licenseLink(entry.targetId);
  if (entry.targetType === "license_request") return paths.myLicenseRequests;
  return undefined;
}

const ROWS = 5;

export function RecentActivity({ entries }: { entries: ActivityEntry[] | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" className={classes.panel} component="section" aria-labelledby="activity-title">
      <Title order={2} fz="h4" mb="sm" id="activity-title">
        {t("pages.dashboard.activityTitle")}
      </Title>
      {entries === undefined ? (
        <Stack gap="sm">
          {Array.from({ length: ROWS }, (_, index) => (
            <Skeleton key={index} height={38} />
          ))}
        </Stack>
      ) : entries.length === 0 ? (
        <EmptyPanel title={t("pages.dashboard.emptyTitle")} description={t("pages.dashboard.emptyDescription")} />
      ) : (
        <Stack gap="xs" component="ol" className={classes.plainList} data-testid="activity-list">
          {entries.map((entry, index) => {
            const label = i18n.exists(`dashboards.activity.${entry.action}`) ? t(`dashboards.activity.${entry.action}` as "dashboards.activity.other") : t("dashboards.activity.other");
            const to = activityTarget(entry);
            return (
              <li key={`${entry.at}-${index}`}>
                {to ? (
                  <Anchor component={Link} to={to} size="sm" fw={500}>
                    {label}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={500}>
                    {label}
                  </Text>
                )}
                <Text size="xs" c="dimmed" component="time" dateTime={entry.at} display="block" title={new Date(entry.at).toLocaleString(i18n.resolvedLanguage)}>
                  {relativeTime(entry.at, i18n.resolvedLanguage)}
                </Text>
              </li>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

import { Anchor, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from "@mantine/core";
import { IconShieldExclamation } from "@tabler/icons-react";
import { customerActivityActions, type ActivityEntry, type CustomerActivityAction } from "@portal/contract";
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

/** What a customer should notice at once: someone may be at their account (or support has locked it). */
export const securityActions: ReadonlySet<CustomerActivityAction> = new Set([
  "auth.login_failed",
  "auth.password_reset_requested",
  "auth.2fa_disabled",
  "user.locked",
  "user.disabled",
]);

const namedActions = new Set<string>(customerActivityActions);

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
            // An older server may send an action this build has no words for.
            const label = namedActions.has(entry.action) ? t(`dashboards.activity.${entry.action}`) : t("dashboards.activity.other");
            const security = securityActions.has(entry.action);
            const to = activityTarget(entry);
            const text = (
              <>
                {security && <VisuallyHidden>{t("dashboards.securityEvent")} </VisuallyHidden>}
                {label}
              </>
            );
            return (
              <li key={`${entry.at}-${index}`} data-testid="activity-entry" data-security={security || undefined}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  {security && (
                    <ThemeIcon color="orange" variant="light" size="sm" radius="xl" aria-hidden mt={2}>
                      <IconShieldExclamation size={14} />
                    </ThemeIcon>
                  )}
                  <div>
                    {to ? (
                      <Anchor component={Link} to={to} size="sm" fw={500} className={security ? classes.securityLabel : undefined}>
                        {text}
                      </Anchor>
                    ) : (
                      <Text size="sm" fw={500} className={security ? classes.securityLabel : undefined}>
                        {text}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" component="time" dateTime={entry.at} display="block" title={new Date(entry.at).toLocaleString(i18n.resolvedLanguage)}>
                      {relativeTime(entry.at, i18n.resolvedLanguage)}
                    </Text>
                  </div>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

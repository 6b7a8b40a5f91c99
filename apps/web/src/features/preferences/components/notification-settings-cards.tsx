import { Alert, Button, Card, Group, Skeleton, Stack, Switch, Table, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import {
  emailSubscriptionKeys,
  notificationTypes,
  type NotificationSettings,
  type NotificationType,
} from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SectionCard } from "@/components/section-card";
import { notifyError, notifySuccess } from "@/lib/notify";
import { parseApiError } from "@/lib/errors";
import { settingsPatch, useNotificationSettings, useUpdateNotificationSettings } from "../api/notification-settings";

type Channels = NotificationSettings["channels"];
type Subscriptions = NotificationSettings["emailSubscriptions"];

function SaveBar({ dirty, saving, onSave, onReset }: { dirty: boolean; saving: boolean; onSave: () => void; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {dirty ? t("accounts.preferences.notifications.unsaved") : "\u00a0"}
      </Text>
      <Group gap="sm">
        {dirty && (
          <Button variant="default" onClick={onReset} disabled={saving}>
            {t("accounts.preferences.notifications.reset")}
          </Button>
        )}
        <Button onClick={onSave} loading={saving} disabled={!dirty}>
          {t("accounts.common.save")}
        </Button>
      </Group>
    </Group>
  );
}

function SubscriptionsCard({ saved }: { saved: NotificationSettings }) {
  const { t } = useTranslation();
  const update = useUpdateNotificationSettings();
  const [draft, setDraft] = useState<Subscriptions | null>(null);
  const edited = draft ?? saved.emailSubscriptions;
  const patch = settingsPatch(saved, { ...saved, emailSubscriptions: edited });

  const save = () => {
    if (!patch) return;
    update.mutate(patch, {
      onSuccess: () => {
        setDraft(null);
        notifySuccess(t("accounts.preferences.subscriptions.saved"));
      },
      onError: (error) => notifyError(error),
    });
  };

  return (
    <SectionCard
      id="subscriptions"
      title={t("accounts.preferences.subscriptions.title")}
      description={t("accounts.preferences.subscriptions.description")}
    >
      <Stack gap="sm">
        {emailSubscriptionKeys.map((key) => (
          <Switch
            key={key}
            checked={edited[key]}
            onChange={(event) => setDraft({ ...edited, [key]: event.currentTarget.checked })}
            label={t(`accounts.preferences.subscriptions.${key}`)}
            description={t(`accounts.preferences.subscriptions.${key}Hint`)}
            data-testid={`subscription-${key}`}
          />
        ))}
      </Stack>
      <SaveBar dirty={patch !== undefined} saving={update.isPending} onSave={save} onReset={() => setDraft(null)} />
    </SectionCard>
  );
}

function ChannelsCard({ saved }: { saved: NotificationSettings }) {
  const { t } = useTranslation();
  const update = useUpdateNotificationSettings();
  const [draft, setDraft] = useState<Channels | null>(null);
  const edited = draft ?? saved.channels;
  const patch = settingsPatch(saved, { ...saved, channels: edited });

  const toggle = (type: NotificationType, channel: "inApp" | "email", value: boolean) =>
    setDraft({ ...edited, [type]: { ...edited[type], [channel]: value } });

  const save = () => {
    if (!patch) return;
    update.mutate(patch, {
      onSuccess: () => {
        setDraft(null);
        notifySuccess(t("accounts.preferences.notifications.saved"));
      },
      onError: (error) => notifyError(error),
    });
  };

  return (
    <SectionCard
      id="notification-settings"
      title={t("accounts.preferences.notifications.title")}
      description={t("accounts.preferences.notifications.description")}
    >
      <Table verticalSpacing="xs" highlightOnHover aria-labelledby="notification-settings-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("accounts.preferences.notifications.type")}</Table.Th>
            <Table.Th ta="center" w={76}>
              {t("accounts.preferences.notifications.inApp")}
            </Table.Th>
            <Table.Th ta="center" w={76} style={{ whiteSpace: "nowrap" }}>
              {t("accounts.preferences.notifications.email")}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {notificationTypes.map((type) => {
            const label = t(`accounts.notificationTypes.${type}`);
            return (
              <Table.Tr key={type} data-testid={`channel-${type}`}>
                <Table.Td>
                  <Text size="sm">{label}</Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="center">
                    <Switch
                      checked={edited[type].inApp}
                      onChange={(event) => toggle(type, "inApp", event.currentTarget.checked)}
                      aria-label={t("accounts.preferences.notifications.inAppFor", { type: label })}
                      data-testid={`channel-${type}-inApp`}
                    />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group justify="center">
                    <Switch
                      checked={edited[type].email}
                      onChange={(event) => toggle(type, "email", event.currentTarget.checked)}
                      aria-label={t("accounts.preferences.notifications.emailFor", { type: label })}
                      data-testid={`channel-${type}-email`}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <SaveBar dirty={patch !== undefined} saving={update.isPending} onSave={save} onReset={() => setDraft(null)} />
    </SectionCard>
  );
}

/** E-mail subscriptions and the in-app / e-mail choice for the ten notification types (spec section 9). */
export function NotificationSettingsCards() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();

  if (settings.isPending) {
    return (
      <Card withBorder radius="md" padding="lg" aria-busy="true">
        <Stack gap="sm">
          <Skeleton height={20} width="40%" />
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={16} />
          ))}
        </Stack>
      </Card>
    );
  }
  if (settings.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("accounts.common.loadFailed")} role="alert">
        <Text size="sm">{parseApiError(settings.error, t).message}</Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void settings.refetch()}>
          {t("accounts.common.retry")}
        </Button>
      </Alert>
    );
  }
  return (
    <>
      <SubscriptionsCard saved={settings.data} />
      <ChannelsCard saved={settings.data} />
    </>
  );
}

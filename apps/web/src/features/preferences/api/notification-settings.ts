import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  emailSubscriptionKeys,
  notificationTypes,
  type NotificationSettings,
  type NotificationSettingsPatch,
} from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

export const notificationSettingsQueryKey = ["notification-settings"] as const;

/** GET api/v1/notification-settings → in-app / e-mail per notification type, and the e-mail subscriptions. */
export async function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  const answer = await apiClient.get<Envelope<NotificationSettings>>("api/v1/notification-settings", { signal });
  return answer.data;
}

/** PUT api/v1/notification-settings with only what changed → the full settings. */
export async function updateNotificationSettings(patch: NotificationSettingsPatch): Promise<NotificationSettings> {
  const answer = await apiClient.put<Envelope<NotificationSettings>>("api/v1/notification-settings", patch);
  return answer.data;
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: ({ signal }) => getNotificationSettings(signal) });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...notificationSettingsQueryKey, "update"],
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryKey, settings),
  });
}

/**
 * The smallest PUT body that turns `saved` into `edited`: only the channels and subscriptions whose
 * value differs; `undefined` when nothing changed.
 */
export function settingsPatch(saved: NotificationSettings, edited: NotificationSettings): NotificationSettingsPatch | undefined {
  const patch: NotificationSettingsPatch = {};
  const channels: NonNullable<NotificationSettingsPatch["channels"]> = {};
  for (const type of notificationTypes) {
    const before = saved.channels[type];
    const after = edited.channels[type];
    const change: { inApp?: boolean; email?: boolean } = {};
    if (before.inApp !== after.inApp) change.inApp = after.inApp;
    if (before.email !== after.email) change.email = after.email;
    if (Object.keys(change).length > 0) channels[type] = change;
  }
  if (Object.keys(channels).length > 0) patch.channels = channels;
  const subscriptions: NonNullable<NotificationSettingsPatch["emailSubscriptions"]> = {};
  for (const key of emailSubscriptionKeys) {
    if (saved.emailSubscriptions[key] !== edited.emailSubscriptions[key]) subscriptions[key] = edited.emailSubscriptions[key];
  }
  if (Object.keys(subscriptions).length > 0) patch.emailSubscriptions = subscriptions;
  return Object.keys(patch).length > 0 ? patch : undefined;
}

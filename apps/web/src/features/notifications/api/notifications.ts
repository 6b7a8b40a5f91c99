import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Notification } from "@portal/contract";
import { apiClient, type Envelope } from "@/lib/api-client";

export interface NotificationPage {
  items: Notification[];
  total: number;
  unread: number;
  page: number;
  pageSize: number;
}

export const notificationsQueryKey = ["notifications"] as const;
/** How many the dropdown shows: the newest first. */
export const DROPDOWN_PAGE_SIZE = 10;
/** How often the bell asks for new ones while the tab is visible. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** GET api/v1/notifications?page&pageSize → the newest first, with the unread count. */
export async function listNotifications(pageSize: number, signal?: AbortSignal): Promise<NotificationPage> {
  const answer = await apiClient.get<Envelope<NotificationPage>>("api/v1/notifications", { params: { page: 1, pageSize }, signal });
  return answer.data;
}

export const notificationsQueryOptions = (pageSize = DROPDOWN_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...notificationsQueryKey, { pageSize }],
    queryFn: ({ signal }) => listNotifications(pageSize, signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 15_000,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

/** POST api/v1/notifications/{id}/read */
export async function markNotificationRead(id: string): Promise<void> {
  await apiClient.post(`api/v1/notifications/${encodeURIComponent(id)}/read`);
}

/** POST api/v1/notifications/read-all */
export async function markAllNotificationsRead(): Promise<void> {
  await apiClient.post("api/v1/notifications/read-all");
}

function useNotificationMutation<T>(mutationFn: (input: T) => Promise<void>, apply: (page: NotificationPage, input: T) => NotificationPage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Optimistic: the dot and the count change at once; the list is read again afterwards.
    onMutate: async (input: T) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      queryClient.setQueriesData<NotificationPage>({ queryKey: notificationsQueryKey }, (page) => (page ? apply(page, input) : page));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

export function useMarkNotificationRead() {
  return useNotificationMutation(markNotificationRead, (page, id: string) => {
    const target = page.items.find((item) => item.id === id);
    if (!target || target.read) return page;
    return {
      ...page,
      unread: Math.max(0, page.unread - 1),
      items: page.items.map((item) => (item.id === id ? { ...item, read: true } : item)),
    };
  });
}

export function useMarkAllNotificationsRead() {
  return useNotificationMutation(markAllNotificationsRead, (page) => ({
    ...page,
    unread: 0,
    items: page.items.map((item) => ({ ...item, read: true })),
  }));
}

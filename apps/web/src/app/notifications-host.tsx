import { Notifications } from "@mantine/notifications";
import { TOAST_AUTO_CLOSE_MS } from "@/lib/config";

/** Spec section 9 toasts: 5000 ms, top-right, 16px from the edges (offset in global.css). */
export function NotificationsHost() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} />;
}

import "@mantine/notifications/styles.layer.css";
import { Notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { TOAST_AUTO_CLOSE_MS } from "@/lib/config";
import { toastHostMounted } from "@/lib/notify";

/** Spec section 9 toasts: 5000 ms, top-right, 16px from the edges (offset in global.css). */
export function NotificationsHost() {
  // After the container's own effects (a child's run first): it has set its limit and position in the store.
  useEffect(toastHostMounted, []);
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} />;
}

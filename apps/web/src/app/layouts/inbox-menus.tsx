/** The bell: the user's notifications (features/notifications). */
export { NotificationsMenu } from "@/features/notifications/components/notifications-menu";

/** The speech bubble: the latest ticket messages addressed to the user (features/tickets). */
export { MessagesMenu } from "@/features/tickets/components/messages-menu";

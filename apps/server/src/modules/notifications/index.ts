/** In-app and e-mail notifications, and each user's choice of channels. */
export { notificationRoutes } from "./notifications.routes.js";
export { notify, type NotificationDraft } from "./notify.js";

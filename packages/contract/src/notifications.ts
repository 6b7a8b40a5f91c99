import { z } from "zod";
import { messageOf } from "./messages.js";

/** The ten notification types of spec section 9. */
export const notificationTypes = [
  "license_expiry",
  "license_requests",
  "system_alerts",
  "messaging",
  "support_tickets",
  "security_alerts",
  "maintenance_updates",
  "billing",
  "account_updates",
  "product_news",
] as const;
export const notificationType = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationType>;

export const emailSubscriptionKeys = ["newsletter", "productAnnouncements", "events"] as const;

const channelSchema = z.strictObject({
  email: z.boolean({ error: messageOf("validation.boolean") }),
  inApp: z.boolean({ error: messageOf("validation.boolean") }),
});

export const notificationSettingsSchema = z
  .strictObject({
    channels: z.strictObject(
      Object.fromEntries(notificationTypes.map((type) => [type, channelSchema])) as Record<NotificationType, typeof channelSchema>,
    ),
    emailSubscriptions: z.strictObject(
      Object.fromEntries(emailSubscriptionKeys.map((key) => [key, z.boolean({ error: messageOf("validation.boolean") })])) as Record<
        (typeof emailSubscriptionKeys)[number],
        z.ZodBoolean
      >,
    ),
  })
  .meta({ id: "NotificationSettings" });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A PUT may send only what changes. */
export const notificationSettingsPatchSchema = z
  .strictObject({
    channels: z
      .strictObject(
        Object.fromEntries(notificationTypes.map((type) => [type, channelSchema.partial().optional()])) as Record<
          NotificationType,
          z.ZodOptional<ReturnType<typeof channelSchema.partial>>
        >,
      )
      .optional(),
    emailSubscriptions: z
      .strictObject(
        Object.fromEntries(emailSubscriptionKeys.map((key) => [key, z.boolean({ error: messageOf("validation.boolean") }).optional()])) as Record<
          (typeof emailSubscriptionKeys)[number],
          z.ZodOptional<z.ZodBoolean>
        >,
      )
      .optional(),
  })
  .meta({ id: "NotificationSettingsPatch" });
export type NotificationSettingsPatch = z.input<typeof notificationSettingsPatchSchema>;

const securityTypes: readonly NotificationType[] = ["security_alerts", "account_updates", "license_expiry", "license_requests", "support_tickets", "billing"];
/** Also mailed unless the customer turns it off: a new update the customer's licence may take. */
const mailedByDefault: readonly NotificationType[] = [...securityTypes, "maintenance_updates"];

export const defaultNotificationSettings: NotificationSettings = {
  channels: Object.fromEntries(
    notificationTypes.map((type) => [type, { inApp: true, email: mailedByDefault.includes(type) }]),
  ) as NotificationSettings["channels"],
  emailSubscriptions: { newsletter: false, productAnnouncements: true, events: false },
};

export const notificationSchema = z
  .object({
    id: z.uuid(),
    type: notificationType,
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    read: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(["true", "false"]).transform((value) => value === "true").optional(),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

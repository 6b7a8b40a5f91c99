import { z } from "zod";
import { messageOf } from "./messages.js";
import { listQuerySchema, pageOf, timestamp } from "./common.js";

/** Whether the act an event records went through (`success`) or was refused (`failure`: a refused login, a job given up). */
export const auditOutcomes = ["success", "failure"] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

/**
 * Every action the server records. `recordAudit` takes only these (a new one does not compile until
 * it is listed here), and the web app's tests fail until each is translated in every language.
 */
/** What administrators do to webhooks and what their deliveries end in: never a customer's activity. */
export const webhookAuditActions = [
  "webhook_endpoint.created",
  "webhook_endpoint.updated",
  "webhook_endpoint.deleted",
  "webhook_endpoint.secret_rotated",
  "webhook_endpoint.disabled",
  "webhook_endpoint.test_sent",
  "webhook_delivery.retried",
  "webhook_delivery.failed",
] as const;

export const auditActions = [
  "auth.register",
  "auth.login",
  "auth.login_failed",
  "auth.logout",
  "auth.sso_login",
  "auth.sso_linked",
  "auth.email_verified",
  "auth.verification_resent",
  "auth.password_reset_requested",
  "auth.password_reset",
  "auth.password_changed",
  "auth.2fa_setup_started",
  "auth.2fa_enabled",
  "auth.2fa_disabled",
  "user.first_admin_created",
  "user.approved",
  "user.email_verified",
  "user.locked",
  "user.unlocked",
  "user.disabled",
  "user.enabled",
  "user.admin_granted",
  "user.admin_revoked",
  "user.updated",
  "user.profile_updated",
  "settings.updated",
  "notifications.settings_updated",
  "payment_method.added",
  "payment_method.removed",
  "billing_address.saved",
  "project.created",
  "project.updated",
  "project.deleted",
  "feature.created",
  "feature.updated",
  "feature.deleted",
  "service.created",
  "service.updated",
  "service.deleted",
  "plan.created",
  "plan.updated",
  "plan.deleted",
  "plan.selected",
  "plan.custom_created",
  "license_request.created",
  "license_request.edited",
  "license_request.approved",
  "license_request.rejected",
  "license_request.cancelled",
  "order.created",
  "order.offered",
  "order.accepted",
  "order.paid",
  "order.cancelled",
  "license.activated",
  "license.req_authenticated",
  "license.deactivated",
  "license.reactivated",
  "license.installation_released",
  "license.file_downloaded",
  "license.trial_started",
  "license.expired",
  "license.heartbeat_dead",
  "license.channels_changed",
  "update.created",
  "update.commands_set",
  "update.published",
  "update.deleted",
  "update.license_verified",
  "update.license_unverified",
  "update.availability_set",
  "update.yanked",
  "ticket.created",
  "ticket.message_added",
  "ticket.status_changed",
  "ticket.updated",
  "faq.entry_created",
  "faq.entry_updated",
  "faq.entry_deleted",
  "faq.entry_moved",
  "faq.category_renamed",
  "demo_request.created",
  "mfa.provisioned",
  "mfa.secret_rotated",
  "mfa.code_viewed",
  "mfa.code_verified",
  "mfa.code_rejected",
  "job.failed",
  "api_token.created",
  "api_token.revoked",
  ...webhookAuditActions,
  "demo.seeded",
  "demo.tickets_seeded",
  "demo.faq_seeded",
  "demo.license_issued",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What an audit event can be about (its `targetType`); `targetId` is that record's id. */
export const auditTargetTypes = [
  "user",
  "session",
  "project",
  "payment_method",
  "feature",
  "service",
  "plan",
  "license_request",
  "license",
  "order",
  "update",
  "ticket",
  "faq_entry",
  "faq_category",
  "demo_request",
  "mfa_authenticator",
  "job",
  "api_token",
  "webhook_endpoint",
  "webhook_delivery",
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

export const auditEventSchema = z
  .object({
    id: z.string(),
    at: timestamp,
    actorId: z.uuid().nullable(),
    /** The actor's e-mail when the event was recorded (kept when the account is deleted later). */
    actorEmail: z.string().nullable(),
    action: z.string(),
    outcome: z.enum(auditOutcomes),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    /**
     * What the target is called now, read when the page is (a user's e-mail, a licence key, a ticket's
     * number and subject, a plan's or feature's name, an update's version…); for a target that is gone,
     * the name the event itself recorded, if any. Null when there is no target or nothing to call it.
     */
    targetName: z.string().nullable(),
    /** The target's record no longer exists (deleted, or a session since purged). */
    targetDeleted: z.boolean(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    /** The API token the change was made through; null for a session (or no actor). */
    tokenId: z.uuid().nullable(),
  })
  .meta({ id: "AuditEvent" });
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** Every sort orders by the field, then by time, then by id, in the chosen direction. */
export const auditSortFields = ["at", "action", "actor", "outcome", "targetType"] as const;
export type AuditSortField = (typeof auditSortFields)[number];

/** The filters the list, the CSV export and the live stream share. */
export const auditFilterFields = {
  actorId: z.uuid({ error: messageOf("validation.notValidId") }).optional(),
  action: z.string().trim().max(100).optional(),
  outcome: z.enum(auditOutcomes, { error: messageOf("logMonitor.validation.outcome") }).optional(),
  from: timestamp.optional(),
  to: timestamp.optional(),
  q: z.string().trim().max(200).optional(),
};

export const auditListQuerySchema = listQuerySchema(auditSortFields, { sort: "at", order: "desc" }).extend({
  ...auditFilterFields,
  /**
   * The `nextCursor` of the previous page: keyset paging for deep pages (no OFFSET). It carries the
   * page number and the count of its first page; it is refused (422) with another sort or filters.
   */
  cursor: z
    .string()
    .max(1000)
    .regex(/^[A-Za-z0-9_-]+$/, { error: messageOf("logMonitor.validation.cursor") })
    .optional(),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditPageSchema = pageOf(auditEventSchema).extend({
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Live follow: the same filters; `Last-Event-ID` (or `lastEventId`) resumes after that event. */
export const auditStreamQuerySchema = z.strictObject({
  ...auditFilterFields,
  lastEventId: z.string().regex(/^\d{1,18}$/, { error: messageOf("logMonitor.validation.eventId") }).optional(),
});
export type AuditStreamQuery = z.input<typeof auditStreamQuerySchema>;

export const auditActionsSchema = z.object({ items: z.array(z.string()) });

import { z } from "zod";
import { messageOf } from "./messages.js";
import { listQuerySchema, pageOf, timestamp } from "./common.js";
import { auditOutcomes } from "./audit-actions.js";

export { auditActions, auditOutcomes, auditTargetTypes, webhookAuditActions } from "./audit-actions.js";
export type { AuditAction, AuditOutcome, AuditTargetType } from "./audit-actions.js";

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

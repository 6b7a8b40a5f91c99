import { z } from "zod";
import { listQuerySchema, pageOf, timestamp } from "./common.js";

/** Whether the act an event records went through (`success`) or was refused (`failure`: a refused login, a job given up). */
export const auditOutcomes = ["success", "failure"] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

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
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "AuditEvent" });
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** Every sort orders by the field, then by time, then by id, in the chosen direction. */
export const auditSortFields = ["at", "action", "actor", "outcome", "targetType"] as const;
export type AuditSortField = (typeof auditSortFields)[number];

/** The filters the list, the CSV export and the live stream share. */
export const auditFilterFields = {
  actorId: z.uuid({ error: "Not a valid identifier" }).optional(),
  action: z.string().trim().max(100).optional(),
  outcome: z.enum(auditOutcomes, { error: "Outcome is success or failure" }).optional(),
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
    .regex(/^[A-Za-z0-9_-]+$/, { error: "Not a valid cursor" })
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
  lastEventId: z.string().regex(/^\d{1,18}$/, { error: "Not a valid event id" }).optional(),
});
export type AuditStreamQuery = z.input<typeof auditStreamQuerySchema>;

export const auditActionsSchema = z.object({ items: z.array(z.string()) });

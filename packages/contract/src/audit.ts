import { z } from "zod";
import { listQuerySchema, timestamp } from "./common.js";

export const auditEventSchema = z
  .object({
    id: z.string(),
    at: timestamp,
    actorId: z.uuid().nullable(),
    actorEmail: z.string().nullable(),
    action: z.string(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "AuditEvent" });
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditSortFields = ["at", "action"] as const;

export const auditListQuerySchema = listQuerySchema(auditSortFields, { sort: "at", order: "desc" }).extend({
  actorId: z.uuid({ error: "Not a valid identifier" }).optional(),
  action: z.string().trim().max(100).optional(),
  from: timestamp.optional(),
  to: timestamp.optional(),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

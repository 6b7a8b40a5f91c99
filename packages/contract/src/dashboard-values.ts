/*
 * The dashboards' plain values, without zod (dashboards.ts builds the schemas and re-exports all of
 * this): the web dashboard reads them, and a value from a module of schemas brought every schema of
 * it, and zod, into the dashboard's chunks.
 */
import { auditActions, webhookAuditActions, type AuditAction } from "./audit-actions.js";

/** Audit actions a customer's "Recent activity" never lists: signing in and out (they would crowd everything else) and what only administrators and the system do. */
const notCustomerActivity = [
  "auth.login",
  "auth.logout",
  "auth.sso_login",
  "feature.created",
  "feature.updated",
  "feature.deleted",
  "service.created",
  "service.updated",
  "service.deleted",
  "plan.created",
  "plan.updated",
  "plan.deleted",
  "update.created",
  "update.commands_set",
  "update.published",
  "update.deleted",
  "update.license_verified",
  "update.license_unverified",
  "update.availability_set",
  "update.yanked",
  "faq.entry_created",
  "faq.entry_updated",
  "faq.entry_deleted",
  "faq.entry_moved",
  "faq.category_renamed",
  "mfa.provisioned",
  "mfa.secret_rotated",
  "mfa.code_viewed",
  "mfa.code_verified",
  "mfa.code_rejected",
  "job.failed",
  "license.heartbeat_dead",
  ...webhookAuditActions,
  "demo.seeded",
  "demo.tickets_seeded",
  "demo.faq_seeded",
] as const satisfies readonly AuditAction[];
export type CustomerActivityAction = Exclude<AuditAction, (typeof notCustomerActivity)[number]>;

/**
 * What a customer's "Recent activity" lists: what they did themselves (but signing in and out) and
 * what others did to their account, licences, requests and tickets — every other audit action. Each
 * has its own wording in every language: the web app's locale test fails for a new audit action
 * until it has one here, or is listed above.
 */
export const customerActivityActions: readonly CustomerActivityAction[] = auditActions.filter(
  (action): action is CustomerActivityAction => !(notCustomerActivity as readonly string[]).includes(action),
);

/** Days of validations the admin dashboard shows (today included). */
export const VALIDATION_DAYS_SHOWN = 30;
/** Months of issued licences the admin dashboard shows (this month included). */
export const ISSUED_MONTHS_SHOWN = 12;
/**
 * Days of issued licences the admin dashboard sends (today included): enough to cover the last
 * `ISSUED_MONTHS_SHOWN` months of any calendar the interface shows (11 whole months of at most 31
 * days and this one), so it groups them into the months of the calendar it displays.
 */
export const ISSUED_DAYS_SHOWN = ISSUED_MONTHS_SHOWN * 31;
/** An installation counts as live when not released and seen within this many hours. */
export const LIVE_INSTALLATION_HOURS = 24;


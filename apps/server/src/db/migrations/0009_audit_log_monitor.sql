DROP INDEX "audit_events_at_idx";--> statement-breakpoint
DROP INDEX "audit_events_actor_idx";--> statement-breakpoint
DROP INDEX "audit_events_action_idx";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "outcome" text DEFAULT 'success' NOT NULL;--> statement-breakpoint
-- Written by hand: events recorded before these columns get their actor's e-mail and outcome.
UPDATE "audit_events" SET "actor_email" = "users"."email" FROM "users" WHERE "users"."id" = "audit_events"."actor_id";--> statement-breakpoint
UPDATE "audit_events" SET "outcome" = 'failure' WHERE "action" IN ('auth.login_failed', 'job.failed');--> statement-breakpoint
CREATE INDEX "audit_events_outcome_idx" ON "audit_events" USING btree ("outcome","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_email_idx" ON "audit_events" USING btree (coalesce("actor_email", ''),"at","id");--> statement-breakpoint
CREATE INDEX "audit_events_target_type_idx" ON "audit_events" USING btree (coalesce("target_type", ''),"at","id");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","at","id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_outcome_check" CHECK ("audit_events"."outcome" in ('success', 'failure'));
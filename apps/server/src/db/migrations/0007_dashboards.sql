CREATE TABLE "validation_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_type","target_id","at");--> statement-breakpoint
CREATE INDEX "installations_live_seen_idx" ON "installations" USING btree ("last_seen_at") WHERE "installations"."released_at" is null;
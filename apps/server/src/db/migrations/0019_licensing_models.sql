CREATE TABLE "trial_fingerprints" (
	"plan_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"license_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_fingerprints_plan_id_fingerprint_pk" PRIMARY KEY("plan_id","fingerprint")
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "trial_days" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "floating" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "heartbeat_seconds" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "expiration_strategy" text DEFAULT 'revoke' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "offline_ttl_days" integer;--> statement-breakpoint
ALTER TABLE "installations" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "installations" ADD COLUMN "last_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "installations" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "type" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "floating" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "heartbeat_seconds" integer;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "expiration_strategy" text DEFAULT 'revoke' NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "offline_ttl_days" integer;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "expiry_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trial_fingerprints" ADD CONSTRAINT "trial_fingerprints_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_fingerprints" ADD CONSTRAINT "trial_fingerprints_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installations_lease_idx" ON "installations" USING btree ("lease_expires_at") WHERE "installations"."lease_expires_at" is not null and "installations"."dead_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_trial_once_key" ON "licenses" USING btree ("owner_id","plan_id") WHERE "licenses"."type" = 'trial';--> statement-breakpoint
CREATE INDEX "licenses_unannounced_expiry_idx" ON "licenses" USING btree ("expires_at") WHERE "licenses"."expiry_announced_at" is null;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_policy_check" CHECK (("plans"."trial_days" is null or "plans"."trial_days" between 1 and 90) and "plans"."heartbeat_seconds" between 60 and 86400 and ("plans"."offline_ttl_days" is null or "plans"."offline_ttl_days" between 1 and 3650));--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_floating_check" CHECK (not "licenses"."floating" or "licenses"."heartbeat_seconds" is not null);--> statement-breakpoint
-- Licences that ended before this release are not announced as `license.expired` now, all at once.
UPDATE "licenses" SET "expiry_announced_at" = now() WHERE "expires_at" <= now();

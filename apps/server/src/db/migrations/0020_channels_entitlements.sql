CREATE TABLE "update_required_features" (
	"update_id" uuid NOT NULL,
	"feature_id" uuid NOT NULL,
	CONSTRAINT "update_required_features_update_id_feature_id_pk" PRIMARY KEY("update_id","feature_id")
);
--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "code" text;--> statement-breakpoint
-- Existing features get a code derived from the name as the server derives one (featureCodeFromName):
-- accents dropped, upper-case ASCII, runs of other characters one "_", trimmed, at most 64, "FEATURE" under 2 characters;
-- "_2", "_3"… for the later of two alike (by creation), and a piece of the id if that is still taken.
WITH "derived" AS (
	SELECT "id", "created_at", rtrim(left(btrim(regexp_replace(regexp_replace(upper(normalize("name", NFKD)), '[\u0300-\u036f]+', '', 'g'), '[^A-Z0-9]+', '_', 'g'), '_'), 64), '_') AS "raw"
	FROM "features"
), "based" AS (
	SELECT "id", "created_at", CASE WHEN length("raw") >= 2 THEN "raw" ELSE 'FEATURE' END AS "base" FROM "derived"
), "ranked" AS (
	SELECT "id", "base", row_number() OVER (PARTITION BY "base" ORDER BY "created_at", "id") AS "rank" FROM "based"
)
UPDATE "features" SET "code" = CASE WHEN "ranked"."rank" = 1 THEN "ranked"."base"
	ELSE rtrim(left("ranked"."base", 63 - length("ranked"."rank"::text)), '_') || '_' || "ranked"."rank"::text END
FROM "ranked" WHERE "ranked"."id" = "features"."id";--> statement-breakpoint
WITH "clashing" AS (
	SELECT "id", row_number() OVER (PARTITION BY "code" ORDER BY "created_at", "id") AS "rank" FROM "features"
)
UPDATE "features" SET "code" = rtrim(left("features"."code", 55), '_') || '_' || upper(left(replace("features"."id"::text, '-', ''), 8))
FROM "clashing" WHERE "clashing"."id" = "features"."id" AND "clashing"."rank" > 1;--> statement-breakpoint
ALTER TABLE "features" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "channels" text[] DEFAULT '{stable}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "channels" text[] DEFAULT '{stable}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "updates" ADD COLUMN "channel" text DEFAULT 'stable' NOT NULL;--> statement-breakpoint
ALTER TABLE "updates" ADD COLUMN "yanked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "updates" ADD COLUMN "yanked_by" uuid;--> statement-breakpoint
ALTER TABLE "update_required_features" ADD CONSTRAINT "update_required_features_update_id_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_required_features" ADD CONSTRAINT "update_required_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "update_required_features_feature_idx" ON "update_required_features" USING btree ("feature_id");--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_yanked_by_users_id_fk" FOREIGN KEY ("yanked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "features_code_key" ON "features" USING btree ("code");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_channels_check" CHECK (cardinality("plans"."channels") >= 1 and "plans"."channels" <@ array['stable','rc','beta','alpha','dev']::text[]);--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_channels_check" CHECK (cardinality("licenses"."channels") >= 1 and "licenses"."channels" <@ array['stable','rc','beta','alpha','dev']::text[]);--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_channel_check" CHECK ("updates"."channel" in ('stable', 'rc', 'beta', 'alpha', 'dev'));--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_yanked_published_check" CHECK ("updates"."yanked_at" is null or "updates"."status" = 'published');
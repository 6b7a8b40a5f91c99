CREATE TABLE "update_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"update_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "update_files_kind_check" CHECK ("update_files"."kind" in ('backend', 'frontend', 'extra'))
);
--> statement-breakpoint
CREATE TABLE "update_verifications" (
	"update_id" uuid NOT NULL,
	"license_id" uuid NOT NULL,
	"verified_by" uuid,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_verifications_update_id_license_id_pk" PRIMARY KEY("update_id","license_id")
);
--> statement-breakpoint
CREATE TABLE "updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" text,
	"version_key" text COLLATE "C",
	"type" text,
	"header" text,
	"change_log" text,
	"commands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"manifest" text,
	"manifest_signature" text,
	"package_sha256" text,
	"package_size" bigint,
	"created_by" uuid,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "updates_status_check" CHECK ("updates"."status" in ('draft', 'published')),
	CONSTRAINT "updates_type_check" CHECK ("updates"."type" is null or "updates"."type" in ('major', 'minor')),
	CONSTRAINT "updates_published_complete_check" CHECK ("updates"."status" = 'draft' or num_nulls("updates"."version", "updates"."version_key", "updates"."type", "updates"."header", "updates"."change_log", "updates"."manifest", "updates"."manifest_signature", "updates"."package_sha256", "updates"."package_size", "updates"."published_at") = 0)
);
--> statement-breakpoint
ALTER TABLE "license_tokens" ADD COLUMN "installed_version" text;--> statement-breakpoint
ALTER TABLE "update_files" ADD CONSTRAINT "update_files_update_id_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_verifications" ADD CONSTRAINT "update_verifications_update_id_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_verifications" ADD CONSTRAINT "update_verifications_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_verifications" ADD CONSTRAINT "update_verifications_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "update_files_path_key" ON "update_files" USING btree ("update_id",lower("path"));--> statement-breakpoint
CREATE INDEX "update_files_sha256_idx" ON "update_files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "update_verifications_license_idx" ON "update_verifications" USING btree ("license_id");--> statement-breakpoint
CREATE UNIQUE INDEX "updates_published_version_key" ON "updates" USING btree ("version_key") WHERE "updates"."status" = 'published';--> statement-breakpoint
CREATE INDEX "updates_created_idx" ON "updates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "updates_published_idx" ON "updates" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "updates_status_created_idx" ON "updates" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "updates_package_sha256_idx" ON "updates" USING btree ("package_sha256");
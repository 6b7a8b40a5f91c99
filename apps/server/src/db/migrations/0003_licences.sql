CREATE TABLE "installations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"data_summary" text DEFAULT '' NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" uuid,
	"released_by_admin" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_expiry_notices" (
	"license_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_expiry_notices_license_id_days_before_pk" PRIMARY KEY("license_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "license_features" (
	"license_id" uuid NOT NULL,
	"feature_id" uuid NOT NULL,
	CONSTRAINT "license_features_license_id_feature_id_pk" PRIMARY KEY("license_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "license_request_features" (
	"request_id" uuid NOT NULL,
	"feature_id" uuid NOT NULL,
	CONSTRAINT "license_request_features_request_id_feature_id_pk" PRIMARY KEY("request_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "license_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"plan_id" uuid,
	"project_id" uuid,
	"quantity" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"duration_days" integer,
	"max_activations" integer,
	"reject_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_requests_quantity_check" CHECK ("license_requests"."quantity" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "license_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"installation_id" uuid,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_compact" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"request_id" uuid,
	"plan_id" uuid NOT NULL,
	"project_id" uuid,
	"status" text DEFAULT 'not_activated' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_activations" integer NOT NULL,
	"max_releases_per_30_days" integer DEFAULT 3 NOT NULL,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_releases_per_30_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_expiry_notices" ADD CONSTRAINT "license_expiry_notices_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_features" ADD CONSTRAINT "license_features_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_features" ADD CONSTRAINT "license_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_request_features" ADD CONSTRAINT "license_request_features_request_id_license_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."license_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_request_features" ADD CONSTRAINT "license_request_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_requests" ADD CONSTRAINT "license_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_requests" ADD CONSTRAINT "license_requests_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_requests" ADD CONSTRAINT "license_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_requests" ADD CONSTRAINT "license_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_tokens" ADD CONSTRAINT "license_tokens_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_tokens" ADD CONSTRAINT "license_tokens_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_tokens" ADD CONSTRAINT "license_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_request_id_license_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."license_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "installations_active_fingerprint_key" ON "installations" USING btree ("license_id","fingerprint") WHERE "installations"."released_at" is null;--> statement-breakpoint
CREATE INDEX "installations_license_idx" ON "installations" USING btree ("license_id","released_at");--> statement-breakpoint
CREATE INDEX "license_features_feature_idx" ON "license_features" USING btree ("feature_id");--> statement-breakpoint
CREATE INDEX "license_requests_requester_idx" ON "license_requests" USING btree ("requester_id","created_at");--> statement-breakpoint
CREATE INDEX "license_requests_status_idx" ON "license_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "license_tokens_token_hash_key" ON "license_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_key_key" ON "licenses" USING btree ("key_compact");--> statement-breakpoint
CREATE INDEX "licenses_owner_idx" ON "licenses" USING btree ("owner_id","issued_at");--> statement-breakpoint
CREATE INDEX "licenses_status_idx" ON "licenses" USING btree ("status","issued_at");--> statement-breakpoint
CREATE INDEX "licenses_expires_idx" ON "licenses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "licenses_project_idx" ON "licenses" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "licenses_plan_idx" ON "licenses" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");
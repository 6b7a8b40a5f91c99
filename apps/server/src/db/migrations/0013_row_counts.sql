CREATE TABLE "row_counts" (
	"table_name" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "row_counts_table_idx" ON "row_counts" USING btree ("table_name");--> statement-breakpoint
CREATE INDEX "plans_name_idx" ON "plans" USING btree ("name","id");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express triggers): one +n / -n row per statement, in its transaction.
CREATE FUNCTION "row_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "row_counts" ("table_name", "delta") SELECT TG_TABLE_NAME, count(*) FROM "new_rows" HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "row_counts" ("table_name", "delta") SELECT TG_TABLE_NAME, -count(*) FROM "old_rows" HAVING count(*) > 0;
  ELSE
    DELETE FROM "row_counts" WHERE "table_name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "users_count_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "licenses_count_insert" AFTER INSERT ON "licenses" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "licenses_count_delete" AFTER DELETE ON "licenses" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "licenses_count_truncate" AFTER TRUNCATE ON "licenses" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "tickets_count_insert" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "tickets_count_delete" AFTER DELETE ON "tickets" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "tickets_count_truncate" AFTER TRUNCATE ON "tickets" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "audit_events_count_insert" AFTER INSERT ON "audit_events" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "audit_events_count_delete" AFTER DELETE ON "audit_events" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "audit_events_count_truncate" AFTER TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "delta")
  SELECT 'users', count(*) FROM "users" UNION ALL SELECT 'licenses', count(*) FROM "licenses"
  UNION ALL SELECT 'tickets', count(*) FROM "tickets" UNION ALL SELECT 'audit_events', count(*) FROM "audit_events";

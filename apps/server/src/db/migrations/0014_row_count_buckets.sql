DROP INDEX "row_counts_table_idx";--> statement-breakpoint
ALTER TABLE "row_counts" ADD COLUMN "bucket" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "row_counts_table_bucket_idx" ON "row_counts" USING btree ("table_name","bucket");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express triggers): the dashboards' counts by bucket, kept as
-- 0013 keeps the totals. Inserts and deletes add one row per bucket a statement touched; an update
-- that moves a row to another bucket (a status change) takes 1 from the old bucket and gives it to the
-- new one — a row-level trigger whose WHEN skips every update that leaves the buckets alone (most do:
-- validations, logins, replies), so they pay nothing.
CREATE FUNCTION "users_count_buckets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "row_counts" ("table_name", "bucket", "delta") SELECT 'users', 'status:' || "status", count(*) FROM "new_rows" GROUP BY "status";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "row_counts" ("table_name", "bucket", "delta") SELECT 'users', 'status:' || "status", -count(*) FROM "old_rows" GROUP BY "status";
  ELSE
    INSERT INTO "row_counts" ("table_name", "bucket", "delta") VALUES ('users', 'status:' || OLD."status", -1), ('users', 'status:' || NEW."status", 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "tickets_count_buckets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "row_counts" ("table_name", "bucket", "delta") SELECT 'tickets', 'status:' || "status", count(*) FROM "new_rows" GROUP BY "status";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "row_counts" ("table_name", "bucket", "delta") SELECT 'tickets', 'status:' || "status", -count(*) FROM "old_rows" GROUP BY "status";
  ELSE
    INSERT INTO "row_counts" ("table_name", "bucket", "delta") VALUES ('tickets', 'status:' || OLD."status", -1), ('tickets', 'status:' || NEW."status", 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A licence counts in its status and in the UTC month it was issued.
CREATE FUNCTION "licenses_count_buckets_of"("status" text, "issued_at" timestamptz) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY['status:' || "status", 'issued:' || to_char("issued_at" AT TIME ZONE 'UTC', 'YYYY-MM')]
$$;
--> statement-breakpoint
CREATE FUNCTION "licenses_count_buckets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "row_counts" ("table_name", "bucket", "delta")
      SELECT 'licenses', "bucket", count(*) FROM "new_rows", unnest("licenses_count_buckets_of"("status", "issued_at")) AS "bucket" GROUP BY "bucket";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "row_counts" ("table_name", "bucket", "delta")
      SELECT 'licenses', "bucket", -count(*) FROM "old_rows", unnest("licenses_count_buckets_of"("status", "issued_at")) AS "bucket" GROUP BY "bucket";
  ELSE
    INSERT INTO "row_counts" ("table_name", "bucket", "delta")
      SELECT 'licenses', "bucket", sum("delta") FROM (
        SELECT unnest("licenses_count_buckets_of"(OLD."status", OLD."issued_at")) AS "bucket", -1 AS "delta"
        UNION ALL SELECT unnest("licenses_count_buckets_of"(NEW."status", NEW."issued_at")), 1
      ) AS "moved" GROUP BY "bucket" HAVING sum("delta") <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_buckets_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "users_count_buckets"();--> statement-breakpoint
CREATE TRIGGER "users_buckets_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "users_count_buckets"();--> statement-breakpoint
CREATE TRIGGER "users_buckets_update" AFTER UPDATE OF "status" ON "users" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "users_count_buckets"();--> statement-breakpoint
CREATE TRIGGER "tickets_buckets_insert" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tickets_count_buckets"();--> statement-breakpoint
CREATE TRIGGER "tickets_buckets_delete" AFTER DELETE ON "tickets" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tickets_count_buckets"();--> statement-breakpoint
CREATE TRIGGER "tickets_buckets_update" AFTER UPDATE OF "status" ON "tickets" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "tickets_count_buckets"();--> statement-breakpoint
CREATE TRIGGER "licenses_buckets_insert" AFTER INSERT ON "licenses" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "licenses_count_buckets"();--> statement-breakpoint
CREATE TRIGGER "licenses_buckets_delete" AFTER DELETE ON "licenses" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "licenses_count_buckets"();--> statement-breakpoint
CREATE TRIGGER "licenses_buckets_update" AFTER UPDATE OF "status", "issued_at" ON "licenses" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."issued_at" IS DISTINCT FROM NEW."issued_at") EXECUTE FUNCTION "licenses_count_buckets"();--> statement-breakpoint
-- The existing rows' buckets, counted once (the migration holds its tables' locks while it runs).
INSERT INTO "row_counts" ("table_name", "bucket", "delta")
  SELECT 'users', 'status:' || "status", count(*) FROM "users" GROUP BY "status"
  UNION ALL SELECT 'tickets', 'status:' || "status", count(*) FROM "tickets" GROUP BY "status"
  UNION ALL SELECT 'licenses', "bucket", count(*) FROM "licenses", unnest("licenses_count_buckets_of"("status", "issued_at")) AS "bucket" GROUP BY "bucket";

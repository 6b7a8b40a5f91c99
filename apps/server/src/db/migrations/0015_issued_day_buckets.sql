-- Hand-written, like 0014: licences also count in the UTC day they were issued
-- ('issued-day:YYYY-MM-DD'). The admin dashboard groups those days into the months of the calendar it
-- shows: a Persian month begins around the 21st of a Gregorian one, so 'issued:<YYYY-MM>' cannot say
-- how many licences its bars hold. 0014's triggers call this function, so they count the days too.
-- No licence is written while the function changes and the existing ones are counted.
LOCK TABLE "licenses" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "licenses_count_buckets_of"("status" text, "issued_at" timestamptz) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY[
    'status:' || "status",
    'issued:' || to_char("issued_at" AT TIME ZONE 'UTC', 'YYYY-MM'),
    'issued-day:' || to_char("issued_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD')
  ]
$$;
--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "bucket", "delta")
  SELECT 'licenses', 'issued-day:' || to_char("issued_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*) FROM "licenses" GROUP BY 2;

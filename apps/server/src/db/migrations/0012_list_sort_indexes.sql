DROP INDEX "users_created_idx";--> statement-breakpoint
DROP INDEX "licenses_expires_idx";--> statement-breakpoint
DROP INDEX "licenses_plan_idx";--> statement-breakpoint
DROP INDEX "tickets_updated_idx";--> statement-breakpoint
DROP INDEX "tickets_created_idx";--> statement-breakpoint
CREATE INDEX "users_sort_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_sort_email_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_sort_user_name_idx" ON "users" USING btree ("user_name","id");--> statement-breakpoint
CREATE INDEX "users_sort_firstname_idx" ON "users" USING btree ("firstname","id");--> statement-breakpoint
CREATE INDEX "users_sort_lastname_idx" ON "users" USING btree ("lastname","id");--> statement-breakpoint
CREATE INDEX "users_sort_status_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "licenses_sort_issued_idx" ON "licenses" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "licenses_sort_expires_idx" ON "licenses" USING btree ("expires_at","id");--> statement-breakpoint
CREATE INDEX "licenses_sort_status_idx" ON "licenses" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "licenses_sort_plan_idx" ON "licenses" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "tickets_sort_number_idx" ON "tickets" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "tickets_sort_subject_idx" ON "tickets" USING btree (lower("subject"),"id");--> statement-breakpoint
CREATE INDEX "tickets_sort_status_idx" ON "tickets" USING btree ((case "status" when 'open' then 1 when 'in_progress' then 2 when 'resolved' then 3 else 4 end),"id");--> statement-breakpoint
CREATE INDEX "tickets_sort_priority_idx" ON "tickets" USING btree ((case "priority" when 'low' then 1 when 'medium' then 2 when 'high' then 3 else 4 end),"id");--> statement-breakpoint
CREATE INDEX "tickets_sort_created_idx" ON "tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_sort_updated_idx" ON "tickets" USING btree ("updated_at","id");
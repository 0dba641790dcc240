-- The console's feedback inbox (handled by whom and when, newest first a page at a time) and its
-- list and export of confirmed newsletter subscribers.
ALTER TABLE "feedback" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_confirmed_idx" ON "subscriptions" USING btree ("confirmed_at","id") WHERE "subscriptions"."confirmed_at" is not null;

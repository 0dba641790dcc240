CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ride_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seats" smallint NOT NULL,
	"suitcases" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_seats_check" CHECK ("waitlist_entries"."seats" between 1 and 8),
	CONSTRAINT "waitlist_entries_suitcases_check" CHECK ("waitlist_entries"."suitcases" between 0 and 8)
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_per_user_idx" ON "waitlist_entries" USING btree ("ride_id","user_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_ride_order_idx" ON "waitlist_entries" USING btree ("ride_id","seq");--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id");
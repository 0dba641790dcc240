CREATE TABLE "ride_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"region" text NOT NULL,
	"timezone" text NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"local_time" text NOT NULL,
	"first_day" date NOT NULL,
	"until" date NOT NULL,
	"created_through" date NOT NULL,
	"from_place" text NOT NULL,
	"to_place" text NOT NULL,
	"price_cents" integer NOT NULL,
	"total_seats" smallint NOT NULL,
	"total_suitcases" smallint NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pickup_address" text,
	"pickup_lat" double precision,
	"pickup_lng" double precision,
	"dropoff_address" text,
	"dropoff_lat" double precision,
	"dropoff_lng" double precision,
	"status" text DEFAULT 'active' NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_series_status_check" CHECK ("ride_series"."status" in ('active', 'stopped')),
	CONSTRAINT "ride_series_until_check" CHECK ("ride_series"."until" >= "ride_series"."first_day")
);
--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "series_day" date;--> statement-breakpoint
ALTER TABLE "ride_series" ADD CONSTRAINT "ride_series_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_series_driver_idx" ON "ride_series" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "ride_series_active_idx" ON "ride_series" USING btree ("created_through") WHERE "ride_series"."status" = 'active';--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_series_id_ride_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."ride_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rides_series_day_idx" ON "rides" USING btree ("series_id","series_day");
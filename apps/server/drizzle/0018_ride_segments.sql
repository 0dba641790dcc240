CREATE TABLE "ride_segments" (
	"ride_id" uuid NOT NULL,
	"board_position" smallint NOT NULL,
	"alight_position" smallint NOT NULL,
	"to_destination" boolean NOT NULL,
	"region" text NOT NULL,
	"board_place" text NOT NULL,
	"alight_place" text NOT NULL,
	"leaves_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ride_segments_ride_id_board_position_alight_position_pk" PRIMARY KEY("ride_id","board_position","alight_position")
);
--> statement-breakpoint
DROP INDEX "rides_route_idx";--> statement-breakpoint
DROP INDEX "rides_destination_idx";--> statement-breakpoint
DROP INDEX "rides_route_places_idx";--> statement-breakpoint
ALTER TABLE "ride_segments" ADD CONSTRAINT "ride_segments_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_segments_pair_idx" ON "ride_segments" USING btree ("region","board_place","alight_place","leaves_at");--> statement-breakpoint
CREATE INDEX "ride_segments_boarding_idx" ON "ride_segments" USING btree ("region","board_place","leaves_at") WHERE "ride_segments"."to_destination";--> statement-breakpoint
CREATE INDEX "ride_segments_alighting_idx" ON "ride_segments" USING btree ("region","alight_place","leaves_at") WHERE "ride_segments"."board_position" = 0;--> statement-breakpoint
-- The segments of one ride: every ordered pair of places on its route, with when the ride leaves
-- the boarding place (the departure, or the stop's own time).
CREATE FUNCTION ride_segments_of(ride rides) RETURNS TABLE (
  ride_id uuid, board_position smallint, alight_position smallint, to_destination boolean,
  region text, board_place text, alight_place text, leaves_at timestamptz
) LANGUAGE sql STABLE AS $$
  SELECT ride.id, (board.i - 1)::smallint, (alight.i - 1)::smallint, alight.i = cardinality(ride.route),
         ride.region, board.place, alight.place,
         CASE WHEN board.i = 1 THEN ride.departs_at ELSE ride.stop_times[board.i - 1] END
    FROM unnest(ride.route) WITH ORDINALITY AS board(place, i)
    JOIN unnest(ride.route) WITH ORDINALITY AS alight(place, i) ON alight.i > board.i
$$;--> statement-breakpoint
-- Writes the segments of the rides an INSERT posted (one statement for a weekly series' rides).
CREATE FUNCTION ride_segments_posted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ride_segments (ride_id, board_position, alight_position, to_destination, region, board_place, alight_place, leaves_at)
    SELECT segment.* FROM posted, ride_segments_of(posted) AS segment;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Rewrites a ride's segments when its route, stop times, departure or region change; a booking
-- (which changes only the free seats of the legs) leaves them alone.
CREATE FUNCTION ride_segments_rewritten() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ride_segments WHERE ride_segments.ride_id = NEW.id;
  INSERT INTO ride_segments (ride_id, board_position, alight_position, to_destination, region, board_place, alight_place, leaves_at)
    SELECT * FROM ride_segments_of(NEW);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ride_segments_on_insert AFTER INSERT ON rides REFERENCING NEW TABLE AS posted
  FOR EACH STATEMENT EXECUTE FUNCTION ride_segments_posted();--> statement-breakpoint
CREATE TRIGGER ride_segments_on_update AFTER UPDATE ON rides FOR EACH ROW
  WHEN (OLD.route IS DISTINCT FROM NEW.route OR OLD.stop_times IS DISTINCT FROM NEW.stop_times
        OR OLD.departs_at IS DISTINCT FROM NEW.departs_at OR OLD.region IS DISTINCT FROM NEW.region)
  EXECUTE FUNCTION ride_segments_rewritten();--> statement-breakpoint
INSERT INTO ride_segments (ride_id, board_position, alight_position, to_destination, region, board_place, alight_place, leaves_at)
  SELECT segment.* FROM rides, ride_segments_of(rides) AS segment;

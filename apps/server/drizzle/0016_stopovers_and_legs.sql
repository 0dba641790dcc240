-- Stopovers and seats per leg (docs/decisions/stopovers-and-seats-per-leg.md). A ride of n stops
-- has n + 1 legs; leg i runs from route[i] to route[i + 1] (0-based) and holds its own free seats
-- and suitcases. A booking or a wait covers the legs between its from_place and to_place.

-- The smallest free count over all legs: the whole ride's room (a generated column's expression).
CREATE FUNCTION legs_min(legs smallint[]) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT min(x) FROM unnest(legs) AS x $$;--> statement-breakpoint
-- The 1-based bounds of the legs between two places of a route, as an int4range [first, last]:
-- null when a place is not on the route or they are not in route order. A null place is the
-- route's own end (from: its start, to: its destination).
CREATE FUNCTION route_legs(route text[], from_place text, to_place text) RETURNS int4range
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN f IS NOT NULL AND t IS NOT NULL AND f < t THEN int4range(f, t) END
      FROM (SELECT coalesce(array_position(route, from_place), CASE WHEN from_place IS NULL THEN 1 END) AS f,
                   coalesce(array_position(route, to_place), CASE WHEN to_place IS NULL THEN cardinality(route) END) AS t) AS bounds
$$;--> statement-breakpoint
-- The smallest free count over the legs of a range (route_legs); null for a null range.
CREATE FUNCTION legs_min(legs smallint[], range int4range) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT min(x) FROM unnest(legs[lower(range):upper(range) - 1]) AS x $$;--> statement-breakpoint
-- The legs with delta added on the legs of a range (negative: seats taken, positive: given back).
CREATE FUNCTION legs_add(legs smallint[], range int4range, delta integer) RETURNS smallint[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT array_agg((CASE WHEN i::integer <@ range THEN x + delta ELSE x END)::smallint ORDER BY i)
      FROM unnest(legs) WITH ORDINALITY AS u(x, i)
$$;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "stop_places" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "stop_times" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "route" text[] GENERATED ALWAYS AS (array[from_place] || stop_places || array[to_place]) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "leg_seats" smallint[];--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "leg_suitcases" smallint[];--> statement-breakpoint
UPDATE "rides" SET "leg_seats" = array["seats_available"], "leg_suitcases" = array["suitcases_available"];--> statement-breakpoint
ALTER TABLE "rides" ALTER COLUMN "leg_seats" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ALTER COLUMN "leg_suitcases" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" DROP CONSTRAINT "rides_seats_available_check";--> statement-breakpoint
ALTER TABLE "rides" DROP CONSTRAINT "rides_suitcases_available_check";--> statement-breakpoint
ALTER TABLE "rides" DROP COLUMN "seats_available";--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "seats_available" smallint GENERATED ALWAYS AS (legs_min(leg_seats)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" DROP COLUMN "suitcases_available";--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "suitcases_available" smallint GENERATED ALWAYS AS (legs_min(leg_suitcases)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_legs_check" CHECK (cardinality("rides"."leg_seats") = cardinality("rides"."stop_places") + 1 and cardinality("rides"."leg_suitcases") = cardinality("rides"."stop_places") + 1
          and cardinality("rides"."stop_times") = cardinality("rides"."stop_places")
          and 0 <= all("rides"."leg_seats") and "rides"."total_seats" >= all("rides"."leg_seats")
          and 0 <= all("rides"."leg_suitcases") and "rides"."total_suitcases" >= all("rides"."leg_suitcases"));--> statement-breakpoint
CREATE INDEX "rides_route_places_idx" ON "rides" USING gin ("route") WITH (fastupdate = off);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "from_place" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "to_place" text;--> statement-breakpoint
UPDATE "bookings" SET "from_place" = "rides"."from_place", "to_place" = "rides"."to_place" FROM "rides" WHERE "rides"."id" = "bookings"."ride_id";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "from_place" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "to_place" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "from_place" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "to_place" text;--> statement-breakpoint
UPDATE "waitlist_entries" SET "from_place" = "rides"."from_place", "to_place" = "rides"."to_place" FROM "rides" WHERE "rides"."id" = "waitlist_entries"."ride_id";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ALTER COLUMN "from_place" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ALTER COLUMN "to_place" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_series" ADD COLUMN "stop_places" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_series" ADD COLUMN "stop_offsets_minutes" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The participant view (migration 0014) carries where each passenger boards and leaves.
CREATE OR REPLACE FUNCTION ride_participant_view(p_ride_id uuid, p_messages integer) RETURNS json
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN json_build_object(
    'passengers', coalesce((
      SELECT json_agg(json_build_object(
               'id', b.id, 'rideId', b.ride_id, 'userId', b.user_id, 'seats', b.seats, 'suitcases', b.suitcases,
               'status', b.status, 'cancelledBy', b.cancelled_by, 'createdAt', b.created_at,
               'fromPlace', b.from_place, 'toPlace', b.to_place,
               'name', u.name, 'avatarFileId', u.avatar_file_id, 'avatarColor', u.avatar_color)
             ORDER BY b.created_at, b.id)
        FROM bookings b JOIN users u ON u.id = b.user_id
       WHERE b.ride_id = p_ride_id), '[]'::json),
    'total', (SELECT count(*) FROM ride_messages m WHERE m.ride_id = p_ride_id)::int,
    'messages', coalesce((
      SELECT json_agg(json_build_object(
               'id', latest.id, 'userId', latest.user_id, 'kind', latest.kind, 'content', latest.content,
               'hiddenAt', latest.hidden_at, 'createdAt', latest.created_at,
               'userName', latest.user_name, 'userAvatarFileId', latest.user_avatar_file_id)
             ORDER BY latest.created_at, latest.id)
        FROM (SELECT m.id, m.user_id, m.kind, m.content, m.hidden_at, m.created_at,
                     u.name AS user_name, u.avatar_file_id AS user_avatar_file_id
                FROM ride_messages m LEFT JOIN users u ON u.id = m.user_id
               WHERE m.ride_id = p_ride_id
               ORDER BY m.created_at DESC, m.id DESC
               LIMIT p_messages) latest), '[]'::json));
END;
$$;

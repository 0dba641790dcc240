ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_check" CHECK ("bookings"."cancelled_by" in ('passenger', 'driver', 'app'));--> statement-breakpoint
-- The participant view (migration 0012) carries who cancelled a booking, so that the driver reads
-- CANCELLED for a passenger's own cancellation and REJECTED for a rejection.
CREATE OR REPLACE FUNCTION ride_participant_view(p_ride_id uuid, p_messages integer) RETURNS json
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN json_build_object(
    'passengers', coalesce((
      SELECT json_agg(json_build_object(
               'id', b.id, 'rideId', b.ride_id, 'userId', b.user_id, 'seats', b.seats, 'suitcases', b.suitcases,
               'status', b.status, 'cancelledBy', b.cancelled_by, 'createdAt', b.created_at,
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

-- Two changes measured on the booking benchmark (bench/README.md, "the booking path, fourth look").
--
-- 1. A notification gets a push row only when its user has a push subscription at that moment.
--    Most people never turn push on; their push rows used to be inserted and then marked skipped
--    by the worker's claim, two writes per notification for nothing. The worker still skips a row
--    whose subscription went away before it was sent.
--    The rows are inserted one by one, without ON CONFLICT: their keys are made of the new
--    notification's id, so no row can exist before this insert, and a plain insert is cheaper than
--    the speculative one ON CONFLICT needs (the trigger runs inside every booking's statement).
CREATE OR REPLACE FUNCTION notification_outbox_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind <> 'direct_message' THEN
    INSERT INTO notification_outbox (idempotency_key, notification_id, user_id, channel, kind)
    VALUES (NEW.id::text || ':email', NEW.id, NEW.user_id, 'email', NEW.kind);
  END IF;
  IF EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = NEW.user_id) THEN
    INSERT INTO notification_outbox (idempotency_key, notification_id, user_id, channel, kind)
    VALUES (NEW.id::text || ':push', NEW.id, NEW.user_id, 'push', NEW.kind);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- 2. What a ride's participants see beyond the ride (docs/decisions/ride-participant-view.md): its
--    bookings with their passengers (oldest first), how many messages its chat holds, and its
--    newest p_messages messages (oldest first, on ride_messages_ride_idx), as one JSON object.
--    VOLATILE and PL/pgSQL on purpose: its query takes a snapshot of its own when it runs, so the
--    booking statement, which calls it after its UPDATE has the ride's row lock, sees every
--    booking committed before that lock, not only those of the statement's own earlier snapshot.
CREATE FUNCTION ride_participant_view(p_ride_id uuid, p_messages integer) RETURNS json
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN json_build_object(
    'passengers', coalesce((
      SELECT json_agg(json_build_object(
               'id', b.id, 'rideId', b.ride_id, 'userId', b.user_id, 'seats', b.seats, 'suitcases', b.suitcases,
               'status', b.status, 'createdAt', b.created_at,
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

-- Whether a user is neither suspended nor deleted, as committed when the function runs.
-- VOLATILE and PL/pgSQL on purpose, like ride_participant_view: its query takes a snapshot of its
-- own. The booking statement asks it why nothing was written; a suspension that committed while
-- the statement's UPDATE waited for the passenger's row is then seen at once, where the
-- statement's own snapshot, taken before that wait, still shows the account active and the
-- refusal looked like a lost race (bench/README.md and docs/decisions/reports-and-blocks.md).
CREATE FUNCTION user_is_active(p_user_id uuid) RETURNS boolean
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM users u WHERE u.id = p_user_id AND u.suspended_at IS NULL AND u.deleted_at IS NULL);
END;
$$;

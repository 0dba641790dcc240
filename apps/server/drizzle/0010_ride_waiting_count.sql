ALTER TABLE "rides" ADD COLUMN "waiting_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written below
-- The ride's waiting count follows every entry added or removed, in the same transaction, so a
-- ride list reads waitlist_entries only for the rides someone waits on.
CREATE FUNCTION rides_waiting_count_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE rides SET waiting_count = waiting_count + 1 WHERE id = NEW.ride_id;
  ELSE
    UPDATE rides SET waiting_count = waiting_count - 1 WHERE id = OLD.ride_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_ride_count_after_change AFTER INSERT OR DELETE ON waitlist_entries
  FOR EACH ROW EXECUTE FUNCTION rides_waiting_count_follow();
--> statement-breakpoint
UPDATE rides r SET waiting_count = t.n
  FROM (SELECT ride_id, count(*)::int AS n FROM waitlist_entries GROUP BY ride_id) t
 WHERE r.id = t.ride_id;

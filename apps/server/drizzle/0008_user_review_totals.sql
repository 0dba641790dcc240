ALTER TABLE "users" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_stars_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written below
-- The reviewee's totals follow every review written or removed, in the same transaction.
CREATE FUNCTION users_review_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET review_count = review_count + 1, review_stars_total = review_stars_total + NEW.stars WHERE id = NEW.reviewee_id;
  ELSE
    UPDATE users SET review_count = review_count - 1, review_stars_total = review_stars_total - OLD.stars WHERE id = OLD.reviewee_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_user_totals_after_change AFTER INSERT OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION users_review_totals_follow();
--> statement-breakpoint
UPDATE users u SET review_count = t.n, review_stars_total = t.total
  FROM (SELECT reviewee_id, count(*)::int AS n, sum(stars)::int AS total FROM reviews GROUP BY reviewee_id) t
 WHERE u.id = t.reviewee_id;

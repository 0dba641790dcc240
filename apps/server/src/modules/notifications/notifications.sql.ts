import { sql, type SQL } from 'drizzle-orm';
import { notifications } from '../../db/schema.js';

/*
 * The notifications module's public query fragments: SQL that another module's statement puts
 * inside itself where a call of createNotification cannot go, because the notification must be
 * written by the same statement (the one-statement booking: docs/decisions/seat-inventory-and-module-shape.md).
 * The module owns the table, and so the one text that inserts into it; the rows' pushes still go
 * through publishNotification after commit.
 */

/** The values of a notification about a booking, as SQL over the rows of the statement's CTEs. */
export interface BookingNotificationValues {
  userId: SQL;
  kind: SQL;
  title: SQL;
  body: SQL;
  rideId: SQL;
  bookingId: SQL;
  otherUserId: SQL;
}

/**
 * A CTE body that inserts one notification per row of `from` (a booking statement's CTEs: one
 * row when the booking was written, none when it was not) and returns its `id` and `created_at`.
 */
export function insertBookingNotificationCte(values: BookingNotificationValues, from: SQL): SQL {
  return sql`
      insert into ${notifications} (user_id, kind, title, body, ride_id, booking_id, other_user_id)
      select ${values.userId}, ${values.kind}, ${values.title},
             ${values.body},
             ${values.rideId}, ${values.bookingId}, ${values.otherUserId}
        from ${from}
      returning id, created_at`;
}

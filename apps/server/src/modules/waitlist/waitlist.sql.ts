import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { waitlistEntries } from '../../db/schema.js';

/*
 * The waiting list's public query fragments: SQL that another module's statement puts inside
 * itself because it must happen in the same statement (the one-statement booking:
 * docs/decisions/seat-inventory-and-module-shape.md). The module owns waitlist_entries, and so
 * the one text that deletes from it for a booking.
 */

/**
 * A CTE body that ends the passenger's wait on the ride's list when `booked` holds (the booking
 * statement's own booking was written): booking the ride ends the wait for it
 * (docs/decisions/waiting-list.md).
 */
export function endWaitOnBookingCte(entry: { rideId: Placeholder | string; userId: Placeholder | string; booked: SQL }): SQL {
  return sql`
      delete from ${waitlistEntries}
       where ride_id = ${entry.rideId}::uuid and user_id = ${entry.userId}::uuid and ${entry.booked}
      returning id`;
}

import type { AdminUser } from '@carpool/shared/schemas/trust';
import type { Queryable } from '../../db/client.js';
import { searchUsers } from '../users/users.repository.js';

/** The console's user search: by name or e-mail, with the counts the console shows. */
export async function searchUsersForAdmin(
  db: Queryable,
  query: { q: string; limit: number; offset: number },
): Promise<{ users: AdminUser[] }> {
  const rows = await searchUsers(db, query.q, query);
  return {
    users: rows.map(({ user, rides, bookings, reportsAgainst, reportsMade }) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      college: user.college,
      createdAt: user.createdAt.toISOString(),
      verificationStatus: user.verificationStatus,
      driverVerified: user.driverVerified,
      suspended: user.suspendedAt !== null,
      suspensionReason: user.suspensionReason,
      deleted: user.deletedAt !== null,
      counts: { rides, bookings, reportsAgainst, reportsMade },
    })),
  };
}

import type { BlockedUsers } from '@carpool/shared/schemas/trust';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { fileUrl } from '../users/users.mapper.js';
import { deleteBlock, findBlockedUsers, isBlockedBetween } from './blocks.repository.js';

// Used by the account module as they are (docs/decisions/module-boundaries.md):
/** Account deletion removes every block the user made or was subject to; the data export lists those they made. */
export { deleteBlocksOf, findBlocksMadeBy } from './blocks.repository.js';
/** Blocking someone is a use-case of the trips module: it writes the block and ends the pending bookings between the two. */
export { insertBlock } from './blocks.repository.js';

type BlocksDeps = Pick<AppDeps, 'db'>;

export async function unblockUser(deps: BlocksDeps, blockerId: string, blockedId: string): Promise<BlockedUsers> {
  if (blockerId === blockedId) throw badRequest('You cannot block or unblock yourself');
  if (!(await deleteBlock(deps.db, blockerId, blockedId))) throw notFound('Block');
  return listBlockedUsers(deps.db, blockerId);
}

export async function listBlockedUsers(db: Queryable, blockerId: string): Promise<BlockedUsers> {
  const rows = await findBlockedUsers(db, blockerId);
  return {
    blocked: rows.map((row) => ({
      id: row.id,
      name: row.name,
      avatar: fileUrl(row.avatarFileId),
      avatarColor: row.avatarColor,
      blockedAt: row.blockedAt.toISOString(),
    })),
  };
}

/** Refuses an exchange between two people when either blocked the other (403 USER_BLOCKED). */
export async function assertNotBlocked(db: Queryable, a: string, b: string, message: string): Promise<void> {
  if (await isBlockedBetween(db, a, b)) throw new AppError('USER_BLOCKED', message);
}

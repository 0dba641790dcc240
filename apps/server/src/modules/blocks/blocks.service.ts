import type { BlockedUsers } from '@carpool/shared/schemas/trust';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { fileUrl } from '../users/users.mapper.js';
import { deleteBlock, findBlockedUsers, isBlockedBetween } from './blocks.repository.js';
import * as blocksRepository from './blocks.repository.js';

/** Removes every block the user made or was subject to, inside the account deletion's transaction. */
export async function deleteBlocksOf(db: Queryable, userId: string): Promise<void> {
  await blocksRepository.deleteBlocksOf(db, userId);
}

/** The blocks the user made, for the account's data export. */
export async function findBlocksMadeBy(db: Queryable, userId: string) {
  return blocksRepository.findBlocksMadeBy(db, userId);
}

/**
 * Writes the block; false when it was already there. Blocking someone is a use-case of the trips
 * module, which also ends the pending bookings between the two in the same transaction.
 */
export async function insertBlock(db: Queryable, blockerId: string, blockedId: string): Promise<boolean> {
  return blocksRepository.insertBlock(db, blockerId, blockedId);
}

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

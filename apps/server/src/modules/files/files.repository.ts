import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { files, users } from '../../db/schema.js';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

export async function insertFile(db: Queryable, row: NewFile): Promise<FileRow> {
  const [inserted] = await db.insert(files).values(row).returning();
  return inserted!;
}

export async function findFileById(db: Queryable, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

export async function deleteFilesByIds(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(files).where(inArray(files.id, ids));
}

export async function findFilesOfOwner(db: Queryable, ownerId: string): Promise<FileRow[]> {
  return db.select().from(files).where(eq(files.ownerId, ownerId));
}

export async function deleteFilesOfOwner(db: Queryable, ownerId: string): Promise<void> {
  await db.delete(files).where(eq(files.ownerId, ownerId));
}

/** The address of a file's owner: whether a region moderator may see their document. */
export async function findOwnerEmail(db: Queryable, ownerId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerId)).limit(1);
  return row?.email;
}

import { and, asc, desc, eq } from 'drizzle-orm';
import type { SubmissionStatus } from '@carpool/shared/schemas/verification';
import type { Queryable } from '../../db/client.js';
import { users, verificationSubmissions } from '../../db/schema.js';
import { emailInDomains } from '../users/users.sql.js';

export type SubmissionRow = typeof verificationSubmissions.$inferSelect;

const submissionWithUser = {
  submission: verificationSubmissions,
  user: { id: users.id, name: users.name, email: users.email },
};

export type SubmissionWithUserRow = {
  submission: SubmissionRow;
  user: { id: string; name: string; email: string };
};

export async function insertSubmission(
  db: Queryable,
  row: Omit<typeof verificationSubmissions.$inferInsert, 'id' | 'createdAt' | 'status'>,
): Promise<SubmissionRow> {
  const [inserted] = await db.insert(verificationSubmissions).values(row).returning();
  return inserted!;
}

export async function findSubmissionWithUser(db: Queryable, id: string): Promise<SubmissionWithUserRow | undefined> {
  const [row] = await db
    .select(submissionWithUser)
    .from(verificationSubmissions)
    .innerJoin(users, eq(users.id, verificationSubmissions.userId))
    .where(eq(verificationSubmissions.id, id))
    .limit(1);
  return row;
}

/** Oldest first: submissions are a queue that admins work through. With domains, only applicants whose address is of one (a region moderator's queue). */
export async function listSubmissionsByStatus(
  db: Queryable,
  status: SubmissionStatus,
  page: { limit: number; offset: number },
  applicantDomains: readonly string[] | null,
): Promise<SubmissionWithUserRow[]> {
  return db
    .select(submissionWithUser)
    .from(verificationSubmissions)
    .innerJoin(users, eq(users.id, verificationSubmissions.userId))
    .where(and(eq(verificationSubmissions.status, status), applicantDomains ? emailInDomains(users.email, applicantDomains) : undefined))
    .orderBy(asc(verificationSubmissions.createdAt), asc(verificationSubmissions.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Decides a pending submission; undefined when it is not pending any more (or does not exist). */
export async function decidePendingSubmission(
  db: Queryable,
  id: string,
  decision: { status: 'approved' | 'rejected'; decidedBy: string | null; decidedAt: Date; rejectReason: string | null },
): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .update(verificationSubmissions)
    .set(decision)
    .where(and(eq(verificationSubmissions.id, id), eq(verificationSubmissions.status, 'pending')))
    .returning();
  return row;
}

/** A deleted account's submissions go before its files (they reference the documents). */
export async function deleteSubmissionsOfUser(db: Queryable, userId: string): Promise<void> {
  await db.delete(verificationSubmissions).where(eq(verificationSubmissions.userId, userId));
}

export async function findSubmissionsOfUser(db: Queryable, userId: string): Promise<SubmissionRow[]> {
  return db.select().from(verificationSubmissions).where(eq(verificationSubmissions.userId, userId)).orderBy(asc(verificationSubmissions.createdAt));
}

/** A user's most recent application, whatever its state. */
export async function findLatestSubmissionOfUser(db: Queryable, userId: string): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationSubmissions)
    .where(eq(verificationSubmissions.userId, userId))
    .orderBy(desc(verificationSubmissions.createdAt), desc(verificationSubmissions.id))
    .limit(1);
  return row;
}

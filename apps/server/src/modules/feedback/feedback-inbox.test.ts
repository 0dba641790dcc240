import type { AdminFeedback, AdminFeedbackList } from '@carpool/shared/schemas/feedback';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { feedback } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';

const START = new Date('2026-03-01T12:00:00Z');

describeEachDatabase('the feedback inbox of the admin console', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let sender: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { start: START, config: { adminEmails: ['boss@cornell.edu'] } });
    admin = await t.signIn('boss@cornell.edu', 'Ada Admin');
    sender = await t.signIn('fay@cornell.edu', 'Fay Back');
  });
  afterAll(() => t.close());

  const send = (payload: Record<string, unknown>, token?: string) => t.call({ method: 'POST', url: '/api/feedback', payload, token, region: 'nj' });
  const inbox = async (query = '') => {
    const res = await t.call({ method: 'GET', url: `/api/admin/feedback${query}`, token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminFeedbackList>();
  };
  const markHandled = (id: string, token?: string) => t.call({ method: 'POST', url: `/api/admin/feedback/${id}/handled`, token });

  it('lists the message, the typed address, the region and the signed-in sender, newest first', async () => {
    const anonymous = (await send({ comment: 'Love the app', email: 'Reader@Example.com' })).json<{ id: string }>();
    const signedIn = (await send({ comment: 'Add a dark map' }, sender.token)).json<{ id: string }>();
    const { feedback: items } = await inbox();
    expect(items.slice(0, 2)).toEqual([
      {
        id: signedIn.id,
        comment: 'Add a dark map',
        email: null,
        region: 'nj',
        createdAt: expect.any(String),
        sender: { id: sender.id, name: 'Fay Back', email: 'fay@cornell.edu' },
        handledAt: null,
        handledBy: null,
      },
      expect.objectContaining({ id: anonymous.id, comment: 'Love the app', email: 'reader@example.com', sender: null, handledAt: null }),
    ]);
  });

  it('marks a message handled once, with an audit row; 404 for an unknown id, 400 for a malformed one', async () => {
    const { id } = (await send({ comment: 'The map is slow' })).json<{ id: string }>();
    const res = await markHandled(id, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminFeedback>()).toMatchObject({ id, handledAt: START.toISOString(), handledBy: { id: admin.id, name: 'Ada Admin' } });
    expect((await inbox()).feedback.find((item) => item.id === id)).toMatchObject({ handledAt: START.toISOString(), handledBy: { id: admin.id } });

    const again = await markHandled(id, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_TRANSITION');

    const audit = await t.call({ method: 'GET', url: `/api/admin/audit?targetId=${id}`, token: admin.token });
    expect(audit.json().entries).toEqual([
      expect.objectContaining({ action: 'feedback_handled', targetType: 'feedback', targetId: id, actor: { id: admin.id, name: 'Ada Admin' } }),
    ]);

    const unknown = await markHandled('00000000-0000-4000-8000-000000000000', admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await markHandled('not-a-uuid', admin.token)).statusCode).toBe(400);
  });

  it('answers 401 signed out and 403 to a non-admin, also to the sender of the message', async () => {
    const { id } = (await send({ comment: 'Mine' }, sender.token)).json<{ id: string }>();
    for (const call of [{ method: 'GET' as const, url: '/api/admin/feedback' }, { method: 'POST' as const, url: `/api/admin/feedback/${id}/handled` }]) {
      expect((await t.call(call)).statusCode).toBe(401);
      const refused = await t.call({ ...call, token: sender.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
    expect((await inbox()).feedback.find((item) => item.id === id)?.handledAt).toBeNull();
  });

  it('pages newest first with before = nextBefore, each message once, rows of one millisecond and of one instant included', async () => {
    // Far in the future, so that these are the newest; three in one millisecond, two at one instant.
    const instants = ['2100-01-01T00:00:00.123456Z', '2100-01-01T00:00:00.123999Z', '2100-01-01T00:00:00.123001Z', '2100-01-01T00:00:00.5Z', '2100-01-01T00:00:00.5Z'];
    const inserted = await t.database.db
      .insert(feedback)
      .values(instants.map((at, index) => ({ comment: `Paged ${index}`, region: 'cornell' as const, createdAt: sql`${at}::timestamptz` })))
      .returning({ id: feedback.id, comment: feedback.comment });
    const idOf = (index: number) => inserted.find((row) => row.comment === `Paged ${index}`)!.id;
    const sameInstant = [idOf(3), idOf(4)].sort().reverse();
    const expected = [...sameInstant, idOf(1), idOf(0), idOf(2)];

    const [{ total }] = (await t.database.db.select({ total: count() }).from(feedback)) as [{ total: number }];
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const page: AdminFeedbackList = await inbox(`?limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`);
      expect(page.feedback.length).toBeLessThanOrEqual(2);
      seen.push(...page.feedback.map((item) => item.id));
      before = page.nextBefore;
      pages += 1;
    } while (before && pages < 50);
    expect(seen.slice(0, expected.length)).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(total);
    // The last page says there is no other.
    expect((await inbox(`?limit=${total}`)).nextBefore).toBeNull();
  });

  it('refuses a limit out of 1..100 and a cursor it did not give', async () => {
    for (const query of ['?limit=0', '?limit=101', '?before=yesterday', '?before=2026-02-30T00:00:00.000000Z_00000000-0000-4000-8000-000000000000']) {
      const res = await t.call({ method: 'GET', url: `/api/admin/feedback${query}`, token: admin.token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('shows a deleted sender as "Deleted user" without an address', async () => {
    const leaving = await t.signIn('leaving@cornell.edu', 'Lee Ving');
    const { id } = (await send({ comment: 'Goodbye' }, leaving.token)).json<{ id: string }>();
    const deleted = await t.call({ method: 'DELETE', url: '/api/users/me', token: leaving.token, payload: { confirmation: 'DELETE' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await inbox()).feedback.find((item) => item.id === id)?.sender).toEqual({ id: leaving.id, name: 'Deleted user', email: null });
  });
});

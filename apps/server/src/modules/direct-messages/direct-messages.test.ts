import type { SignedInUser } from '@carpool/shared/schemas/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { notifications } from '../../db/schema.js';
import { MESSAGE_RATE_LIMIT } from '../../plugins/message-rate-limit.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';

describeEachDatabase('direct messages', (kind) => {
  let t: TestApp;
  let ann: SignedInUser;
  let ben: SignedInUser;
  let cat: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ann = await t.signIn('ann@cornell.edu', 'Ann Archer');
    ben = await t.signIn('ben@rutgers.edu', 'Ben Baker');
    cat = await t.signIn('cat@example.com', 'Cat Carter');
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(MESSAGE_RATE_LIMIT.windowMs));

  const send = (from: SignedInUser, to: string, content: string) =>
    t.call({ method: 'POST', url: '/api/conversation-messages/send', token: from.token, payload: { receiverId: to, content } });
  const open = (user: SignedInUser, other: string, query = '') =>
    t.call({ method: 'GET', url: `/api/conversation-messages/conversation/${other}${query}`, token: user.token });
  const inbox = async (user: SignedInUser) => {
    const res = await t.call({ method: 'GET', url: '/api/conversation-messages/inbox', token: user.token });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ id: string; user: { id: string; name: string }; lastMessage: string; lastMessageTime: string; unreadCount: number }>;
  };
  const unreadFrom = async (user: SignedInUser, other: SignedInUser) =>
    (await inbox(user)).find((row) => row.user.id === other.id)?.unreadCount;

  it('refuses messages to yourself, blank ones, unknown receivers and signed-out callers', async () => {
    const self = await send(ann, ann.id, 'hi me');
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'BAD_REQUEST', error: 'You cannot send a message to yourself' });
    expect((await open(ann, ann.id)).statusCode).toBe(400);

    const blank = await send(ann, ben.id, '  \n ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().code).toBe('VALIDATION_FAILED');

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await send(ann, unknown, 'hello?')).statusCode).toBe(404);
    expect((await open(ann, unknown)).statusCode).toBe(404);

    const signedOut = await t.call({ method: 'POST', url: '/api/conversation-messages/send', payload: { receiverId: ben.id, content: 'x' } });
    expect(signedOut.statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/conversation-messages/inbox' })).statusCode).toBe(401);
    expect(await inbox(ann)).toEqual([]);
  });

  it('counts unread messages in the inbox up with each received message and to 0 once the conversation is opened', async () => {
    expect(await unreadFrom(ben, ann)).toBeUndefined();
    for (let i = 1; i <= 3; i++) {
      t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
      const res = await send(ann, ben.id, `  message ${i} `);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ senderId: ann.id, receiverId: ben.id, content: `message ${i}`, read: false });
      expect(await unreadFrom(ben, ann)).toBe(i);
      // The sender's own messages are never unread for the sender.
      expect(await unreadFrom(ann, ben)).toBe(0);
    }

    const conversation = await open(ben, ann.id);
    expect(conversation.statusCode).toBe(200);
    expect(conversation.json().map((m: { content: string }) => m.content)).toEqual(['message 1', 'message 2', 'message 3']);
    expect(conversation.json().every((m: { read: boolean }) => m.read)).toBe(true);
    expect(await unreadFrom(ben, ann)).toBe(0);

    // Opening it from the sender's side reads nothing of the receiver's.
    await send(ben, ann.id, 'got them');
    await open(ben, ann.id);
    expect(await unreadFrom(ann, ben)).toBe(1);
    const fromAnnSide = (await open(ann, ben.id)).json();
    expect(fromAnnSide.at(-1)).toMatchObject({ senderId: ben.id, content: 'got them', read: true });
    expect(await unreadFrom(ann, ben)).toBe(0);
  });

  it('lists one row per other user, most recent first, with the last message', async () => {
    const dan = await t.signIn('dan@cornell.edu', 'Dan Dunn');
    await send(dan, ann.id, 'first to ann');
    await send(dan, cat.id, 'first to cat');
    t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
    await send(ann, dan.id, 'ann answers');

    const rows = await inbox(dan);
    expect(rows.map((row) => row.user.name)).toEqual(['Ann Archer', 'Cat Carter']);
    expect(rows[0]).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user: { id: ann.id, name: 'Ann Archer', avatar: null, avatarColor: expect.stringMatching(/^avatar-color-\d$/) },
      lastMessage: 'ann answers',
      unreadCount: 1,
    });
    expect(rows[1]).toMatchObject({ user: { id: cat.id }, lastMessage: 'first to cat', unreadCount: 0 });
    expect(Date.parse(rows[0]!.lastMessageTime)).toBeGreaterThanOrEqual(Date.parse(rows[1]!.lastMessageTime));

    // Both directions share one conversation.
    const annRows = (await inbox(ann)).filter((row) => row.user.id === dan.id);
    expect(annRows).toHaveLength(1);
    expect(annRows[0]!.id).toBe(rows[0]!.id);
  });

  it('answers a bounded conversation and what came after a message', async () => {
    const eve = await t.signIn('eve@cornell.edu', 'Eve Evans');
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
      ids.push((await send(i % 2 ? eve : cat, i % 2 ? cat.id : eve.id, `c${i}`)).json().id);
    }
    expect((await open(cat, eve.id, '?limit=2')).json().map((m: { content: string }) => m.content)).toEqual(['c2', 'c3']);
    expect((await open(cat, eve.id, `?after=${ids[1]}`)).json().map((m: { id: string }) => m.id)).toEqual(ids.slice(2));
    expect((await open(cat, eve.id, `?after=${ids[3]}`)).json()).toEqual([]);
    expect((await open(ann, eve.id)).json()).toEqual([]);
  });

  it('creates a direct_message notification for the receiver, read once the conversation is opened', async () => {
    const fay = await t.signIn('fay@cornell.edu', 'Fay Fox');
    await send(ann, fay.id, 'are you driving on Friday?');
    const before = await t.call({ method: 'GET', url: '/api/notifications', token: fay.token });
    expect(before.json().unreadCount).toBe(1);
    expect(before.json().notifications[0]).toMatchObject({
      kind: 'direct_message',
      title: 'New message from Ann Archer',
      body: 'are you driving on Friday?',
      otherUserId: ann.id,
      read: false,
    });
    const senderSide = await t.call({ method: 'GET', url: '/api/notifications', token: ann.token });
    expect(senderSide.json().notifications.some((n: { otherUserId: string }) => n.otherUserId === fay.id)).toBe(false);

    await open(fay, ann.id);
    const after = await t.call({ method: 'GET', url: '/api/notifications', token: fay.token });
    expect(after.json().unreadCount).toBe(0);
    expect(after.json().notifications[0].read).toBe(true);
  });

  it('refuses a message to a deleted account: 404, and nothing is stored for someone who can never read it', async () => {
    const gil = await t.signIn('gil@cornell.edu', 'Gil Green');
    expect((await send(ann, gil.id, 'see you at the station')).statusCode).toBe(201);
    const deleted = await t.call({ method: 'DELETE', url: '/api/users/me', token: gil.token, payload: { confirmation: 'DELETE' } });
    expect(deleted.statusCode).toBe(200);
    const res = await send(ann, gil.id, 'are you still coming?');
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    // The conversation stays readable for Ann, with the one message that was sent before, and
    // no notification was made for the deleted account.
    const history = await open(ann, gil.id);
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('see you at the station');
    expect(JSON.stringify(history.json())).not.toContain('are you still coming?');
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, gil.id))).toEqual([]);
  });
});

import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationOutbox, notificationPreferences, subscriptions } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { bookRide, postRide, rideRequestBody, RIDES_TEST_START } from '../../test/ride-fixtures.js';
import { rawHeader, startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { queueChatDigests } from './delivery.service.js';

const PUBLIC_URL = 'https://carpool.example.org';

describeEachDatabase('notification e-mail', (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(kind, {
      start: RIDES_TEST_START,
      config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, outbox: { worker: false, pollMs: 50, startDelayMs: 0, maxAttempts: 5, retryBaseMs: 20, busyRequestsPerSecond: 50 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    alice = await t.signIn(`alice.${Math.random().toString(36).slice(2, 8)}@cornell.edu`, 'Alice');
    bob = await t.signIn(`bob.${Math.random().toString(36).slice(2, 8)}@cornell.edu`, 'Bob');
  });

  const drain = () => t.app.notificationOutbox.drain();
  const setStatus = (bookingId: string, status: string, token: string) =>
    t.call({ method: 'PUT', url: `/api/bookings/${bookingId}/status`, token, payload: { status } });
  const oneClick = (url: string) =>
    t.call({
      method: 'POST',
      url: url.replace(PUBLIC_URL, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
  const unsubscribeUrlOf = (mail: ParsedMail) => /^<(.+)>$/.exec(rawHeader(mail, 'List-Unsubscribe') ?? '')?.[1] ?? '';

  it('mails the driver a link to the ride, the passenger the ride as a calendar event; one-click unsubscribe stops only that category', async () => {
    const ride = await postRide(t, alice.token);
    const booked = await bookRide(t, bob.token, ride.id);
    expect(booked.statusCode).toBe(201);
    await drain();

    const [request, ...moreToAlice] = smtp.mailsTo(alice.email);
    expect(moreToAlice).toEqual([]);
    expect(request!.subject).toContain('New booking request');
    const rideUrl = `${PUBLIC_URL}/cornell/my-rides?ride=${ride.id}`;
    expect(request!.text).toContain(rideUrl);
    expect(request!.html).toContain(rideUrl);
    expect(request!.html).toContain('#b31b1b');
    expect(unsubscribeUrlOf(request!)).toMatch(new RegExp(`^${PUBLIC_URL}/api/unsubscribe\\?token=`));
    expect(rawHeader(request!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(request!.messageId).toMatch(/^<.+:?email@/);

    const bookingId = booked.json().id as string;
    expect((await setStatus(bookingId, 'confirmed', alice.token)).statusCode).toBe(200);
    await drain();
    const [confirmed] = smtp.mailsTo(bob.email);
    expect(confirmed!.subject).toContain('Booking confirmed');
    expect(rawHeader(confirmed!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const calendar = confirmed!.attachments.find((a) => a.contentType === 'text/calendar');
    expect(calendar).toBeDefined();
    const ics = calendar!.content.toString('utf8');
    // The fixture's ride departs 2026-03-12 14:30 UTC.
    expect(new Date(ride.departsAt).toISOString()).toBe('2026-03-12T14:30:00.000Z');
    expect(ics).toMatch(/DTSTART:20260312T143000Z/);
    expect(ics).toContain('SUMMARY:Carpool: Ithaca → New York City');
    expect(ics).toContain('LOCATION:Cornell University\\, Ithaca\\, NY');

    // Bob's one-click unsubscribe (RFC 8058): no sign-in, bookings off for e-mail only.
    const unsubscribed = await oneClick(unsubscribeUrlOf(confirmed!));
    expect(unsubscribed.statusCode).toBe(200);
    const prefs = (await t.call({ method: 'GET', url: '/api/notification-preferences', token: bob.token })).json();
    expect(prefs.preferences.bookings).toEqual({ email: false, push: true });
    expect(prefs.preferences.messages).toEqual({ email: true, push: true });

    // A booking e-mail no longer reaches him (Alice cancels the ride)...
    expect((await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: alice.token })).statusCode).toBe(200);
    // ...while another category still does (a direct message digest).
    expect((await t.call({ method: 'POST', url: '/api/conversation-messages/send', token: alice.token, payload: { receiverId: bob.id, content: 'Sorry, my car broke down' } })).statusCode).toBe(201);
    await queueChatDigests({ db: t.database.db, baseUrl: PUBLIC_URL, regions: t.app.deps.regions }, new Date(Date.now() + 11 * 60 * 1000));
    await drain();
    const toBob = smtp.mailsTo(bob.email);
    expect(toBob.map((m) => m.subject)).toEqual([confirmed!.subject, '1 new message from Alice']);
    expect(toBob[1]!.text).toContain('Alice: Sorry, my car broke down');
    const cancelledRow = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, bob.id), eq(notificationOutbox.kind, 'ride_cancelled'), eq(notificationOutbox.channel, 'email')));
    expect(cancelledRow).toMatchObject([{ status: 'skipped', lastError: 'turned off by the person' }]);
    // Bob never turned push on: no push row was ever queued for him (migration 0012).
    const pushRows = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, bob.id), eq(notificationOutbox.channel, 'push')));
    expect(pushRows).toEqual([]);
  });

  it("greets each person by first name, names the other one, and gives an evening ride's route and departure on its own day", async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const driver = await t.signIn(`dana.${suffix}@cornell.edu`, 'Dana Driver');
    const passenger = await t.signIn(`pat.${suffix}@cornell.edu`, 'Pat Passenger');
    // 01:30 UTC on Friday the 13th: 9:30 PM on Thursday the 12th in New York, the ride's zone.
    const ride = await postRide(t, driver.token, { date: '2026-03-13', time: '01:30' });
    const booked = await bookRide(t, passenger.token, ride.id, { seats: 2, suitcases: 1 });
    expect(booked.statusCode).toBe(201);
    await drain();
    expect((await setStatus(booked.json().id, 'confirmed', driver.token)).statusCode).toBe(200);
    await drain();

    const [request] = smtp.mailsTo(driver.email);
    expect(request!.subject).toBe('New booking request: Ithaca → New York City, Thu, Mar 12');
    expect(request!.text).toContain('Hi Dana,\n\nPat Passenger asked for 2 seats and 1 suitcase on your ride.');
    const [confirmed] = smtp.mailsTo(passenger.email);
    expect(confirmed!.subject).toBe('Booking confirmed: Ithaca → New York City, Thu, Mar 12');
    expect(confirmed!.text).toContain('Hi Pat,\n\nDana Driver accepted your booking of 2 seats and 1 suitcase.');
    for (const mail of [request!, confirmed!]) {
      expect(mail.subject).not.toMatch(/(New booking request|Booking confirmed).*\1/);
      for (const part of [mail.text!, mail.html as string]) {
        expect(part).toContain('Ithaca → New York City');
        expect(part).toContain('Thu, Mar 12, 2026, 9:30 PM EDT');
        expect(part).not.toContain('Mar 13');
      }
      expect(mail.html).toMatch(/<html lang="en"/);
    }
    expect(confirmed!.text).toContain('Pick-up: Cornell University, Ithaca, NY');
    expect(confirmed!.attachments.some((a) => a.contentType === 'text/calendar')).toBe(true);
  });

  it('gives a passenger of part of the ride that part (where they board, when the ride leaves there) in mails and calendars, and tells the driver which part', async () => {
    // Ithaca 14:30 -> Binghamton 15:45 -> Scranton 17:00 -> New York City (UTC, 2026-03-12).
    const ride = await postRide(t, alice.token, {
      pickupAddress: 'Cornell University, Ithaca, NY',
      stops: [
        { place: 'binghamton', date: '2026-03-12', time: '15:45' },
        { place: 'scranton', date: '2026-03-12', time: '17:00' },
      ],
    });
    const booked = await bookRide(t, bob.token, ride.id, { from: 'binghamton', to: 'scranton' });
    expect(booked.statusCode).toBe(201);
    await drain();
    const [request] = smtp.mailsTo(alice.email);
    expect(request!.subject).toBe('New booking request: Ithaca → New York City, Thu, Mar 12');
    expect(request!.text).toContain('Bob asked for 1 seat from Binghamton to Scranton on your ride.');
    expect((await setStatus(booked.json().id, 'confirmed', alice.token)).statusCode).toBe(200);
    await drain();

    const [confirmed] = smtp.mailsTo(bob.email);
    expect(confirmed!.subject).toBe('Booking confirmed: Binghamton → Scranton, Thu, Mar 12');
    // 15:45 UTC is 11:45 AM in New York (EDT from March 8).
    expect(confirmed!.text).toContain('Thu, Mar 12, 2026, 11:45 AM EDT');
    // The pick-up address is the ride's start, not where Bob boards.
    expect(confirmed!.text).not.toContain('Pick-up:');
    const ics = confirmed!.attachments.find((a) => a.contentType === 'text/calendar')!.content.toString('utf8');
    expect(ics).toContain('DTSTART:20260312T154500Z');
    expect(ics).toContain('SUMMARY:Carpool: Binghamton → Scranton');
    expect(ics).toContain('LOCATION:Binghamton');

    const feedOf = async (token: string) => {
      const url = (await t.call({ method: 'GET', url: '/api/notification-preferences', token })).json().calendarFeedUrl as string;
      return (await t.call({ method: 'GET', url: url.replace(PUBLIC_URL, '') })).body;
    };
    const bobsFeed = await feedOf(bob.token);
    expect(bobsFeed).toContain('DTSTART:20260312T154500Z');
    expect(bobsFeed).toContain('SUMMARY:Carpool: Binghamton → Scranton');
    // The driver's feed has the whole ride.
    const alicesFeed = await feedOf(alice.token);
    expect(alicesFeed).toContain('DTSTART:20260312T143000Z');
    expect(alicesFeed).toContain('SUMMARY:Carpool: Ithaca → New York City (you drive)');
  });

  it('respects a category turned off on the preferences; the calendar feed lists rides and can be revoked', async () => {
    const put = await t.call({
      method: 'PUT',
      url: '/api/notification-preferences',
      token: alice.token,
      payload: { preferences: { bookings: { email: false } } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().preferences).toMatchObject({ bookings: { email: false, push: true }, newsletter: { email: false, push: false } });
    const ride = await postRide(t, alice.token);
    expect((await bookRide(t, bob.token, ride.id)).statusCode).toBe(201);
    await drain();
    expect(smtp.mailsTo(alice.email)).toEqual([]);

    const feedUrl: string = put.json().calendarFeedUrl;
    expect(feedUrl).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const feed = await t.call({ method: 'GET', url: feedUrl.replace(PUBLIC_URL, '') });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('DTSTART:20260312T143000Z');
    expect(feed.body).toContain('STATUS:CONFIRMED');
    await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: alice.token });
    expect((await t.call({ method: 'GET', url: feedUrl.replace(PUBLIC_URL, '') })).body).toContain('STATUS:CANCELLED');
    const bobsFeed = (await t.call({ method: 'GET', url: '/api/notification-preferences', token: bob.token })).json().calendarFeedUrl as string;
    expect((await t.call({ method: 'GET', url: bobsFeed.replace(PUBLIC_URL, '') })).body).toContain('STATUS:CANCELLED');

    const reset = await t.call({ method: 'POST', url: '/api/calendar-feed/reset', token: alice.token });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().calendarFeedUrl).not.toBe(feedUrl);
    expect((await t.call({ method: 'GET', url: feedUrl.replace(PUBLIC_URL, '') })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: reset.json().calendarFeedUrl.replace(PUBLIC_URL, '') })).statusCode).toBe(200);
  });

  it('e-mails a requester the ride that matches their request', async () => {
    const request = await t.call({
      method: 'POST',
      url: '/api/ride-requests',
      token: bob.token,
      payload: rideRequestBody(),
    });
    expect(request.statusCode).toBe(201);
    const ride = await postRide(t, alice.token, { date: '2026-03-14', time: '16:00' });
    await drain();
    const mails = smtp.mailsTo(bob.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('A ride matches your request');
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/cornell/?ride=${ride.id}`);
  });

  it('turns unread chat into one digest per conversation, not one e-mail per message, at most one an hour', async () => {
    const send = (from: SignedInUser, to: SignedInUser, content: string) =>
      t.call({ method: 'POST', url: '/api/conversation-messages/send', token: from.token, payload: { receiverId: to.id, content } });
    for (const line of ['Hi Bob', 'Are you going to NYC?', 'I have two seats']) expect((await send(alice, bob, line)).statusCode).toBe(201);
    // Ride chat: Alice's ride, Bob confirmed; Alice writes twice, Bob has not answered.
    const ride = await postRide(t, alice.token);
    const booking = await bookRide(t, bob.token, ride.id);
    await setStatus(booking.json().id, 'confirmed', alice.token);
    for (const content of ['Meet at the bus stop', 'Bring snacks'])
      expect((await t.call({ method: 'POST', url: '/api/messages/send', token: alice.token, payload: { rideId: ride.id, content } })).statusCode).toBe(201);
    await drain();
    const before = smtp.mailsTo(bob.email).length;

    // Not yet: the messages have not waited 10 minutes.
    expect(await queueChatDigests({ db: t.database.db, baseUrl: PUBLIC_URL, regions: t.app.deps.regions }, new Date(Date.now() + 5 * 60 * 1000))).toBe(0);
    const later = new Date(Date.now() + 11 * 60 * 1000);
    expect(await queueChatDigests({ db: t.database.db, baseUrl: PUBLIC_URL, regions: t.app.deps.regions }, later)).toBe(2);
    await drain();
    const digests = smtp.mailsTo(bob.email).slice(before);
    expect(digests.map((m) => m.subject).sort()).toEqual(['2 new messages in the chat of Ithaca → New York City', '3 new messages from Alice']);
    expect(digests.find((m) => m.subject!.startsWith('3'))!.text).toContain('Alice: I have two seats');
    expect(smtp.mailsTo(alice.email).filter((m) => m.subject?.includes('message'))).toEqual([]);

    // (The per-second message limit reads the test clock.)
    t.clock.advance(2000);
    // A new message within the hour waits for the next slot; none is sent twice.
    expect((await send(alice, bob, 'Hello?')).statusCode).toBe(201);
    expect(await queueChatDigests({ db: t.database.db, baseUrl: PUBLIC_URL, regions: t.app.deps.regions }, new Date(later.getTime() + 15 * 60 * 1000))).toBe(0);
    expect(await queueChatDigests({ db: t.database.db, baseUrl: PUBLIC_URL, regions: t.app.deps.regions }, new Date(later.getTime() + 61 * 60 * 1000))).toBe(1);
    await drain();
    expect(smtp.mailsTo(bob.email).slice(before).map((m) => m.subject)).toContain('1 new message from Alice');

    // Reading the conversation: nothing more is due.
    await t.call({ method: 'GET', url: `/api/conversation-messages/conversation/${alice.id}`, token: bob.token });
    expect(await queueChatDigests({ db: t.database.db, baseUrl: PUBLIC_URL, regions: t.app.deps.regions }, new Date(later.getTime() + 3 * 60 * 60 * 1000))).toBe(0);

    // A message left unread for more than a day is not e-mailed any more (nor is a past that predates the digests).
    t.clock.advance(2000);
    expect((await send(alice, bob, 'Still there?')).statusCode).toBe(201);
    expect(await queueChatDigests({ db: t.database.db, baseUrl: PUBLIC_URL, regions: t.app.deps.regions }, new Date(Date.now() + 25 * 60 * 60 * 1000))).toBe(0);
    expect(await queueChatDigests({ db: t.database.db, baseUrl: PUBLIC_URL, regions: t.app.deps.regions }, new Date(Date.now() + 4 * 60 * 60 * 1000))).toBe(1);
  });

  it("marks a pending booking TENTATIVE in the passenger's feed, and raises SEQUENCE with each change so calendars take the new time", async () => {
    const feedOf = async (user: SignedInUser) => {
      const url = (await t.call({ method: 'GET', url: '/api/notification-preferences', token: user.token })).json().calendarFeedUrl as string;
      return (await t.call({ method: 'GET', url: url.replace(PUBLIC_URL, '') })).body;
    };
    const eventOf = (feed: string) => {
      const event = /BEGIN:VEVENT[\s\S]*?END:VEVENT/.exec(feed)?.[0] ?? '';
      return { status: /STATUS:(\w+)/.exec(event)?.[1], sequence: Number(/SEQUENCE:(\d+)/.exec(event)?.[1]), start: /DTSTART:(\w+)/.exec(event)?.[1] };
    };
    const ride = await postRide(t, alice.token);
    const booked = await bookRide(t, bob.token, ride.id);
    expect(booked.statusCode).toBe(201);
    const pending = eventOf(await feedOf(bob));
    expect(pending.status).toBe('TENTATIVE');

    t.clock.advance(60_000);
    expect((await setStatus(booked.json().id, 'confirmed', alice.token)).statusCode).toBe(200);
    const confirmed = eventOf(await feedOf(bob));
    expect(confirmed.status).toBe('CONFIRMED');
    expect(confirmed.sequence).toBeGreaterThan(pending.sequence);
    const driving = eventOf(await feedOf(alice));

    t.clock.advance(60_000);
    const edit = await t.call({ method: 'PATCH', url: `/api/rides/${ride.id}`, token: alice.token, payload: { date: '2026-03-12', time: '16:00' } });
    expect(edit.statusCode, edit.body).toBe(200);
    const moved = eventOf(await feedOf(bob));
    expect(moved.start).toBe('20260312T160000Z');
    expect(moved.sequence).toBeGreaterThan(confirmed.sequence);
    expect(eventOf(await feedOf(alice)).sequence).toBeGreaterThan(driving.sequence);
  });

  it("writes nothing for a deleted account's old unsubscribe link, so no preferences or calendar token come back", async () => {
    const ride = await postRide(t, alice.token);
    expect((await bookRide(t, bob.token, ride.id)).statusCode).toBe(201);
    await drain();
    const [request] = smtp.mailsTo(alice.email);
    expect(request?.subject).toBeDefined();
    expect((await t.call({ method: 'DELETE', url: '/api/users/me', token: alice.token, payload: { confirmation: 'DELETE' } })).statusCode).toBe(200);
    const unsubscribed = await oneClick(unsubscribeUrlOf(request!));
    expect(unsubscribed.statusCode).toBe(200);
    expect(await t.database.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, alice.id))).toEqual([]);
  });

  it('answers 4xx to unknown or malformed unsubscribe tokens', async () => {
    for (const token of ['', 'nonsense', 'a.b', `${'x'.repeat(40)}.${'y'.repeat(43)}`]) {
      const res = await t.call({ method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect((await t.call({ method: 'GET', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` })).statusCode).toBe(res.statusCode);
    }
    expect((await t.call({ method: 'POST', url: '/api/unsubscribe' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/notification-preferences' })).statusCode).toBe(401);
  });

  it('subscribes the newsletter by double opt-in', async () => {
    const address = `reader.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await t.call({ method: 'POST', url: '/api/subscriptions', region: 'nj', payload: { email: address } });
    expect(res.json()).toEqual({ email: address, region: 'nj', subscribed: true });
    const confirmedAt = async () =>
      (await t.database.db.select().from(subscriptions).where(eq(subscriptions.email, address)))[0]?.confirmedAt ?? null;
    expect(await confirmedAt()).toBeNull();
    await drain();
    const [mail] = smtp.mailsTo(address);
    expect(mail!.html).toContain('#1d5fd6');
    const link = /(https:\/\/carpool\.example\.org\/api\/subscriptions\/confirm\?token=\S+)/.exec(mail!.text!)![1]!;
    // Opening the link (a mail scanner may) shows a button; only its POST confirms.
    expect((await t.call({ method: 'GET', url: link.replace(PUBLIC_URL, '') })).statusCode).toBe(200);
    expect(await confirmedAt()).toBeNull();
    const confirmed = await t.call({ method: 'POST', url: link.replace(PUBLIC_URL, '') });
    expect(confirmed.statusCode).toBe(200);
    expect(await confirmedAt()).not.toBeNull();
    const unsubscribe = /href="(\/api\/unsubscribe\?token=[^"]+)"/.exec(confirmed.body)![1]!.replace(/&amp;/g, '&');
    expect((await t.call({ method: 'POST', url: unsubscribe })).statusCode).toBe(200);
    expect(await confirmedAt()).toBeNull();
  });
});

describe('development mailbox', () => {
  it('keeps e-mails in the database and lists them at /dev/mail without SMTP_URL', async () => {
    const t = await createTestApp('pglite', { config: { smtpUrl: null, publicUrl: null } });
    try {
      await t.call({ method: 'POST', url: '/api/subscriptions', payload: { email: 'dev.reader@example.com' } });
      await t.app.notificationOutbox.drain();
      const list = await t.call({ method: 'GET', url: '/dev/mail' });
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain('dev.reader@example.com');
      const id = /href="\/dev\/mail\/([0-9a-f-]{36})"/.exec(list.body)![1]!;
      const view = await t.call({ method: 'GET', url: `/dev/mail/${id}` });
      expect(view.body).toContain(`http://localhost:${t.config.port}/api/subscriptions/confirm?token=`);
      const html = await t.call({ method: 'GET', url: `/dev/mail/${id}/html` });
      expect(html.body).toContain('Confirm my subscription');
    } finally {
      await t.close();
    }
  }, 120_000);

  it('is absent in production', async () => {
    const production = await createTestApp('pglite', { config: { smtpUrl: null, nodeEnv: 'production' } });
    try {
      expect((await production.call({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  }, 120_000);
});

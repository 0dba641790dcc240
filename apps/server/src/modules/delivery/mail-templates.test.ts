import { specPlaceIndex } from '@carpool/shared/fixtures/spec-regions';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './pages.js';
import { firstNameOf, renderMail, type MailInput, type MailKind, type MailRide } from './mail-templates.js';

/** 2026-03-12 14:30 UTC: 10:30 AM in New York (daylight time began on March 8). */
const RIDE: MailRide = {
  fromPlace: 'ithaca',
  toPlace: 'new_york_city',
  departsAt: new Date('2026-03-12T14:30:00Z'),
  timezone: 'America/New_York',
  pickupAddress: 'Cornell University, Ithaca, NY',
};

/** Each kind with the title and body its service writes, as the outbox hands them to the e-mail. */
const SAMPLES: Record<MailKind, Pick<MailInput, 'title' | 'body'> & Partial<MailInput>> = {
  booking_requested: {
    title: 'New booking request',
    body: 'A passenger asks for 1 seat and 1 suitcase from Ithaca to New York City.',
    otherPersonName: 'Bob Jones',
    booking: { seats: 1, suitcases: 1 },
  },
  booking_confirmed: {
    title: 'Booking confirmed',
    body: 'The driver accepted your booking on the ride from Ithaca to New York City.',
    otherPersonName: 'Alice Smith',
    booking: { seats: 2, suitcases: 0 },
  },
  booking_rejected: {
    title: 'Booking declined',
    body: 'The driver declined your booking on the ride from Ithaca to New York City.',
    otherPersonName: 'Alice Smith',
  },
  booking_cancelled_by_passenger: {
    title: 'Booking cancelled',
    body: 'A passenger cancelled their booking of 1 seat from Ithaca to New York City.',
    otherPersonName: 'Bob Jones',
    booking: { seats: 1, suitcases: 0 },
  },
  ride_cancelled: {
    title: 'Ride cancelled',
    body: 'Alice Smith cancelled the ride from Ithaca to New York City. Your booking was cancelled.',
    otherPersonName: 'Alice Smith',
  },
  direct_message: { title: 'New message from Alice Smith', body: 'Are you going to NYC?', otherPersonName: 'Alice Smith', ride: null },
  review_due: { title: 'Review due', body: 'How was your ride from Ithaca to New York City? Review your driver.', otherPersonName: 'Alice Smith' },
  ride_request_match: {
    title: 'A ride matches your request from Ithaca to New York City',
    body: 'A driver posted a ride from Ithaca to New York City departing Thu, Mar 12, 2026, 10:30 AM EDT. Open it to book a seat or message the driver.',
    otherPersonName: 'Alice Smith',
  },
  ride_updated: {
    title: 'Ride changed',
    body: 'Alice Smith changed the ride from Ithaca to New York City: departure moved from Thu, Mar 12, 2026, 9:30 AM EDT to Thu, Mar 12, 2026, 10:30 AM EDT. If it no longer suits you, you may cancel without it counting against you.',
    otherPersonName: 'Alice Smith',
  },
  ride_cancelled_driver_removed: {
    title: 'Ride cancelled',
    body: "The ride from Ithaca to New York City was cancelled because its driver's account was suspended. Your booking was cancelled; please look for another ride.",
  },
  waitlist_promoted: {
    title: 'A seat came free',
    body: 'Room came free on the ride from Ithaca to New York City: you now hold a pending booking of 1 seat and 0 suitcases. The driver will accept or reject it.',
    otherPersonName: 'Alice Smith',
    booking: { seats: 1, suitcases: 0 },
  },
  waitlist_closed: {
    title: 'Ride cancelled',
    body: 'The ride from Ithaca to New York City you were waiting for was cancelled, so its waiting list is closed. Please look for another ride.',
    otherPersonName: 'Alice Smith',
  },
  review_received: { title: 'You received a 5-star review', body: 'On time and a good playlist.', otherPersonName: 'Alice Smith' },
  verification_decided: {
    title: 'You are a verified driver',
    body: 'An administrator checked your documents: your profile now shows the verified ring.',
    ride: null,
  },
  report_received: {
    title: 'Thank you for your report',
    body: 'We received your report about a ride (unsafe driving). An administrator will look at it and you will hear about the outcome.',
  },
  report_outcome: { title: 'Your report was reviewed', body: 'An administrator looked at your report and warned the person.', ride: null },
  account_warning: {
    title: 'A warning from the Carpool team',
    body: 'After a report about a ride of yours, an administrator asks you to follow the community rules. Repeated reports can lead to a suspension.',
    ride: null,
  },
  chat_digest: {
    title: '2 new messages in the chat of Ithaca → New York City',
    body: '',
    lines: ['Alice Smith: Meet at the bus stop', 'Alice Smith: Bring snacks'],
  },
  newsletter_confirm: {
    title: 'The Cornell carpool newsletter',
    body: 'Confirm with the button below; until then this address gets nothing from us.',
    recipientName: null,
    unsubscribeUrl: null,
    ride: null,
  },
};

const KINDS = Object.keys(SAMPLES) as MailKind[];

function inputOf(kind: MailKind, overrides: Partial<MailInput> = {}): MailInput {
  return {
    kind,
    brand: { slug: 'cornell', name: 'Cornell', where: 'at Cornell', colour: '#b31b1b', tint: '#fdf3f3', places: specPlaceIndex('cornell') },
    recipientName: 'Carol Diaz',
    ride: RIDE,
    url: 'https://carpool.example.org/cornell/my-rides?ride=0b0f5b5e-6d7f-4a53-9f3f-2b1a8f0c1d2e',
    unsubscribeUrl: 'https://carpool.example.org/api/unsubscribe?token=abc',
    ...SAMPLES[kind],
    ...overrides,
  };
}

/** Word pairs that occur twice: "Booking confirmed: Booking confirmed" has one. */
function repeatedWordPairs(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}-]+/gu) ?? [];
  const pairs = words.slice(1).map((word, i) => `${words[i]} ${word}`);
  return pairs.filter((pair, i) => pairs.indexOf(pair) !== i);
}

/** The text part's words without the links (the HTML writes those as anchors). */
function textParagraphs(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && line !== '--' && !/https?:\/\//.test(line));
}

describe('notification e-mails', () => {
  it.each(KINDS)('%s: the subject says what happened once, without repeating the title', async (kind) => {
    for (const ride of [RIDE, null]) {
      const { subject } = await renderMail(inputOf(kind, { ride }));
      expect(repeatedWordPairs(subject), subject).toEqual([]);
      expect(subject.split(SAMPLES[kind].title).length - 1, subject).toBeLessThanOrEqual(1);
      expect(subject.length, subject).toBeLessThanOrEqual(80);
    }
  });

  it('names the ride and its day in the subject of every kind tied to a ride', async () => {
    expect((await renderMail(inputOf('booking_requested'))).subject).toBe('New booking request: Ithaca → New York City, Thu, Mar 12');
    expect((await renderMail(inputOf('booking_confirmed'))).subject).toBe('Booking confirmed: Ithaca → New York City, Thu, Mar 12');
    expect((await renderMail(inputOf('ride_request_match'))).subject).toBe('A ride matches your request: Ithaca → New York City, Thu, Mar 12');
    expect((await renderMail(inputOf('review_received'))).subject).toBe('You received a 5-star review from Alice Smith');
    // Without a ride (a notification written by hand), the title is the subject.
    expect((await renderMail(inputOf('review_due', { ride: null, title: 'Review ride 3' }))).subject).toBe('Review ride 3');
  });

  it.each(KINDS.filter((kind) => kind !== 'newsletter_confirm'))('%s: greets the recipient by first name', async (kind) => {
    const mail = await renderMail(inputOf(kind));
    expect(mail.text).toContain('\nHi Carol,\n');
    expect(mail.html).toContain('Hi Carol,');
    expect(mail.html).not.toContain('Hello,');
  });

  it('says "Hello," when the name is unknown, and the first name is the first word of the name', async () => {
    const mail = await renderMail(inputOf('booking_confirmed', { recipientName: null }));
    expect(mail.text).toContain('\nHello,\n');
    expect(firstNameOf('  Mary Ann  Lee ')).toBe('Mary');
    expect(firstNameOf('   ')).toBeNull();
    expect(firstNameOf(null)).toBeNull();
  });

  it("writes an evening New York ride's departure on its own day, with the zone's short name", async () => {
    // 01:30 UTC on Friday the 13th is 9:30 PM on Thursday the 12th in New York.
    const evening = { ...RIDE, departsAt: new Date('2026-03-13T01:30:00Z') };
    for (const kind of ['booking_requested', 'booking_confirmed', 'ride_cancelled', 'review_due'] as const) {
      const mail = await renderMail(inputOf(kind, { ride: evening }));
      expect(mail.subject).toContain('Ithaca → New York City, Thu, Mar 12');
      expect(mail.subject).not.toContain('Mar 13');
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Ithaca → New York City');
        expect(part).toContain('Thu, Mar 12, 2026, 9:30 PM EDT');
        expect(part).not.toContain('Mar 13');
      }
    }
  });

  it('names the other person the notification is about', async () => {
    expect((await renderMail(inputOf('booking_requested'))).text).toContain('Bob Jones asked for 1 seat and 1 suitcase on your ride.');
    expect((await renderMail(inputOf('booking_confirmed'))).text).toContain('Alice Smith accepted your booking of 2 seats.');
    expect((await renderMail(inputOf('booking_cancelled_by_passenger'))).text).toContain(
      "Bob Jones's booking of 1 seat was cancelled; the seat is free again.",
    );
    expect((await renderMail(inputOf('review_due'))).text).toContain('How was your ride with Alice Smith?');
    // Nobody is invented when the name is not known.
    expect((await renderMail(inputOf('booking_requested', { otherPersonName: null, booking: null }))).text).toContain(
      'A passenger asked for seats on your ride.',
    );
  });

  it('shows the pick-up address to those who will ride, not on a cancelled ride', async () => {
    expect((await renderMail(inputOf('booking_confirmed'))).text).toContain('Pick-up: Cornell University, Ithaca, NY');
    expect((await renderMail(inputOf('ride_cancelled'))).text).not.toContain('Pick-up');
  });

  it.each(KINDS)('%s: the HTML is in English and says what the text part says', async (kind) => {
    const mail = await renderMail(inputOf(kind));
    expect(mail.html).toMatch(/<html lang="en"/);
    expect(mail.html).not.toContain('lang="und"');
    expect(mail.html).not.toMatch(/@@[a-z]+@@/);
    for (const line of textParagraphs(mail.text)) expect(mail.html, line).toContain(escapeHtml(line));
    expect(mail.html).toContain(escapeHtml(inputOf(kind).url));
  });

  it('keeps the unsubscribe link in both parts, and leaves it out of the newsletter confirmation', async () => {
    const mail = await renderMail(inputOf('booking_confirmed'));
    expect(mail.text).toContain('Unsubscribe from these e-mails: https://carpool.example.org/api/unsubscribe?token=abc');
    expect(mail.html).toContain('href="https://carpool.example.org/api/unsubscribe?token=abc"');
    const confirm = await renderMail(inputOf('newsletter_confirm'));
    expect(confirm.html).not.toContain('Unsubscribe');
    expect(confirm.text).toContain('If you did not ask for this, ignore this e-mail: nothing will be sent.');
  });

  it('escapes names and texts in the HTML', async () => {
    const mail = await renderMail(inputOf('review_received', { otherPersonName: '<b>Eve</b>', body: '<script>x</script>' }));
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).not.toContain('<script>x</script>');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt; reviewed you after this ride:');
  });
});

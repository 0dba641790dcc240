import type { PlaceIndex } from '@carpool/shared/place-index';
import { TAGLINE } from '@carpool/shared/regions';
import type { NotificationKind } from '@carpool/shared/schemas/notifications';
import { formatInTimeZone, isValidTimeZone } from '@carpool/shared/time-zones';
import type { DeliveryBooking } from '../../lib/delivery-channel.js';
import { escapeHtml } from './pages.js';

/**
 * How a region looks in its e-mails: its name, its "at Cornell" phrase, and its colours (the web
 * theme's light primary for the header and button, its lightest shade behind the ride card). From
 * the region's row (modules/regions), so a region created in the console mails in its own colours.
 */
export interface MailBrand {
  slug: string;
  name: string;
  where: string;
  colour: string;
  tint: string;
  /** The region's places, whose labels name a ride's route (the mail's region is its ride's). */
  places: Pick<PlaceIndex, 'label'>;
}

/** Kinds of e-mail that are not a notification. */
type ExtraMailKind = 'chat_digest' | 'newsletter_confirm';
export type MailKind = NotificationKind | ExtraMailKind;

/** The ride a mail is about, as it stands when the mail is sent. */
export interface MailRide {
  fromPlace: string;
  toPlace: string;
  departsAt: Date;
  /** The ride's IANA zone: its departure is written as read there. */
  timezone: string;
  pickupAddress: string | null;
}

export interface MailInput {
  kind: MailKind;
  /** The recipient's region, as its mails show it. */
  brand: MailBrand;
  /** The recipient's name as the account has it; the greeting uses the first word. */
  recipientName: string | null;
  /**
   * The person the notification is about, when there is one and the account still exists: the
   * passenger of a booking request or cancellation, the driver of an answer, change or match,
   * the author of a review or message.
   */
  otherPersonName?: string | null;
  ride?: MailRide | null;
  /** The booking the notification is about (seats and suitcases it holds now, and the part of the ride it travels when not all of it). */
  booking?: DeliveryBooking | null;
  /** The notification's title and body (or the digest's), written by the service that caused it. */
  title: string;
  body: string;
  /** The exact page in the web app. */
  url: string;
  /** null for a mail that is not part of a category (the newsletter confirmation itself). */
  unsubscribeUrl: string | null;
  /** Digest lines: "Name: message". */
  lines?: string[];
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What a kind's words are written from: the input plus the ride as a person reads it. */
interface MailView extends MailInput {
  /** "Ithaca → New York City", or null without a ride. */
  route: string | null;
  /** The departure's day in the ride's zone, for subjects: "Thu, Mar 12". */
  day: string | null;
  /** The other person's name, or null. */
  other: string | null;
  /** "1 seat" or "2 seats and 1 suitcase", or null without a booking. */
  seats: string | null;
  /** " from Binghamton to New York City" for a booking of part of the ride, else "". */
  part: string;
}

/**
 * What differs between kinds. The subject names what happened and which ride (never the title
 * again behind a prefix that says the same); the intro says it in a sentence that names the other
 * person; the ride card (route, departure in the ride's zone) follows when there is a ride.
 */
interface KindTemplate {
  subject(view: MailView): string;
  intro(view: MailView): string;
  /** Set apart below the ride card: a review's comment, a message. */
  quote?(view: MailView): string | null;
  /** After the ride card: what the person can do next. */
  outro?(view: MailView): string | null;
  /** The ride card shows the pick-up address (for those who will ride or are deciding to). */
  pickup?: boolean;
  button: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "<what>: Ithaca → New York City, Thu, Mar 12"; without a ride, the notification's own title. */
const aboutRide =
  (what: string) =>
  (view: MailView): string =>
    view.route && view.day ? `${what}: ${view.route}, ${view.day}` : view.title;

const TEMPLATES: Record<MailKind, KindTemplate> = {
  booking_requested: {
    subject: aboutRide('New booking request'),
    intro: (v) => `${v.other ?? 'A passenger'} asked for ${v.seats ?? 'seats'}${v.part} on your ride.`,
    button: 'Open the ride to accept or reject',
  },
  booking_confirmed: {
    subject: aboutRide('Booking confirmed'),
    intro: (v) => `${v.other ?? 'Your driver'} accepted your booking${v.seats ? ` of ${v.seats}` : ''}.`,
    outro: (v) => (v.ride ? 'The ride is attached as a calendar event.' : null),
    pickup: true,
    button: 'See the ride',
  },
  booking_rejected: {
    subject: aboutRide('Booking declined'),
    intro: (v) => `${v.other ?? 'The driver'} could not take your booking this time.`,
    outro: () => 'Other rides may still have seats.',
    button: 'See your rides',
  },
  booking_cancelled_by_passenger: {
    subject: aboutRide('Booking cancelled'),
    // Said without "cancelled their booking": the booking also ends when the passenger's account does.
    intro: (v) =>
      `${v.other ? `${v.other}'s` : "A passenger's"} booking${v.seats ? ` of ${v.seats}` : ''}${v.part} was cancelled; ${v.booking?.seats === 1 ? 'the seat is' : 'the seats are'} free again.`,
    button: 'See the ride',
  },
  ride_cancelled: {
    subject: aboutRide('Ride cancelled'),
    // The body names the driver, and for a weekly ride the days it covers.
    intro: (v) => v.body || `${v.other ?? 'The driver'} cancelled a ride you booked. Your booking was cancelled.`,
    outro: () => 'Other rides may still have seats.',
    button: 'Find another ride',
  },
  direct_message: {
    subject: (v) => v.title,
    intro: (v) => `${v.other ?? 'Someone'} sent you a message:`,
    quote: (v) => v.body || null,
    button: 'Open the conversation',
  },
  review_due: {
    subject: aboutRide('Review your ride'),
    intro: (v) =>
      `${v.other ? `How was your ride with ${v.other}?` : 'Your ride is over.'} A short review helps the next passengers and drivers.`,
    button: 'Write a review',
  },
  ride_request_match: {
    subject: aboutRide('A ride matches your request'),
    intro: (v) => `${v.other ?? 'A driver'} posted a ride that matches your ride request.`,
    outro: () => 'Open it to book a seat or message the driver.',
    pickup: true,
    button: 'See the ride',
  },
  ride_updated: {
    subject: aboutRide('Ride changed'),
    // The body says what changed (the old and the new time, the price); the card shows the ride now.
    intro: (v) => v.body || `${v.other ?? 'The driver'} changed the time or the price of a ride you booked. If it no longer suits you, you may cancel.`,
    pickup: true,
    button: 'See the ride',
  },
  ride_cancelled_driver_removed: {
    subject: aboutRide('Ride cancelled'),
    intro: (v) => v.body || 'A ride you booked was cancelled because its driver can no longer drive with us.',
    button: 'Find another ride',
  },
  waitlist_promoted: {
    subject: aboutRide('A seat came free'),
    intro: (v) => `Room came free on a ride you were waiting for: you now hold a pending booking${v.seats ? ` of ${v.seats}` : ''}.`,
    outro: (v) => `${v.other ?? 'The driver'} will accept or reject it.`,
    pickup: true,
    button: 'See the ride',
  },
  waitlist_closed: {
    subject: aboutRide('Waiting list closed'),
    intro: (v) => v.body || 'A ride you were waiting for will not take more passengers, so its waiting list was closed.',
    button: 'Find another ride',
  },
  review_received: {
    subject: (v) => (v.other ? `${v.title} from ${v.other}` : v.title),
    intro: (v) => `${v.other ?? 'Someone you rode with'} reviewed you${v.ride ? ' after this ride' : ''}:`,
    quote: (v) => (v.body ? `“${v.body}”` : null),
    button: 'See your profile',
  },
  verification_decided: {
    subject: (v) => v.title,
    intro: (v) => v.body || 'An administrator decided on your driver verification.',
    button: 'See your profile',
  },
  report_received: {
    subject: (v) => v.title,
    intro: (v) => v.body || 'Thank you for your report. An administrator will look at it; you will hear the outcome.',
    button: 'Open Carpool',
  },
  report_outcome: {
    subject: (v) => v.title,
    intro: (v) => v.body || 'An administrator looked at your report.',
    button: 'Open Carpool',
  },
  account_warning: {
    subject: (v) => v.title,
    intro: (v) => v.body || 'An administrator sent you a warning about your account.',
    button: 'Open Carpool',
  },
  chat_digest: {
    subject: (v) => v.title,
    intro: (v) => (v.ride ? 'These messages in the chat of this ride have been waiting for you:' : 'These messages have been waiting for you:'),
    button: 'Reply',
  },
  newsletter_confirm: {
    subject: (v) => `Confirm your ${v.brand.name} carpool newsletter`,
    intro: (v) => `Someone (hopefully you) asked to receive the ${v.brand.name} carpool newsletter at this address.`,
    outro: (v) => v.body || 'Nothing is sent until you confirm.',
    button: 'Confirm my subscription',
  },
};

/** The first word of a name, for "Hi Alice,"; null for a name with none. */
export function firstNameOf(name: string | null | undefined): string | null {
  return name?.trim().split(/\s+/)[0] || null;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const DAY_FORMATTERS_MAX = 1_000;

/** The day of an instant in a zone, short enough for a subject: "Thu, Mar 12". */
function shortDayInTimeZone(instant: Date, timeZone: string): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  let formatter = dayFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' });
    if (dayFormatters.size < DAY_FORMATTERS_MAX) dayFormatters.set(zone, formatter);
  }
  return formatter.format(instant);
}

function viewOf(input: MailInput): MailView {
  const ride = input.ride ?? null;
  const booking = input.booking ?? null;
  return {
    ...input,
    route: ride ? `${input.brand.places.label(ride.fromPlace)} → ${input.brand.places.label(ride.toPlace)}` : null,
    day: ride ? shortDayInTimeZone(ride.departsAt, ride.timezone) : null,
    other: input.otherPersonName?.trim() || null,
    seats: booking
      ? plural(booking.seats, 'seat') + (booking.suitcases > 0 ? ` and ${plural(booking.suitcases, 'suitcase')}` : '')
      : null,
    part: booking?.segment ? ` from ${input.brand.places.label(booking.segment.from)} to ${input.brand.places.label(booking.segment.to)}` : '',
  };
}

/** The ride card's lines: route, departure in the ride's zone, and the pick-up where it helps. */
function rideLines(ride: MailRide, route: string, pickup: boolean): string[] {
  return [
    route,
    formatInTimeZone(ride.departsAt, ride.timezone),
    ...(pickup && ride.pickupAddress ? [`Pick-up: ${ride.pickupAddress}`] : []),
  ];
}

/** A value filled into a compiled template, where the MJML source had this marker. */
const slot = (name: string) => `@@${name}@@`;

interface LayoutParts {
  quote: boolean;
  card: boolean;
  outro: boolean;
  unsubscribe: boolean;
}

/**
 * Compiled layouts by kind, region and which optional parts are present: MJML compiles each once
 * (about 10 ms), and every mail then only fills in its escaped values.
 */
const compiled = new Map<string, Promise<string>>();
const COMPILED_LAYOUTS_MAX = 2_000;

function compile(kind: MailKind, brand: MailBrand, parts: LayoutParts): Promise<string> {
  const key = `${kind}|${brand.slug}|${brand.name}|${brand.where}|${brand.colour}|${brand.tint}|${parts.quote}|${parts.card}|${parts.outro}|${parts.unsubscribe}`;
  let html = compiled.get(key);
  if (!html) {
    html = compileLayout(kind, brand, parts);
    // A failed compilation is not kept: the next mail tries again and reports its own error.
    html.catch(() => compiled.delete(key));
    // A region's new colours or name make new keys: the old layouts go once there are many.
    if (compiled.size >= COMPILED_LAYOUTS_MAX) compiled.clear();
    compiled.set(key, html);
  }
  return html;
}

/**
 * Every mail's MJML: the head, the region's header (its name and the tagline on its colour), the
 * white body holding `body` (the column's content), then `after` (more sections, such as a footer).
 * `title` and `preview` go in as they are: escaped text or slots.
 */
export function mailFrame(brand: MailBrand, content: { title: string; preview: string; body: string; after?: string }): string {
  const e = escapeHtml;
  // lang: the mail is written in English (MJML would write "und", undetermined), so that screen
  // readers and translation offers read it right.
  return `<mjml lang="en">
  <mj-head>
    <mj-title>${content.title}</mj-title>
    <mj-preview>${content.preview}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="#1f2937" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="${brand.colour}" padding="16px 8px">
      <mj-column>
        <mj-text color="#ffffff" font-size="20px" font-weight="bold">${e(siteNameOf(brand))}</mj-text>
        <mj-text color="#ffffff" font-size="13px" padding-top="0">${e(TAGLINE)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px 8px">
      <mj-column>
        ${content.body}
      </mj-column>
    </mj-section>${content.after ?? ''}
  </mj-body>
</mjml>`;
}

/** MJML to HTML, strictly validated; `what` names the mail in the error. */
export async function compileMjml(mjml: string, what: string): Promise<string> {
  // mjml (half a second and about 50 MB to load) comes with the first mail, not at start.
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(mjml, { validationLevel: 'strict', keepComments: false });
  if (errors.length > 0) throw new Error(`${what}: ${errors.map((error) => error.formattedMessage).join('; ')}`);
  return html;
}

function compileLayout(kind: MailKind, brand: MailBrand, parts: LayoutParts): Promise<string> {
  const template = TEMPLATES[kind];
  const e = escapeHtml;
  const body = `<mj-text>${slot('greeting')}</mj-text>
        <mj-text>${slot('intro')}</mj-text>
        ${parts.card ? `<mj-text container-background-color="${brand.tint}" padding="16px 24px">${slot('card')}</mj-text>` : ''}
        ${parts.quote ? `<mj-text font-style="italic" color="#374151" padding-left="40px">${slot('quote')}</mj-text>` : ''}
        ${parts.outro ? `<mj-text>${slot('outro')}</mj-text>` : ''}
        <mj-button background-color="${brand.colour}" color="#ffffff" href="${slot('url')}" font-size="16px" padding-top="16px">${e(template.button)}</mj-button>
        <mj-text font-size="13px" color="#6b7280">Or open this link: <a href="${slot('url')}" style="color:${brand.colour};word-break:break-all">${slot('url')}</a></mj-text>`;
  const footer = `
    <mj-section padding="16px 8px">
      <mj-column>
        <mj-text font-size="12px" color="#6b7280">${
          parts.unsubscribe
            ? `You get this e-mail because of your notification settings. <a href="${slot('unsubscribe')}" style="color:#6b7280">Unsubscribe from these e-mails</a>.`
            : e(NOT_ASKED_FOOTER)
        }</mj-text>
      </mj-column>
    </mj-section>`;
  return compileMjml(mailFrame(brand, { title: slot('subject'), preview: slot('preview'), body, after: footer }), `mail template ${kind}`);
}

/** The footer of a mail outside every category (the newsletter's opt-in). */
const NOT_ASKED_FOOTER = 'If you did not ask for this, ignore this e-mail: nothing will be sent.';

/** "Carpool at Cornell": the header of every mail. */
export const siteNameOf = (brand: Pick<MailBrand, 'where'>) => `Carpool ${brand.where}`;

/** Renders one e-mail: the kind's MJML layout for the HTML part and the same words as plain text. */
export async function renderMail(input: MailInput): Promise<RenderedMail> {
  const template = TEMPLATES[input.kind];
  const view = viewOf(input);
  const subject = template.subject(view);
  const firstName = firstNameOf(input.recipientName);
  const greeting = firstName ? `Hi ${firstName},` : 'Hello,';
  const intro = template.intro(view);
  const quoted = template.quote?.(view);
  const quote = input.lines?.length ? input.lines : quoted ? [quoted] : [];
  const card = input.ride && view.route ? rideLines(input.ride, view.route, template.pickup ?? false) : [];
  const outro = template.outro?.(view) ?? null;

  const layout = await compile(input.kind, input.brand, {
    quote: quote.length > 0,
    card: card.length > 0,
    outro: outro !== null,
    unsubscribe: input.unsubscribeUrl !== null,
  });
  const [route, ...rest] = card.map(escapeHtml);
  const values: Record<string, string> = {
    subject: escapeHtml(subject),
    preview: escapeHtml(intro),
    greeting: escapeHtml(greeting),
    intro: escapeHtml(intro),
    quote: quote.map(escapeHtml).join('<br>'),
    card: route ? [`<strong style="font-size:18px">${route}</strong>`, ...rest].join('<br>') : '',
    outro: escapeHtml(outro ?? ''),
    url: escapeHtml(input.url),
    unsubscribe: escapeHtml(input.unsubscribeUrl ?? ''),
  };
  const html = layout.replace(/@@([a-z]+)@@/g, (marker, name: string) => values[name] ?? marker);

  const paragraph = (lines: readonly string[]) => (lines.length > 0 ? [...lines, ''] : []);
  const text = [
    siteNameOf(input.brand),
    '',
    greeting,
    '',
    intro,
    '',
    ...paragraph(card),
    ...paragraph(quote),
    ...paragraph(outro ? [outro] : []),
    `${template.button}: ${input.url}`,
    '',
    '--',
    input.unsubscribeUrl ? `Unsubscribe from these e-mails: ${input.unsubscribeUrl}` : NOT_ASKED_FOOTER,
    '',
  ].join('\n');
  return { subject, html, text };
}

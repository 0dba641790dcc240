import { REGION_WORDING, TAGLINE, type Region } from '@carpool/shared/regions';
import type { NotificationKind } from '@carpool/shared/schemas/notifications';
import { escapeHtml } from './pages.js';

/** The region's brand colour, as in the web app's theme (apps/web/src/index.css, --color-brand). */
const REGION_COLOURS: Record<Region, { brand: string; tint: string }> = {
  cornell: { brand: '#b31b1b', tint: '#fdf2f2' },
  nj: { brand: '#1d5fd6', tint: '#eff5ff' },
};

/** Kinds of e-mail that are not a notification. */
export type ExtraMailKind = 'chat_digest' | 'newsletter_confirm';
export type MailKind = NotificationKind | ExtraMailKind;

export interface MailInput {
  kind: MailKind;
  region: Region;
  recipientName: string | null;
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

/** What differs between kinds: the subject, the lead sentence and the button. */
interface KindTemplate {
  subject(input: MailInput): string;
  lead(input: MailInput): string;
  button: string;
}

const TEMPLATES: Record<MailKind, KindTemplate> = {
  booking_requested: {
    subject: (m) => `New booking request: ${m.title}`,
    lead: () => 'A passenger asked for seats on your ride. Accept or reject the request on the ride.',
    button: 'Open the ride to accept or reject',
  },
  booking_confirmed: {
    subject: (m) => `Booking confirmed: ${m.title}`,
    lead: () => 'Your driver accepted your booking. The ride is attached as a calendar event.',
    button: 'See the ride',
  },
  booking_rejected: {
    subject: (m) => `Booking not accepted: ${m.title}`,
    lead: () => 'The driver could not take your booking this time. Other rides may still have seats.',
    button: 'See your rides',
  },
  booking_cancelled_by_passenger: {
    subject: (m) => `Booking cancelled: ${m.title}`,
    lead: () => 'A passenger cancelled their booking; their seats are free again.',
    button: 'See the ride',
  },
  ride_cancelled: {
    subject: (m) => `Ride cancelled: ${m.title}`,
    lead: () => 'The driver cancelled a ride you booked.',
    button: 'Find another ride',
  },
  direct_message: {
    subject: (m) => m.title,
    lead: () => 'You have a new message.',
    button: 'Open the conversation',
  },
  review_due: {
    subject: (m) => `Review your ride: ${m.title}`,
    lead: () => 'Your ride is over. A short review helps the next passengers and drivers.',
    button: 'Write a review',
  },
  ride_request_match: {
    subject: (m) => `A ride matches your request: ${m.title}`,
    lead: () => 'A driver posted a ride that matches your ride request.',
    button: 'See the ride',
  },
  ride_updated: {
    subject: (m) => `Ride changed: ${m.title}`,
    lead: () => 'The driver changed the time or the price of a ride you booked. If it no longer suits you, you may cancel.',
    button: 'See the ride',
  },
  ride_cancelled_driver_removed: {
    subject: (m) => `Ride cancelled: ${m.title}`,
    lead: () => 'A ride you booked was cancelled because its driver can no longer drive with us.',
    button: 'Find another ride',
  },
  waitlist_promoted: {
    subject: (m) => `A seat came free: ${m.title}`,
    lead: () => 'Room came free on a ride you were waiting for, and you now hold a pending booking on it. The driver still accepts or rejects it.',
    button: 'See the ride',
  },
  waitlist_closed: {
    subject: (m) => `Waiting list closed: ${m.title}`,
    lead: () => 'A ride you were waiting for will not take more passengers, so its waiting list was closed.',
    button: 'Find another ride',
  },
  review_received: {
    subject: (m) => m.title,
    lead: () => 'Someone you rode with reviewed you.',
    button: 'See your profile',
  },
  verification_decided: {
    subject: (m) => m.title,
    lead: () => 'An administrator decided on your driver verification.',
    button: 'See your profile',
  },
  report_received: {
    subject: (m) => m.title,
    lead: () => 'Thank you for your report. An administrator will look at it; you will hear the outcome.',
    button: 'Open Carpool',
  },
  report_outcome: {
    subject: (m) => m.title,
    lead: () => 'An administrator looked at your report.',
    button: 'Open Carpool',
  },
  account_warning: {
    subject: (m) => m.title,
    lead: () => 'An administrator sent you a warning about your account.',
    button: 'Open Carpool',
  },
  chat_digest: {
    subject: (m) => m.title,
    lead: () => 'These messages have been waiting for you:',
    button: 'Reply',
  },
  newsletter_confirm: {
    subject: (m) => `Confirm your ${REGION_WORDING[m.region].displayName} carpool newsletter`,
    lead: () => 'Someone (hopefully you) asked to receive the carpool newsletter at this address. Nothing is sent until you confirm.',
    button: 'Confirm my subscription',
  },
};

/** A value filled into a compiled template, where the MJML source had this marker. */
const slot = (name: string) => `@@${name}@@`;

/**
 * Compiled layouts by kind, region and which optional parts are present: MJML compiles each once
 * (about 10 ms), and every mail then only fills in its escaped values.
 */
const compiled = new Map<string, Promise<string>>();

function compile(kind: MailKind, region: Region, parts: { body: boolean; lines: boolean; unsubscribe: boolean }): Promise<string> {
  const key = `${kind}|${region}|${parts.body}|${parts.lines}|${parts.unsubscribe}`;
  let html = compiled.get(key);
  if (!html) {
    html = compileLayout(kind, region, parts);
    // A failed compilation is not kept: the next mail tries again and reports its own error.
    html.catch(() => compiled.delete(key));
    compiled.set(key, html);
  }
  return html;
}

async function compileLayout(kind: MailKind, region: Region, parts: { body: boolean; lines: boolean; unsubscribe: boolean }): Promise<string> {
  const template = TEMPLATES[kind];
  const colours = REGION_COLOURS[region];
  const e = escapeHtml;
  const mjml = `<mjml>
  <mj-head>
    <mj-title>${slot('subject')}</mj-title>
    <mj-preview>${slot('preview')}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="#1f2937" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="${colours.brand}" padding="16px 24px">
      <mj-column>
        <mj-text color="#ffffff" font-size="20px" font-weight="bold">${e(siteNameOf(region))}</mj-text>
        <mj-text color="#ffffff" font-size="13px" padding-top="0">${e(TAGLINE)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text>${slot('greeting')}</mj-text>
        <mj-text>${slot('lead')}</mj-text>
        <mj-text container-background-color="${colours.tint}" padding="16px" font-weight="bold">${slot('title')}</mj-text>
        ${parts.body ? `<mj-text>${slot('body')}</mj-text>` : ''}
        ${parts.lines ? `<mj-text line-height="28px">${slot('lines')}</mj-text>` : ''}
        <mj-button background-color="${colours.brand}" color="#ffffff" href="${slot('url')}" font-size="16px" padding-top="16px">${e(template.button)}</mj-button>
        <mj-text font-size="13px" color="#6b7280">Or open this link: <a href="${slot('url')}" style="color:${colours.brand}">${slot('url')}</a></mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px">
      <mj-column>
        <mj-text font-size="12px" color="#6b7280">${
          parts.unsubscribe
            ? `You get this e-mail because of your notification settings. <a href="${slot('unsubscribe')}" style="color:#6b7280">Unsubscribe from these e-mails</a>.`
            : 'If you did not ask for this, ignore this e-mail: nothing will be sent.'
        }</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // mjml (half a second and about 50 MB to load) comes with the first mail, not at start.
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(mjml, { validationLevel: 'strict', keepComments: false });
  if (errors.length > 0) throw new Error(`mail template ${kind}: ${errors.map((error) => error.formattedMessage).join('; ')}`);
  return html;
}

const siteNameOf = (region: Region) => `Carpool ${REGION_WORDING[region].where}`;

/** Renders one e-mail: the kind's MJML layout for the HTML part and the same words as plain text. */
export async function renderMail(input: MailInput): Promise<RenderedMail> {
  const template = TEMPLATES[input.kind];
  const subject = template.subject(input);
  const greeting = input.recipientName ? `Hi ${input.recipientName},` : 'Hello,';
  const lead = template.lead(input);
  const lines = input.lines ?? [];
  const layout = await compile(input.kind, input.region, {
    body: Boolean(input.body),
    lines: lines.length > 0,
    unsubscribe: input.unsubscribeUrl !== null,
  });
  const values: Record<string, string> = {
    subject: escapeHtml(subject),
    preview: escapeHtml(input.body || lead),
    greeting: escapeHtml(greeting),
    lead: escapeHtml(lead),
    title: escapeHtml(input.title),
    body: escapeHtml(input.body),
    lines: lines.map(escapeHtml).join('<br>'),
    url: escapeHtml(input.url),
    unsubscribe: escapeHtml(input.unsubscribeUrl ?? ''),
  };
  const html = layout.replace(/@@([a-z]+)@@/g, (marker, name: string) => values[name] ?? marker);

  const text = [
    siteNameOf(input.region),
    '',
    greeting,
    '',
    lead,
    '',
    input.title,
    ...(input.body ? ['', input.body] : []),
    ...(lines.length > 0 ? ['', ...lines] : []),
    '',
    `${template.button}: ${input.url}`,
    '',
    '--',
    input.unsubscribeUrl ? `Unsubscribe from these e-mails: ${input.unsubscribeUrl}` : 'If you did not ask for this, ignore this e-mail.',
    '',
  ].join('\n');
  return { subject, html, text };
}

import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Region } from '@carpool/shared/regions';
import type { Delivery, DeliveryChannelAdapter, DeliveryResult } from '../../lib/delivery-channel.js';
import { renderMail, type MailBrand, type MailKind } from './mail-templates.js';
import type { MailTokens } from './mail-tokens.js';
import { buildRideCalendar } from './ride-calendar.js';
import { renderSignInCodeMail } from './sign-in-code-mail.js';

/** A mail to an address without an account (the newsletter's opt-in). */
interface AddressMail {
  idempotencyKey: string;
  to: string;
  kind: MailKind;
  region: Region;
  title: string;
  body: string;
  url: string;
}

/** An e-mail kept by the development mailbox instead of being sent. */
interface KeptMail {
  messageId: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  raw: string;
}

/** A sign-in code to the address that asked for it. */
interface SignInCodeMail {
  idempotencyKey: string;
  to: string;
  region: Region;
  code: string;
}

export interface EmailChannel extends DeliveryChannelAdapter {
  deliverToAddress(mail: AddressMail): Promise<DeliveryResult>;
  deliverSignInCode(mail: SignInCodeMail): Promise<DeliveryResult>;
  close(): Promise<void>;
}

export interface EmailChannelOptions {
  /** smtp(s)://user:pass@host:port; null keeps every mail through `keep` (the development mailbox). */
  smtpUrl: string | null;
  from: string;
  baseUrl: string;
  tokens: MailTokens;
  keep: (mail: KeptMail) => Promise<void>;
  /** How a region looks in its mails (its row in the regions tables). */
  brandOf: (region: Region) => MailBrand;
}

/** A Message-ID from the idempotency key: a receiver that sees it twice knows it is the same mail. */
function messageIdFor(idempotencyKey: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'carpool.localhost';
  return `<${idempotencyKey.replace(/[^A-Za-z0-9.-]/g, '.')}@${domain}>`;
}

export function createEmailChannel(options: EmailChannelOptions): EmailChannel {
  // nodemailer is loaded with the first mail, not at start (bench/README.md, "the embedded start").
  let transport: Promise<Transporter> | null = null;
  const openTransport = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    return options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          pool: true,
          maxConnections: 8,
          maxMessages: 1000,
          connectionTimeout: 5_000,
          greetingTimeout: 5_000,
          socketTimeout: 15_000,
        } as Parameters<typeof nodemailer.createTransport>[0])
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  };

  async function send(mail: SendMailOptions & { to: string; subject: string; html: string; text: string }): Promise<DeliveryResult> {
    try {
      transport ??= openTransport();
      // Quoted-printable said outright: nodemailer otherwise scans every text part twice to choose
      // between it and base64, and picks it for our mails anyway; the message is the same, for
      // about a tenth less CPU per mail (bench/README.md, "tenth look").
      const info = (await (await transport).sendMail({ ...mail, from: options.from, textEncoding: 'quoted-printable' })) as { message?: Buffer };
      if (!options.smtpUrl) {
        await options.keep({
          messageId: String(mail.messageId),
          recipient: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          raw: info.message?.toString('utf8') ?? '',
        });
      }
      return { status: 'sent' };
    } catch (error) {
      return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    channel: 'email',
    async deliver(delivery: Delivery): Promise<DeliveryResult> {
      const context = delivery.context;
      if (!context?.email) return { status: 'skipped', reason: 'no e-mail address' };
      const token = options.tokens.sign({ purpose: 'unsubscribe', userId: delivery.userId, category: delivery.category });
      const unsubscribeUrl = `${options.baseUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
      const rendered = await renderMail({
        kind: delivery.kind as MailKind,
        brand: options.brandOf(context.region),
        recipientName: context.recipientName ?? null,
        otherPersonName: context.otherPersonName ?? null,
        ride: context.ride,
        booking: context.booking ?? null,
        title: delivery.title,
        body: delivery.body,
        url: delivery.url,
        unsubscribeUrl,
        lines: context.lines,
      });
      const attachments: SendMailOptions['attachments'] =
        delivery.kind === 'booking_confirmed' && context.ride
          ? [
              {
                filename: 'ride.ics',
                content: buildRideCalendar('Carpool ride', [{ ...context.ride, url: delivery.url, role: 'booked', places: options.brandOf(context.region).places }]),
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              },
            ]
          : [];
      return send({
        to: context.email,
        messageId: messageIdFor(delivery.idempotencyKey, options.from),
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'X-Idempotency-Key': delivery.idempotencyKey,
        },
        attachments,
        ...rendered,
      });
    },
    async deliverToAddress(mail) {
      const { region, ...rest } = mail;
      const rendered = await renderMail({ ...rest, brand: options.brandOf(region), recipientName: null, unsubscribeUrl: null });
      return send({
        to: mail.to,
        messageId: messageIdFor(mail.idempotencyKey, options.from),
        headers: { 'X-Idempotency-Key': mail.idempotencyKey },
        ...rendered,
      });
    },
    async deliverSignInCode(mail) {
      const rendered = await renderSignInCodeMail({ brand: options.brandOf(mail.region), code: mail.code });
      return send({
        to: mail.to,
        messageId: messageIdFor(mail.idempotencyKey, options.from),
        headers: { 'X-Idempotency-Key': mail.idempotencyKey },
        ...rendered,
      });
    },
    close: async () => {
      if (transport) (await transport).close();
    },
  };
}

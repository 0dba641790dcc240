import {
  CalendarFeedDto,
  NotificationPreferencesDto,
  UpdateNotificationPreferencesInput,
} from '@carpool/shared/schemas/notification-preferences';
import { BinaryFile, HtmlPage } from '@carpool/shared/schemas/common';
import type { Region } from '@carpool/shared/regions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { authOf } from '../../plugins/auth.js';
import {
  calendarFeed,
  getDevMail,
  getPreferences,
  listDevMails,
  resetCalendarFeed,
  unsubscribeUserCategory,
  updatePreferences,
  invalidLink,
  verifyMailToken,
} from './delivery.service.js';
import type { Queryable } from '../../db/client.js';
import type { MailTokens } from './mail-tokens.js';
import { page, escapeHtml as e } from './pages.js';

const TokenQuery = z.object({ token: z.string().max(1000).optional() });

/**
 * What the newsletter's signed links do to its subscriptions. The subscriptions module sits above
 * this one (its e-mails go through the outbox), so the app hands its functions in at build time
 * rather than this module importing them (docs/decisions/seat-inventory-and-module-shape.md).
 */
export interface NewsletterLinks {
  confirm(db: Queryable, email: string, region: Region): Promise<void>;
  unsubscribe(db: Queryable, email: string, region: Region): Promise<void>;
}

export async function deliveryRoutes(app: FastifyInstance, options: { tokens: MailTokens; devMailbox: boolean; newsletter: NewsletterLinks }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tokens, newsletter } = options;
  // RFC 8058: the one-click POST comes as a form (List-Unsubscribe=One-Click); its body says nothing more.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, body),
  );

  r.get(
    '/api/notification-preferences',
    {
      schema: {
        operationId: 'getNotificationPreferences',
        tags: ['notifications'],
        summary: 'Which categories reach the caller by e-mail and push, and their calendar feed',
        response: { 200: NotificationPreferencesDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => getPreferences(app.deps, authOf(request).user.id),
  );

  r.put(
    '/api/notification-preferences',
    {
      schema: {
        operationId: 'updateNotificationPreferences',
        tags: ['notifications'],
        summary: 'Turn categories on or off per channel; switches not given keep their value',
        body: UpdateNotificationPreferencesInput,
        response: { 200: NotificationPreferencesDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => updatePreferences(app.deps, authOf(request).user.id, request.body),
  );

  r.post(
    '/api/calendar-feed/reset',
    {
      schema: {
        operationId: 'resetCalendarFeed',
        tags: ['notifications'],
        summary: 'A new private calendar feed URL; the old one stops working',
        response: { 200: CalendarFeedDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => resetCalendarFeed(app.deps, authOf(request).user.id),
  );

  r.get(
    '/api/calendar/:file',
    {
      schema: {
        operationId: 'getCalendarFeed',
        tags: ['notifications'],
        summary: 'The private calendar feed (iCalendar) of the token in the URL: `<token>.ics`',
        params: z.object({ file: z.string().max(200) }),
        response: { 200: { description: 'The iCalendar feed (RFC 5545)', content: { 'text/calendar': { schema: BinaryFile } } } },
        errors: ['NOT_FOUND'],
      },
    },
    async (request, reply) => {
      const match = /^(.+)\.ics$/.exec(request.params.file);
      if (!match) throw notFound('Calendar feed');
      const body = await calendarFeed(app.deps, match[1]!);
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(body);
    },
  );

  r.get(
    '/api/unsubscribe',
    {
      schema: {
        operationId: 'showUnsubscribePage',
        tags: ['notifications'],
        summary: 'The page of an unsubscribe link: a button that confirms',
        querystring: TokenQuery,
        response: { 200: { description: 'An HTML page', content: { 'text/html': { schema: HtmlPage } } } },
        errors: ['INVALID_TOKEN'],
      },
    },
    async (request, reply) => {
      const token = verifyMailToken(tokens, request.query.token);
      const what = token.purpose === 'unsubscribe' ? `${token.category.replace('_', ' ')} e-mails` : 'the newsletter';
      return reply.type('text/html; charset=utf-8').send(
        page(
          'Unsubscribe',
          `<h1>Unsubscribe</h1><p>Stop receiving ${e(what)}?</p>
           <form method="post" action="/api/unsubscribe?token=${e(encodeURIComponent(request.query.token!))}">
             <input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button>
           </form>`,
        ),
      );
    },
  );

  r.post(
    '/api/unsubscribe',
    {
      schema: {
        operationId: 'unsubscribe',
        tags: ['notifications'],
        summary: 'One-click unsubscribe (RFC 8058): no sign-in, the signed token says who and what',
        querystring: TokenQuery,
        response: { 200: { description: 'An HTML page', content: { 'text/html': { schema: HtmlPage } } } },
        errors: ['INVALID_TOKEN'],
      },
    },
    async (request, reply) => {
      const token = verifyMailToken(tokens, request.query.token);
      if (token.purpose === 'unsubscribe') await unsubscribeUserCategory(app.deps.db, token.userId, token.category);
      else await newsletter.unsubscribe(app.deps.db, token.email, token.region);
      return reply.type('text/html; charset=utf-8').send(page('Unsubscribed', '<h1>You are unsubscribed</h1><p>You will not get these e-mails any more.</p>'));
    },
  );

  r.get(
    '/api/subscriptions/confirm',
    {
      schema: {
        operationId: 'showNewsletterConfirmationPage',
        tags: ['subscriptions'],
        summary: 'The page of a newsletter confirmation link: a button that confirms',
        querystring: TokenQuery,
        response: { 200: { description: 'An HTML page', content: { 'text/html': { schema: HtmlPage } } } },
        errors: ['INVALID_TOKEN'],
      },
    },
    async (request, reply) => {
      const token = verifyMailToken(tokens, request.query.token);
      if (token.purpose !== 'newsletter-confirm') throw invalidLink();
      return reply.type('text/html; charset=utf-8').send(
        page(
          'Confirm your subscription',
          `<h1>Confirm your subscription</h1><p>Send the carpool newsletter to ${e(token.email)}?</p>
           <form method="post" action="/api/subscriptions/confirm?token=${e(encodeURIComponent(request.query.token!))}"><button type="submit">Confirm</button></form>`,
        ),
      );
    },
  );

  r.post(
    '/api/subscriptions/confirm',
    {
      schema: {
        operationId: 'confirmNewsletter',
        tags: ['subscriptions'],
        summary: 'Confirms a newsletter subscription (double opt-in)',
        querystring: TokenQuery,
        response: { 200: { description: 'An HTML page', content: { 'text/html': { schema: HtmlPage } } } },
        errors: ['INVALID_TOKEN'],
      },
    },
    async (request, reply) => {
      const token = verifyMailToken(tokens, request.query.token);
      if (token.purpose !== 'newsletter-confirm') throw invalidLink();
      await newsletter.confirm(app.deps.db, token.email, token.region);
      const unsubscribe = tokens.sign({ purpose: 'newsletter-unsubscribe', email: token.email, region: token.region });
      return reply.type('text/html; charset=utf-8').send(
        page(
          'Subscribed',
          `<h1>You are subscribed</h1><p>Thank you. To stop the newsletter at any time, use the link in any issue or
           <a href="/api/unsubscribe?token=${e(encodeURIComponent(unsubscribe))}">unsubscribe here</a>.</p>`,
        ),
      );
    },
  );

  if (!options.devMailbox) return;

  // The development mailbox: e-mails kept instead of sent (no SMTP_URL, never in production).
  r.get('/dev/mail', { schema: { operationId: 'listDevMails', tags: ['dev'], summary: 'The development mailbox: e-mails kept instead of sent (no SMTP_URL)', response: { 200: { description: 'An HTML page', content: { 'text/html': { schema: HtmlPage } } } } } }, async (_request, reply) => {
    const mails = await listDevMails(app.deps.db);
    const rows = mails
      .map(
        (m) =>
          `<tr><td>${e(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${e(m.recipient)}</td><td><a href="/dev/mail/${m.id}">${e(m.subject)}</a></td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Development mailbox',
          `<h1>Development mailbox</h1><p>E-mails the server would have sent (SMTP_URL is not set). Newest first.</p>
           <table><thead><tr><th>Time (UTC)</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No e-mail yet.</td></tr>'}</tbody></table>`,
        ),
      );
  });

  r.get('/dev/mail/:id', { schema: { operationId: 'showDevMail', tags: ['dev'], summary: 'One kept e-mail: its text part and links to the others', params: z.object({ id: z.uuid() }), response: { 200: { description: 'An HTML page', content: { 'text/html': { schema: HtmlPage } } } }, errors: ['NOT_FOUND'] } }, async (request, reply) => {
    const mail = await getDevMail(app.deps.db, request.params.id);
    return reply.type('text/html; charset=utf-8').send(
      page(
        mail.subject,
        `<p><a href="/dev/mail">← Mailbox</a></p><h1>${e(mail.subject)}</h1><p>To ${e(mail.recipient)} · ${e(mail.messageId)}</p>
         <p><a href="/dev/mail/${mail.id}/html">Open the HTML part</a> · <a href="/dev/mail/${mail.id}/raw">Raw message</a></p>
         <h2>Text part</h2><pre>${e(mail.text)}</pre>`,
      ),
    );
  });

  r.get('/dev/mail/:id/html', { schema: { operationId: 'showDevMailHtml', tags: ['dev'], summary: 'The HTML part of a kept e-mail', params: z.object({ id: z.uuid() }), response: { 200: { description: 'An HTML page', content: { 'text/html': { schema: HtmlPage } } } }, errors: ['NOT_FOUND'] } }, async (request, reply) => {
    const mail = await getDevMail(app.deps.db, request.params.id);
    return reply.type('text/html; charset=utf-8').send(mail.html);
  });

  r.get('/dev/mail/:id/raw', { schema: { operationId: 'showDevMailRaw', tags: ['dev'], summary: 'A kept e-mail as sent (RFC 5322)', params: z.object({ id: z.uuid() }), response: { 200: { description: 'The raw message', content: { 'text/plain': { schema: BinaryFile } } } }, errors: ['NOT_FOUND'] } }, async (request, reply) => {
    const mail = await getDevMail(app.deps.db, request.params.id);
    return reply.type('text/plain; charset=utf-8').send(mail.raw);
  });
}

/** What the server's push channel sends (apps/server/src/modules/push/push-channel.ts, PushPayload). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

const FALLBACK_TITLE = 'Carpool';

/**
 * Reads a push message's JSON defensively: a message that is not what the server sends still
 * shows a notification (a push without one counts against the site in Chrome), never throws.
 */
export function readPushMessage(text: string | null): PushMessage {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    data = { body: text ?? '' };
  }
  const field = (name: string) => (typeof data[name] === 'string' ? (data[name] as string) : '');
  return { title: field('title') || FALLBACK_TITLE, body: field('body'), url: field('url') || '/', tag: field('tag') };
}

/**
 * The page a notification's click opens: the message's link when it is on this site, else the
 * home page. A push message never sends the user to another site.
 */
export function notificationTarget(url: string, origin: string): string {
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** Paths the service worker never answers from a cache: API answers, live connections, personal files, development tools. */
export const NEVER_CACHED = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/dev(\/|$)/, /^\/dev-idp(\/|$)/, /^\/dev-sign-in(\/|$)/];

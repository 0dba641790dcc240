import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { loadOrCreateKeyFile } from '../../lib/key-file.js';
import { isRegionSlug, type Region } from '@carpool/shared/regions';
import { NotificationCategorySchema, type NotificationCategory } from '@carpool/shared/schemas/notification-preferences';

const KEY_FILE = 'mail-token.key';

/** What a link in an e-mail stands for; signed, so nobody can forge one for somebody else. */
type MailToken =
  | { purpose: 'unsubscribe'; userId: string; category: NotificationCategory }
  | { purpose: 'newsletter-confirm'; email: string; region: Region }
  | { purpose: 'newsletter-unsubscribe'; email: string; region: Region };

export interface MailTokens {
  sign(token: MailToken): string;
  /** null for anything malformed or signed with another key. */
  verify(value: string): MailToken | null;
  /**
   * Encrypts a secret that a queued mail carries (a sign-in code), so that the outbox row does not
   * hold it readable while it waits; `open` gives it back, or null when it was sealed with another key.
   */
  seal(secret: string): string;
  open(sealed: string): string | null;
}

/**
 * The HMAC key lives in DATA_DIR beside the development signing key, so links in e-mails stay
 * valid across restarts and across processes sharing the folder; null keeps it in memory (tests).
 */
export function loadMailTokens(dataDir: string | null): MailTokens {
  const key = loadOrCreateKeyFile(dataDir, KEY_FILE);
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  // A key of its own for sealing, derived from the same file: one secret to keep and share.
  const sealKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'carpool outbox secret', 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv, tag, body, extra] = sealed.split('.');
      if (!iv || !tag || !body || extra !== undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    sign(token) {
      const body = Buffer.from(JSON.stringify(token)).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    verify(value) {
      const [body, signature, extra] = value.split('.');
      if (!body || !signature || extra !== undefined || value.length > 1000) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        return parseToken(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      } catch {
        return null;
      }
    },
  };
}

function parseToken(value: unknown): MailToken | null {
  if (typeof value !== 'object' || value === null) return null;
  const token = value as Record<string, unknown>;
  if (token.purpose === 'unsubscribe' && typeof token.userId === 'string') {
    const category = NotificationCategorySchema.safeParse(token.category);
    return category.success ? { purpose: 'unsubscribe', userId: token.userId, category: category.data } : null;
  }
  if ((token.purpose === 'newsletter-confirm' || token.purpose === 'newsletter-unsubscribe') && typeof token.email === 'string' && isRegionSlug(token.region)) {
    return { purpose: token.purpose, email: token.email, region: token.region };
  }
  return null;
}

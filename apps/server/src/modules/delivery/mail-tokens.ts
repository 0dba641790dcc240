import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRegion, type Region } from '@carpool/shared/regions';
import { NotificationCategorySchema, type NotificationCategory } from '@carpool/shared/schemas/notification-preferences';

const KEY_FILE = 'mail-token.key';

/** What a link in an e-mail stands for; signed, so nobody can forge one for somebody else. */
export type MailToken =
  | { purpose: 'unsubscribe'; userId: string; category: NotificationCategory }
  | { purpose: 'newsletter-confirm'; email: string; region: Region }
  | { purpose: 'newsletter-unsubscribe'; email: string; region: Region };

export interface MailTokens {
  sign(token: MailToken): string;
  /** null for anything malformed or signed with another key. */
  verify(value: string): MailToken | null;
}

/**
 * The HMAC key lives in DATA_DIR beside the development signing key, so links in e-mails stay
 * valid across restarts and across processes sharing the folder; null keeps it in memory (tests).
 */
export function loadMailTokens(dataDir: string | null): MailTokens {
  const key = loadOrCreateKey(dataDir);
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
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
  if ((token.purpose === 'newsletter-confirm' || token.purpose === 'newsletter-unsubscribe') && typeof token.email === 'string' && isRegion(token.region)) {
    return { purpose: token.purpose, email: token.email, region: token.region };
  }
  return null;
}

function loadOrCreateKey(dataDir: string | null): Buffer {
  if (!dataDir) return randomBytes(32);
  const file = path.join(dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx': two processes starting on one folder keep the key the first one wrote.
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

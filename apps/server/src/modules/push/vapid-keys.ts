import { createECDH } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The application server's key pair of RFC 8292 (VAPID), base64url as browsers and web-push take them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: contact the push services can reach. */
  subject: string;
}

const KEY_FILE = 'vapid-keys.json';

class VapidKeyError extends Error {
  override name = 'VapidKeyError';
}

/** A public key must be the private key's: a mismatch would only show as 403s from push services. */
function assertPair(keys: { publicKey: string; privateKey: string }, origin: string): void {
  const privateKey = Buffer.from(keys.privateKey, 'base64url');
  if (privateKey.length !== 32) throw new VapidKeyError(`${origin}: the VAPID private key must be 32 bytes, base64url`);
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(privateKey);
  } catch {
    throw new VapidKeyError(`${origin}: the VAPID private key is not a P-256 key`);
  }
  if (ecdh.getPublicKey('base64url') !== keys.publicKey.replace(/=+$/, '')) {
    throw new VapidKeyError(`${origin}: the VAPID public key does not belong to the private key`);
  }
}

/**
 * A new P-256 pair as web-push's generateVAPIDKeys makes it (without loading web-push at start):
 * the uncompressed public point and the 32-byte private key, base64url.
 */
function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
}

/**
 * The configured keys; else the pair stored in `dataDir`, generated on the first start; else
 * (tests, dataDir null) a fresh pair in memory. Every process of one deployment must use the same
 * pair, since browsers' subscriptions are bound to the public key: processes that do not share
 * a DATA_DIR need VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.
 */
export function loadVapidKeys(options: {
  publicKey: string | null;
  privateKey: string | null;
  subject: string;
  dataDir: string | null;
}): VapidKeys {
  const { subject } = options;
  if (options.publicKey && options.privateKey) {
    const keys = { publicKey: options.publicKey, privateKey: options.privateKey };
    assertPair(keys, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY');
    return { ...keys, subject };
  }
  const file = options.dataDir ? path.join(options.dataDir, KEY_FILE) : null;
  if (!file) return { ...generateVapidKeys(), subject };
  const stored = readStored(file);
  if (stored) return { ...stored, subject };
  const generated = generateVapidKeys();
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and linked into place: of two processes starting at once on one DATA_DIR, the
  // second finds the link taken and keeps the first one's pair, never a half-written file.
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, JSON.stringify(generated), { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { ...readStored(file)!, subject };
  } finally {
    unlinkSync(aside);
  }
  return { ...generated, subject };
}

function readStored(file: string): { publicKey: string; privateKey: string } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const stored = JSON.parse(text) as { publicKey: string; privateKey: string };
  assertPair(stored, file);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The VAPID token's claims, verified with the key the request names (RFC 8292). */
  vapid: { publicKey: string; audience: string; subject: string; expiresAt: number };
}

/**
 * A push service in the test process, as a browser vendor runs one: it checks the VAPID
 * signature, keeps what it receives, and answers with the status set per path (201 otherwise).
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const statusOfPath = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const path = request.url ?? '/';
        const vapid = await verifyVapid(request.headers.authorization, `http://${request.headers.host}`);
        if (!vapid) {
          response.writeHead(403).end('bad VAPID authorization');
          return;
        }
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks), vapid });
        response.writeHead(statusOfPath.get(path) ?? 201).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    answer(path: string, status: number) {
      statusOfPath.set(path, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function verifyVapid(header: string | undefined, origin: string): Promise<ReceivedPush['vapid'] | null> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return null;
  const [, token, publicKey] = match as unknown as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    'ES256',
  );
  try {
    const { payload } = await jwtVerify(token, key, { audience: origin, algorithms: ['ES256'] });
    return { publicKey, audience: origin, subject: String(payload.sub), expiresAt: Number(payload.exp) };
  } catch {
    return null;
  }
}

/** A browser's side of a push subscription: its ECDH key pair and auth secret (RFC 8291). */
export function browserKeys(): { ecdh: ECDH; p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** What the browser does with a received message: decrypts it with its private key. */
export function decryptPush(body: Buffer, keys: { ecdh: ECDH; auth: string }): unknown {
  return JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth }).toString('utf8'));
}

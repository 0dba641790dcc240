// http_ece ships no types; the tests use its decrypt to read what a push service received.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm' | 'aesgcm' | 'aesgcm128'; privateKey?: ECDH; authSecret?: string | Buffer; dh?: string | Buffer },
  ): Buffer;
}

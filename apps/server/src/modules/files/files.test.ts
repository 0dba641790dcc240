import { UPLOAD_MAX_BYTES } from '@carpool/shared/constants';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { jpegWithExif, pngDeclaring, smallPng } from '../../test/images.js';
import { multipartRequest, type FormValue } from '../../test/multipart.js';

describeEachDatabase('avatar upload and files', (kind) => {
  let t: TestApp;
  let ada: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ada = await t.signIn('ada1@cornell.edu', 'Ada Avatar');
    bob = await t.signIn('bob1@cornell.edu', 'Bob Viewer');
  });
  afterAll(() => t.close());

  async function upload(user: SignedInUser | null, values: Record<string, FormValue>) {
    const form = await multipartRequest(values);
    return t.call({ method: 'POST', url: '/api/users/upload-image', token: user?.token, ...form });
  }
  const image = (bytes: Buffer, filename = 'me.jpg', type = 'image/jpeg') => ({ bytes, filename, type });

  describe('refuses', () => {
    it('a renamed non-image, whatever its name and declared type', async () => {
      const text = Buffer.from('<html><script>alert(1)</script></html>'.repeat(20));
      const res = await upload(ada, { image: image(text, 'photo.png', 'image/png') });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: expect.stringMatching(/image/) });
    });

    it('an SVG (an image to a browser, but scriptable)', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
      const res = await upload(ada, { image: image(svg, 'a.svg', 'image/svg+xml') });
      expect(res.statusCode).toBe(415);
    });

    it('a file with image magic bytes that does not decode', async () => {
      const broken = Buffer.concat([(await smallPng()).subarray(0, 40), Buffer.alloc(200, 7)]);
      const res = await upload(ada, { image: image(broken, 'x.png', 'image/png') });
      expect(res.statusCode).toBe(415);
    });

    it('a file over 5 MB', async () => {
      const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0);
      big.set([0xff, 0xd8, 0xff, 0xe0]);
      const res = await upload(ada, { image: image(big) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringMatching(/5 MB/) });
    });

    it('a decompression bomb: a tiny PNG declaring 100000 x 100000 pixels', async () => {
      const bomb = pngDeclaring(100_000, 100_000);
      expect(bomb.length).toBeLessThan(10_000);
      const res = await upload(ada, { image: image(bomb, 'bomb.png', 'image/png') });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringMatching(/megapixels/) });
    });

    it('a form without the image, a JSON body, and a signed-out caller', async () => {
      expect((await upload(ada, { other: 'x' })).statusCode).toBe(400);
      const json = await t.call({ method: 'POST', url: '/api/users/upload-image', token: ada.token, payload: { image: 'x' } });
      expect(json.statusCode).toBe(400);
      expect((await upload(null, { image: image(await smallPng(), 'a.png', 'image/png') })).statusCode).toBe(401);
    });

    it('answers over a real socket when refusing mid-form, and lets go of the unread connection', async () => {
      const live = await createTestApp(kind);
      const address = await live.app.listen({ port: 0, host: '127.0.0.1' });
      const liveUser = await live.signIn('live1@cornell.edu');
      try {
        const form = new FormData();
        form.append('photo', new Blob([new Uint8Array(await smallPng())], { type: 'image/png' }), 'a.png');
        form.append('image', new Blob([new Uint8Array(Buffer.alloc(UPLOAD_MAX_BYTES + 10))], { type: 'image/png' }), 'b.png');
        const res = await fetch(`${address}/api/users/upload-image`, {
          method: 'POST',
          headers: { authorization: `Bearer ${liveUser.token}` },
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { message: string }).message).toMatch(/Unexpected file field "photo"/);

        const tooBig = new FormData();
        tooBig.append('image', new Blob([new Uint8Array(Buffer.alloc(UPLOAD_MAX_BYTES * 2))], { type: 'image/png' }), 'c.png');
        const big = await fetch(`${address}/api/users/upload-image`, {
          method: 'POST',
          headers: { authorization: `Bearer ${liveUser.token}` },
          body: tooBig,
          signal: AbortSignal.timeout(10_000),
        });
        expect(big.status).toBe(413);
      } finally {
        await live.close();
      }
    });

    it('leaves the avatar unchanged after all of that', async () => {
      const me = await t.call({ method: 'GET', url: `/api/users/${ada.id}`, token: ada.token });
      expect(me.json().avatar).toBeNull();
    });
  });

  describe('accepts a photo', () => {
    let avatarUrl: string;

    it('re-encodes it to WebP of at most 512x512 without any metadata', async () => {
      const photo = await jpegWithExif(1200, 900);
      expect((await sharp(photo).metadata()).exif).toBeDefined();

      const res = await upload(ada, { image: image(photo) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.avatar).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      expect(body.user).toMatchObject({ id: ada.id, avatar: body.avatar, email: 'ada1@cornell.edu' });
      avatarUrl = body.avatar;

      const served = await t.call({ method: 'GET', url: avatarUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const stored = await sharp(served.rawPayload).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 512, height: 384 });
      expect(stored.exif).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
    });

    it('takes a large photo of several megabytes (multipart is not held to the JSON body limit)', async () => {
      const noisy = await sharp({
        create: { width: 1100, height: 1000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(3 * 1024 * 1024);
      expect(noisy.length).toBeLessThan(UPLOAD_MAX_BYTES);
      const res = await upload(bob, { image: image(noisy, 'big.png', 'image/png') });
      expect(res.statusCode).toBe(200);
    });

    it('shows it on the profile to other users', async () => {
      const profile = await t.call({ method: 'GET', url: `/api/users/${ada.id}`, token: bob.token });
      expect(profile.json().avatar).toBe(avatarUrl);
    });

    it('serves it publicly with an ETag, long cache headers and 304 on a match', async () => {
      const first = await t.call({ method: 'GET', url: avatarUrl });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const again = await t.call({ method: 'GET', url: avatarUrl, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const listed = await t.call({ method: 'GET', url: avatarUrl, headers: { 'if-none-match': `"other", W/${etag}` } });
      expect(listed.statusCode).toBe(304);
      const stale = await t.call({ method: 'GET', url: avatarUrl, headers: { 'if-none-match': '"something-else"' } });
      expect(stale.statusCode).toBe(200);
    });

    it('replaces the previous picture, which is then gone', async () => {
      const res = await upload(ada, { image: image(await smallPng(), 'small.png', 'image/png') });
      expect(res.statusCode).toBe(200);
      expect(res.json().avatar).not.toBe(avatarUrl);
      const small = await sharp((await t.call({ method: 'GET', url: res.json().avatar })).rawPayload).metadata();
      expect(small).toMatchObject({ width: 64, height: 64 });
      expect((await t.call({ method: 'GET', url: avatarUrl })).statusCode).toBe(404);
    });
  });

  it('answers 404 for unknown and malformed file ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '1']) {
      const res = await t.call({ method: 'GET', url: `/api/files/${id}`, token: ada.token });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('keeps JSON routes working next to multipart', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/users/profile',
      token: bob.token,
      payload: { name: 'Bob Viewer', email: 'bob1@cornell.edu' },
    });
    expect(res.statusCode).toBe(200);
  });
});

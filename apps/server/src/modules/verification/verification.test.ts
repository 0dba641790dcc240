import type { SignedInUser } from '@carpool/shared/schemas/users';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { jpegWithExif, smallPng } from '../../test/images.js';
import { multipartRequest, type FormValue } from '../../test/multipart.js';

describeEachDatabase('driver verification', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let driver: SignedInUser;
  let secondDriver: SignedInUser;
  let nosy: SignedInUser;
  let documents: Record<string, FormValue>;

  beforeAll(async () => {
    t = await createTestApp(kind, { config: { adminEmails: ['admin@cornell.edu'] }, start: new Date('2026-03-01T12:00:00Z') });
    admin = await t.signIn('admin@cornell.edu', 'Ann Admin');
    driver = await t.signIn('vd1@cornell.edu', 'Val Driver');
    secondDriver = await t.signIn('vd2@rutgers.edu', 'Rae Driver');
    nosy = await t.signIn('nosy@cornell.edu', 'Nora Nosy');
    const photo = await jpegWithExif(2400, 1600);
    documents = {
      licenseFront: { bytes: photo, filename: 'front.jpg', type: 'image/jpeg' },
      licenseBack: { bytes: await smallPng(), filename: 'back.png', type: 'image/png' },
      insurance: { bytes: photo, filename: 'insurance.jpg', type: 'image/jpeg' },
      licenseExpiration: '2029-05-31',
      insuranceExpiration: '',
    };
  });
  afterAll(() => t.close());

  async function submitDocuments(user: SignedInUser, values: Record<string, FormValue> = documents) {
    const form = await multipartRequest(values);
    return t.call({ method: 'POST', url: '/api/users/upload-verification-docs', token: user.token, ...form });
  }
  const profileOf = async (user: SignedInUser) =>
    (await t.call({ method: 'GET', url: `/api/users/${user.id}`, token: nosy.token })).json();
  const adminCall = (user: SignedInUser, method: 'GET' | 'POST', url: string) => t.call({ method, url, token: user.token });

  describe('upload checks', () => {
    it('needs all three documents', async () => {
      const { insurance: _insurance, ...withoutInsurance } = documents;
      const res = await submitDocuments(driver, withoutInsurance);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/insurance/);
    });

    it('refuses a non-image document', async () => {
      const res = await submitDocuments(driver, {
        ...documents,
        licenseBack: { bytes: Buffer.from('%PDF-1.7 not an image'), filename: 'back.jpg', type: 'image/jpeg' },
      });
      expect(res.statusCode).toBe(415);
    });

    it('refuses malformed and past expiration dates', async () => {
      expect((await submitDocuments(driver, { ...documents, licenseExpiration: '31/05/2029' })).statusCode).toBe(400);
      const expired = await submitDocuments(driver, { ...documents, insuranceExpiration: '2026-02-28' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toMatch(/insurance expiration/);
    });

    it('changed nothing while refusing', async () => {
      expect((await profileOf(driver)).verificationStatus).toBe('none');
      const listed = await adminCall(admin, 'GET', '/api/admin/verifications');
      expect(listed.json()).toEqual([]);
    });
  });

  describe('submit -> pending -> approved', () => {
    let submissionId: string;
    let documentUrls: string[];

    it('puts the user to pending', async () => {
      const res = await submitDocuments(driver);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({ id: driver.id, verificationStatus: 'pending', driverVerified: false });
      expect(body.submission).toMatchObject({
        status: 'pending',
        licenseExpiration: '2029-05-31',
        insuranceExpiration: null,
        user: { id: driver.id, email: 'vd1@cornell.edu' },
      });
      submissionId = body.submission.id;
      documentUrls = Object.values(body.submission.documents as Record<string, string>);
      expect(documentUrls).toHaveLength(3);
      expect((await profileOf(driver)).verificationStatus).toBe('pending');
    });

    it('refuses a second submission while pending', async () => {
      const res = await submitDocuments(driver);
      expect(res.statusCode).toBe(409);
    });

    it('serves the documents to the owner and admins only, re-encoded and without metadata', async () => {
      for (const url of documentUrls) {
        const own = await t.call({ method: 'GET', url, token: driver.token });
        expect(own.statusCode).toBe(200);
        expect(own.headers['cache-control']).toBe('private, no-store');
        const byAdmin = await t.call({ method: 'GET', url, token: admin.token });
        expect(byAdmin.statusCode).toBe(200);
        const meta = await sharp(byAdmin.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();

        for (const token of [nosy.token, secondDriver.token, undefined]) {
          const res = await t.call({ method: 'GET', url, token });
          expect(res.statusCode).toBe(404);
          expect(res.json().code).toBe('NOT_FOUND');
          const withEtag = await t.call({ method: 'GET', url, token, headers: { 'if-none-match': '*' } });
          expect(withEtag.statusCode).toBe(404);
        }
      }
      const front = await sharp((await t.call({ method: 'GET', url: documentUrls[0]!, token: admin.token })).rawPayload).metadata();
      expect(Math.max(front.width!, front.height!)).toBe(2048);
    });

    it('keeps admin routes from non-admins (403) and signed-out callers (401)', async () => {
      for (const [method, url] of [
        ['GET', '/api/admin/verifications?status=pending'],
        ['POST', `/api/admin/verifications/${submissionId}/approve`],
        ['POST', `/api/admin/verifications/${submissionId}/reject`],
        ['POST', '/api/admin/verifications/not-a-uuid/approve'],
      ] as const) {
        for (const user of [driver, nosy]) {
          const res = await adminCall(user, method, url);
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        }
        expect((await t.call({ method, url })).statusCode).toBe(401);
      }
      expect((await profileOf(driver)).verificationStatus).toBe('pending');
    });

    it('lists the submission for admins', async () => {
      const res = await adminCall(admin, 'GET', '/api/admin/verifications?status=pending');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        expect.objectContaining({ id: submissionId, status: 'pending', user: { id: driver.id, name: 'Val Driver', email: 'vd1@cornell.edu' } }),
      ]);
      expect((await adminCall(admin, 'GET', '/api/admin/verifications?status=approved')).json()).toEqual([]);
    });

    it('approves: the profile shows a verified driver', async () => {
      const res = await adminCall(admin, 'POST', `/api/admin/verifications/${submissionId}/approve`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: submissionId, status: 'approved', decidedAt: '2026-03-01T12:00:00.000Z' });
      expect(await profileOf(driver)).toMatchObject({ verificationStatus: 'approved', driverVerified: true });
      const session = await t.call({ method: 'GET', url: '/api/auth/verify-token', token: driver.token });
      expect(session.json().user).toMatchObject({ verificationStatus: 'approved', driverVerified: true });
    });

    it('cannot decide the same submission twice, nor take new documents', async () => {
      const again = await adminCall(admin, 'POST', `/api/admin/verifications/${submissionId}/reject`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('INVALID_TRANSITION');
      expect((await submitDocuments(driver)).statusCode).toBe(409);
      const unknown = await adminCall(admin, 'POST', '/api/admin/verifications/00000000-0000-4000-8000-000000000000/approve');
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe("the applicant's own verification (GET /api/users/me/verification)", () => {
    it('needs a signed-in caller and answers only about the caller', async () => {
      expect((await t.call({ method: 'GET', url: '/api/users/me/verification' })).statusCode).toBe(401);
      const own = await t.call({ method: 'GET', url: '/api/users/me/verification', token: nosy.token });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ verificationStatus: 'none', submission: null });
    });

    it("shows a rejected applicant the reason, to them only (other people's profiles carry no reason)", async () => {
      const applicant = await t.signIn('vd3@cornell.edu', 'Rex Rejected');
      const sent = await submitDocuments(applicant);
      expect(sent.statusCode).toBe(200);
      const rejected = await t.call({
        method: 'POST',
        url: `/api/admin/verifications/${sent.json().submission.id}/reject`,
        token: admin.token,
        payload: { reason: 'The licence photo is blurred' },
      });
      expect(rejected.statusCode).toBe(200);
      const mine = (await t.call({ method: 'GET', url: '/api/users/me/verification', token: applicant.token })).json();
      expect(mine).toMatchObject({
        verificationStatus: 'rejected',
        submission: { id: sent.json().submission.id, status: 'rejected', rejectReason: 'The licence photo is blurred' },
      });
      expect(JSON.stringify(await profileOf(applicant))).not.toContain('blurred');
      // Another user asking at the same path hears about themself, never about the applicant.
      expect((await t.call({ method: 'GET', url: '/api/users/me/verification', token: nosy.token })).json().submission).toBeNull();
    });
  });

  describe('reject -> submit again', () => {
    it('lets a rejected user submit again', async () => {
      const first = await submitDocuments(secondDriver);
      expect(first.statusCode).toBe(200);
      const rejected = await adminCall(admin, 'POST', `/api/admin/verifications/${first.json().submission.id}/reject`);
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().status).toBe('rejected');
      expect(await profileOf(secondDriver)).toMatchObject({ verificationStatus: 'rejected', driverVerified: false });

      const second = await submitDocuments(secondDriver);
      expect(second.statusCode).toBe(200);
      expect(second.json().user.verificationStatus).toBe('pending');
      expect(second.json().submission.id).not.toBe(first.json().submission.id);
      const pending = (await adminCall(admin, 'GET', '/api/admin/verifications')).json();
      expect(pending.map((s: { id: string }) => s.id)).toEqual([second.json().submission.id]);
    });
  });
});

import { IdParams, UploadedFile } from '@carpool/shared/schemas/common';
import {
  AdminVerificationsDto,
  AdminVerificationsQuery,
  MyVerificationDto,
  VERIFICATION_DOCUMENT_FIELDS,
  VerificationFieldsInput,
  VerificationSubmissionDto,
  VerificationUploadDto,
} from '@carpool/shared/schemas/verification';
import { RejectVerificationInput } from '@carpool/shared/schemas/trust';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { authOf, consoleScopeOf } from '../../plugins/auth.js';
import { readMultipartForm } from '../../plugins/multipart.js';
import {
  assertMaySubmitVerification,
  decideVerificationInConsole,
  getOwnVerification,
  listVerificationsForConsole,
  submitVerification,
} from './verification.service.js';

export async function verificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/me/verification',
    {
      schema: {
        operationId: 'getMyVerification',
        tags: ['verification'],
        summary: "The caller's own verification state and latest application, with the reason of a rejection",
        response: { 200: MyVerificationDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => getOwnVerification(app.deps.db, authOf(request).user),
  );

  r.post(
    '/api/users/upload-verification-docs',
    {
      schema: {
        operationId: 'submitVerification',
        errors: ['VALIDATION_FAILED', 'BAD_REQUEST', 'CONFLICT', 'UNSUPPORTED_FILE_TYPE', 'FILE_TOO_LARGE'],
        tags: ['verification'],
        summary: 'Apply to become a verified driver',
        description:
          'multipart/form-data: licenseFront, licenseBack, insurance (images, each at most 5 MB, stored privately), ' +
          'licenseExpiration and insuranceExpiration (optional, yyyy-mm-dd). Only from verificationStatus none or rejected (409 otherwise).',
        multipartBody: VerificationFieldsInput.extend({ licenseFront: UploadedFile, licenseBack: UploadedFile, insurance: UploadedFile }),
        response: { 200: VerificationUploadDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => {
      const { user } = authOf(request);
      assertMaySubmitVerification(user);
      const form = await readMultipartForm(request, {
        files: VERIFICATION_DOCUMENT_FIELDS,
        fields: ['licenseExpiration', 'insuranceExpiration'],
      });
      const fields = VerificationFieldsInput.safeParse(form.fields);
      if (!fields.success) {
        throw new AppError('VALIDATION_FAILED', 'Expiration dates must be dates (yyyy-mm-dd)', fields.error.issues);
      }
      const result = await submitVerification(app.deps, user.id, { files: form.files, fields: fields.data });
      return { message: 'Your documents were received and are waiting for review', ...result };
    },
  );

  r.get(
    '/api/admin/verifications',
    {
      schema: {
        operationId: 'listVerifications',
        errors: ['FORBIDDEN'],
        tags: ['admin'],
        summary:
          "Driver verification submissions by status, oldest first (admins: everyone's; a region's moderators: its people's; limit 1..200, default 50)",
        description: "Each document URL is served by GET /api/files/{id} to admins, the owner's region moderators and the owner only.",
        querystring: AdminVerificationsQuery,
        response: { 200: AdminVerificationsDto },
      },
      onRequest: app.requireConsole,
    },
    async (request) => listVerificationsForConsole(app.deps, consoleScopeOf(request), request.query.status, request.query),
  );

  r.post(
    '/api/admin/verifications/:id/approve',
    {
      schema: {
        operationId: 'approveVerification',
        tags: ['admin'],
        summary:
          "Approve a pending submission: the user becomes a verified driver and is notified (admins, or the applicant's region moderators: 403 for another region's)",
        params: IdParams,
        response: { 200: VerificationSubmissionDto },
        errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
      },
      onRequest: app.requireConsole,
    },
    // The admin command's credential is no user: its decisions have no decidedBy, as before.
    async (request) => decideVerificationInConsole(app.deps, consoleScopeOf(request), request.params.id, 'approved', request.auth?.user.id ?? null),
  );

  r.post(
    '/api/admin/verifications/:id/reject',
    {
      schema: {
        operationId: 'rejectVerification',
        tags: ['admin'],
        summary:
          "Reject a pending submission with a reason the user sees; they are notified and may submit again (admins, or the applicant's region moderators: 403 for another region's)",
        params: IdParams,
        body: RejectVerificationInput,
        response: { 200: VerificationSubmissionDto },
        errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
      },
      onRequest: app.requireConsole,
    },
    async (request) =>
      decideVerificationInConsole(app.deps, consoleScopeOf(request), request.params.id, 'rejected', request.auth?.user.id ?? null, request.body?.reason ?? ''),
  );
}

import { UploadedFile, UserIdParams } from '@carpool/shared/schemas/common';
import {
  SessionUserDto,
  UpdateProfileInput,
  UploadImageDto,
  UserEmailDto,
  UserProfileDto,
} from '@carpool/shared/schemas/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/app-error.js';
import { authOf } from '../../plugins/auth.js';
import { readMultipartForm } from '../../plugins/multipart.js';
import { getUserProfile, setAvatar, updateProfile } from './users.service.js';

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/users/profile',
    {
      schema: {
        operationId: 'updateProfile',
        errors: ['BAD_REQUEST', 'NOT_FOUND'],
        tags: ['users'],
        summary: 'Save the signed-in user\'s profile (the e-mail must stay the signed-in address)',
        body: UpdateProfileInput,
        response: { 200: SessionUserDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => updateProfile(app.deps, authOf(request).user, request.body),
  );

  r.post(
    '/api/users/upload-image',
    {
      schema: {
        operationId: 'uploadAvatar',
        errors: ['BAD_REQUEST', 'UNSUPPORTED_FILE_TYPE', 'FILE_TOO_LARGE', 'NOT_FOUND'],
        tags: ['users'],
        summary: 'Upload a new avatar (multipart field "image", an image of at most 5 MB)',
        description: 'The image is checked by its bytes, re-encoded to WebP of at most 512x512 and stripped of metadata.',
        multipartBody: z.object({ image: UploadedFile }),
        response: { 200: UploadImageDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => {
      const { user } = authOf(request);
      const form = await readMultipartForm(request, { files: ['image'] });
      const image = form.files.get('image');
      if (!image) throw new AppError('BAD_REQUEST', 'Choose an image to upload (form field "image")');
      return setAvatar(app.deps, user.id, image);
    },
  );

  r.get(
    '/api/users/:userId',
    {
      schema: {
        operationId: 'getUserProfile',
        errors: ['NOT_FOUND'],
        tags: ['users'],
        summary: "A user's public profile with review and ride stats",
        params: UserIdParams,
        response: { 200: UserProfileDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => getUserProfile(app.deps, request.params.userId),
  );

  r.get(
    '/api/users/:userId/email',
    {
      schema: {
        operationId: 'getUserEmail',
        errors: ['FORBIDDEN'],
        tags: ['users'],
        summary: "Your own e-mail address; another user's is 403",
        params: UserIdParams,
        response: { 200: UserEmailDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => {
      const { user } = authOf(request);
      if (request.params.userId !== user.id) throw forbidden('You can only read your own e-mail address');
      return { email: user.email };
    },
  );
}

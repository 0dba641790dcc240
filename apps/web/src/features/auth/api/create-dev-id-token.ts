import type { DevIdTokenInput } from '@carpool/shared/schemas/auth';
import { api } from '../../../lib/api-client';

/** Development sign-in only: the server mints an ID token for any name and e-mail. */
export async function createDevIdToken(input: DevIdTokenInput): Promise<string> {
  const { tokenId } = await api.post('/api/dev/id-token', input, { schema: () => import('@carpool/shared/schemas/auth').then((module) => module.DevIdTokenDto), token: null });
  return tokenId;
}

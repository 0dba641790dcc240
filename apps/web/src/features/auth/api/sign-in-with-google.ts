import type { SignedInUser } from '@carpool/shared/schemas/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importWithReload } from '../../../lib/lazy-with-reload';

/** Exchanges an ID token (Google's or the development provider's) for a session; null if no user came back. */
async function signInWithGoogle(tokenId: string): Promise<SignedInUser | null> {
  // The schema (and zod) load beside the request: the sign-in page has no other use for them.
  const [answer, { SignedInUserDto }] = await Promise.all([
    api.post('/api/auth/google', { tokenId }, { token: null }),
    importWithReload(() => import('@carpool/shared/schemas/users')),
  ]);
  const parsed = SignedInUserDto.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle, meta: { failureLog: 'Sign-in failed' } });
}

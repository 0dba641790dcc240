import { SignedInUserDto, type SignedInUser } from '@carpool/shared/schemas/users';
import { api } from '../../../lib/api-client';

/** Exchanges an ID token (Google's or the development provider's) for a session; null if no user came back. */
export async function signInWithGoogle(tokenId: string): Promise<SignedInUser | null> {
  const answer = await api.post('/api/auth/google', { tokenId }, { token: null });
  const parsed = SignedInUserDto.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

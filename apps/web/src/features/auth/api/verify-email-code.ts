import type { EmailCodeVerifyInput } from '@carpool/shared/schemas/auth';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import { api } from '../../../lib/api-client';
import { importWithReload } from '../../../lib/lazy-with-reload';

/** Exchanges the e-mailed code for a session (the same answer as a Google sign-in); null if no user came back. */
export async function verifyEmailCode(input: EmailCodeVerifyInput): Promise<SignedInUser | null> {
  const [answer, { SignedInUserDto }] = await Promise.all([
    api.post('/api/auth/email-code/verify', input, { token: null }),
    importWithReload(() => import('@carpool/shared/schemas/users')),
  ]);
  const parsed = SignedInUserDto.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

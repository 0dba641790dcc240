import type { EmailCodeRequestInput } from '@carpool/shared/schemas/auth';
import { api } from '../../../lib/api-client';

/** Asks for a sign-in code; the server answers the same whether the address may sign in or not. */
export async function requestEmailCode(input: EmailCodeRequestInput): Promise<void> {
  await api.post('/api/auth/email-code', input, { token: null });
}

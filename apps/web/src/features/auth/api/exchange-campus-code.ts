import type { OidcSignIn } from '@carpool/shared/schemas/auth';
import { api } from '../../../lib/api-client';
import { importAuthSchemas } from '../../../lib/schema-modules';

/**
 * Exchanges the one-time code of a campus sign-in for the session and the page the person was on.
 * The browser's cookie of the sign-in goes along (same origin), so only the browser that signed in can.
 */
export function exchangeCampusCode(code: string): Promise<OidcSignIn> {
  return api.post('/api/auth/oidc/exchange', { code }, { token: null, schema: () => importAuthSchemas().then((module) => module.OidcSignInDto) });
}

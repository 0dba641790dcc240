import { z } from 'zod';
import { SessionUserDto, SignedInUserDto } from './users.js';

export const GoogleSignInInput = z.object({ tokenId: z.string().min(1).max(8192) });
export type GoogleSignInInput = z.infer<typeof GoogleSignInInput>;

export const VerifyTokenDto = z.object({ valid: z.literal(true), user: SessionUserDto });

export const DevIdTokenInput = z.object({
  email: z.email().max(254),
  name: z.string().trim().min(1).max(100),
});
export type DevIdTokenInput = z.infer<typeof DevIdTokenInput>;

export const DevIdTokenDto = z.object({ tokenId: z.string() });

/** A JSON Web Key Set (RFC 7517) of RSA signing keys. */
export const DevJwksDto = z.object({
  keys: z.array(
    z.object({ kty: z.literal('RSA'), kid: z.string(), n: z.string(), e: z.string(), alg: z.literal('RS256'), use: z.literal('sig') }),
  ),
});
export type DevJwks = z.infer<typeof DevJwksDto>;

/** What the web app needs to know about the server's sign-in set-up. */
export const AuthConfigDto = z.object({
  mode: z.enum(['google', 'dev']),
  googleClientId: z.string().nullable(),
  googleMapsApiKey: z.string().nullable(),
  mapTileUrl: z.string().nullable(),
  /** A Nominatim-compatible search endpoint for address suggestions; null = plain address fields. */
  geocoderUrl: z.string().nullable().default(null),
  /** Development sign-in (anyone can sign in as anyone) on an address other machines can reach. */
  devSignInExposed: z.boolean().default(false),
});
export type AuthConfig = z.infer<typeof AuthConfigDto>;

/** The ways into a region (GET /api/auth/methods, for the X-Region's region). */
export const SignInMethodsDto = z.object({
  /** Google Identity Services (or the development provider in dev mode), as the spec has it. */
  google: z.boolean(),
  /** A 6-digit code sent to an address of the region's university domains. */
  emailCode: z.boolean(),
  /** The campus's OpenID Connect provider, with the words of its button; null when the region has none. */
  oidc: z.object({ label: z.string() }).nullable(),
});
export type SignInMethods = z.infer<typeof SignInMethodsDto>;

export const EmailCodeRequestInput = z.object({ email: z.email().max(254) });
export type EmailCodeRequestInput = z.infer<typeof EmailCodeRequestInput>;

/** The same answer to every request for a code: it tells nobody whether the address may sign in. */
export const EmailCodeRequestedDto = z.object({ message: z.string() });

export const EmailCodeVerifyInput = z.object({
  email: z.email().max(254),
  code: z.string().regex(/^\d{6}$/, 'must be the 6 digits of the e-mail'),
});
export type EmailCodeVerifyInput = z.infer<typeof EmailCodeVerifyInput>;

export const OidcStartQuery = z.object({
  region: z.string(),
  returnTo: z.string().max(512).optional(),
});

export const OidcHandoffInput = z.object({ code: z.string().min(20).max(200) });
export type OidcHandoffInput = z.infer<typeof OidcHandoffInput>;

/** The session of a campus sign-in, and where in the app the person was going. */
export const OidcSignInDto = SignedInUserDto.extend({ returnTo: z.string() });
export type OidcSignIn = z.infer<typeof OidcSignInDto>;

/** The console's view of each region's ways in: whether a client secret is set, never the secret. */
export const AdminSignInSettingsDto = z.object({
  regions: z.array(
    z.object({
      region: z.string(),
      google: z.boolean(),
      emailCode: z.boolean(),
      oidc: z
        .object({ issuer: z.string(), clientId: z.string(), label: z.string(), emailDomains: z.array(z.string()), clientSecretSet: z.boolean() })
        .nullable(),
    }),
  ),
});
export type AdminSignInSettings = z.infer<typeof AdminSignInSettingsDto>;

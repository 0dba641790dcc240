import { z } from 'zod';
import { SessionUserDto } from './users.js';

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

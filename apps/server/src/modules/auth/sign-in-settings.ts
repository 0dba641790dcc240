import { emailDomain, isDomainOrSubdomain } from '@carpool/shared/colleges';
import { REGIONS, type Region } from '@carpool/shared/regions';
import type { AdminSignInSettings, SignInMethods } from '@carpool/shared/schemas/auth';
import type { Config, RegionSignInSettings } from '../../config.js';

/**
 * A region's ways in. The one place that reads them: from the configuration while regions are code,
 * from the region's row once they are rows (issue 33), with the client secret in a write-only column.
 */
export function signInSettingsOf(config: Pick<Config, 'signIn'>, region: Region): RegionSignInSettings {
  return config.signIn[region];
}

/** The university domains whose addresses may sign in to a region (all regions share the list today). */
export function emailDomainsOf(config: Pick<Config, 'allowedEmailDomains'>, _region: Region): string[] {
  return config.allowedEmailDomains;
}

export function isInDomains(email: string, domains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domains.some((allowed) => isDomainOrSubdomain(domain, allowed));
}

/** What the sign-in dialog shows: never the provider's secret, issuer or client id. */
export function publicSignInMethods(settings: RegionSignInSettings): SignInMethods {
  return { google: settings.google, emailCode: settings.emailCode, oidc: settings.oidc ? { label: settings.oidc.label } : null };
}

/** What the console shows: every setting but the secret, which is only said to be set or not. */
export function adminSignInSettings(config: Pick<Config, 'signIn'>): AdminSignInSettings {
  return {
    regions: REGIONS.map((region) => {
      const { google, emailCode, oidc } = signInSettingsOf(config, region);
      return {
        region,
        google,
        emailCode,
        oidc: oidc ? { issuer: oidc.issuer, clientId: oidc.clientId, label: oidc.label, emailDomains: oidc.emailDomains, clientSecretSet: oidc.clientSecret !== null } : null,
      };
    }),
  };
}

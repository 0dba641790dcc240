import { emailDomain, isDomainOrSubdomain } from '@carpool/shared/colleges';
import type { Region } from '@carpool/shared/regions';
import type { AdminSignInSettings, SignInMethods } from '@carpool/shared/schemas/auth';
import type { Config, RegionSignInSettings } from '../../config.js';

/**
 * A region's ways in. The one place that reads them: from the configuration (SIGN_IN_METHODS_<REGION>
 * and OIDC_<REGION>_*, for any region), Google alone for a region the configuration does not name.
 */
export function signInSettingsOf(config: Pick<Config, 'signIn' | 'defaultSignIn'>, region: Region): RegionSignInSettings {
  return config.signIn[region] ?? config.defaultSignIn;
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
export function adminSignInSettings(
  config: Pick<Config, 'signIn' | 'defaultSignIn'>,
  regions: readonly Region[],
  regionDomains: (region: Region) => readonly string[],
): AdminSignInSettings {
  return {
    regions: regions.map((region) => {
      const { google, emailCode, oidc } = signInSettingsOf(config, region);
      return {
        region,
        google,
        emailCode,
        oidc: oidc ? { issuer: oidc.issuer, clientId: oidc.clientId, label: oidc.label, emailDomains: oidc.emailDomains ?? [...regionDomains(region)], clientSecretSet: oidc.clientSecret !== null } : null,
      };
    }),
  };
}

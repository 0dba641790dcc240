import type { Region } from '@carpool/shared/regions';
import type { SignInMethods } from '@carpool/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { importAuthSchemas } from '../../../lib/schema-modules';

/** Google alone, as the spec has it: shown until the region's answer is in, and if none comes. */
const GOOGLE_ONLY: SignInMethods = { google: true, emailCode: false, oidc: null };

/** The region's ways in: Google, a code by e-mail, the campus provider with its button's words. */
function getSignInMethods(region: Region): Promise<SignInMethods> {
  return api.get('/api/auth/methods', { region, token: null, schema: () => importAuthSchemas().then((module) => module.SignInMethodsDto) });
}

const signInMethodsQueryOptions = (region: Region) =>
  queryOptions({
    queryKey: ['sign-in-methods', region],
    queryFn: () => getSignInMethods(region),
    // Set by the operator; a new setting comes with the next page load.
    staleTime: Infinity,
  });

export function useSignInMethods(): SignInMethods {
  const { region } = useRegion();
  return useQuery(signInMethodsQueryOptions(region)).data ?? GOOGLE_ONLY;
}

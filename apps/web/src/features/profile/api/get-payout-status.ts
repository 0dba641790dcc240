import type { PayoutStatus } from '@carpool/shared/schemas/payouts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';

function fetchPayoutStatus(): Promise<PayoutStatus> {
  return api.get('/api/stripe/account-status', { schema: () => import('@carpool/shared/schemas/payouts').then((module) => module.PayoutStatusDto) });
}

/**
 * Spec section 7: asked on every page when signed in. Once per page load is enough: the answer
 * cannot change while payments are disabled, so it never goes stale within a load. Spec section 8:
 * a failure is only logged (by the query client); the status stays unknown (no data).
 */
export function usePayoutStatus() {
  const { user } = useSession();
  const { region } = useRegion();
  return useQuery({
    queryKey: ['payout-status', region, user?.id ?? null],
    queryFn: fetchPayoutStatus,
    enabled: user !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    meta: { failureLog: 'Failed to load the payout status' },
  });
}

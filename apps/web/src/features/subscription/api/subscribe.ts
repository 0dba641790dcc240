import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/subscriptions; the API client adds X-Region, which picks the region's newsletter. */
function subscribe(email: string) {
  return api.post('/api/subscriptions', { email }, { schema: () => import('@carpool/shared/schemas/subscriptions').then((module) => module.SubscriptionDto) });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe, meta: { failureLog: 'Subscription failed' } });
}

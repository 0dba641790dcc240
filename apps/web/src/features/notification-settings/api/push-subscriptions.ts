import type { PushSubscriptionInput } from '@carpool/shared/schemas/notification-preferences';
import { api, apiRequest } from '../../../lib/api-client';

/** The server's VAPID key, the applicationServerKey of PushManager.subscribe. */
export async function getPushPublicKey(): Promise<string> {
  return (await api.get('/api/push/public-key', { schema: () => import('@carpool/shared/schemas/notification-preferences').then((module) => module.PushPublicKeyDto) })).publicKey;
}

export function savePushSubscription(subscription: PushSubscriptionInput): Promise<unknown> {
  return api.post('/api/push/subscriptions', subscription);
}

export function deletePushSubscription(endpoint: string): Promise<unknown> {
  return apiRequest('/api/push/subscriptions', { method: 'DELETE', body: { endpoint } });
}

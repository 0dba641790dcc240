import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { deletePushSubscription, getPushPublicKey, savePushSubscription } from '../api/push-subscriptions';
import { base64UrlToBytes, bytesToBase64Url, isPushSupported } from '../utils/push-support';

/**
 * - unsupported: this browser has no web push (or no service worker, as on the development server);
 * - denied: the person blocked notifications for the site (only the browser's settings undo it);
 * - off / on: whether this browser has a subscription the server knows of.
 */
export type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

async function currentRegistration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

function subscriptionInput(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: subscription.expirationTime,
    keys: {
      p256dh: json.keys?.p256dh ?? bytesToBase64Url(subscription.getKey('p256dh')),
      auth: json.keys?.auth ?? bytesToBase64Url(subscription.getKey('auth')),
    },
  };
}

/** Whether the server key a subscription was made with is the server's current one. */
function madeWithKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options?.applicationServerKey;
  return !key || bytesToBase64Url(key) === publicKey.replace(/=+$/, '');
}

/**
 * This browser's web push subscription: turning it on asks for the permission (only then, after
 * the person's click), subscribes with the server's key and hands the subscription to the
 * server; turning it off deletes it on the server and in the browser.
 */
export function usePushSubscription() {
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void (async () => {
      let next: PushState;
      if (!isPushSupported()) next = 'unsupported';
      else if (Notification.permission === 'denied') next = 'denied';
      else {
        const registration = await currentRegistration().catch(() => null);
        if (!registration) next = 'unsupported';
        else {
          const subscription = await registration.pushManager.getSubscription().catch(() => null);
          next = subscription && Notification.permission === 'granted' ? 'on' : 'off';
        }
      }
      if (active) setState(next);
    })();
    return () => {
      active = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off');
        return;
      }
      const registration = await currentRegistration();
      if (!registration) {
        setState('unsupported');
        return;
      }
      const publicKey = await getPushPublicKey();
      let subscription = await registration.pushManager.getSubscription();
      // A subscription made with an earlier server key would be refused by the push service.
      if (subscription && !madeWithKey(subscription, publicKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
      try {
        await savePushSubscription(subscriptionInput(subscription));
      } catch (saveError) {
        // A subscription the server does not know would only make the browser believe it is on.
        await subscription.unsubscribe().catch(() => undefined);
        throw saveError;
      }
      setState('on');
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'Push notifications could not be turned on in this browser.');
    } finally {
      setBusy(false);
    }
  }, []);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const registration = await currentRegistration();
      const subscription = registration ? await registration.pushManager.getSubscription() : null;
      if (subscription) {
        await deletePushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'Push notifications could not be turned off.');
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, error, turnOn, turnOff };
}

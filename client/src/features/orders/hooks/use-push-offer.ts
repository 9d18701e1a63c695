// The order page's "Notify me on this phone" (decisions 275-276): offered while something is still to come, once
// (a dismissal is remembered for good on this browser), through the shop's service worker (/sw.js, which shows the
// pushes and opens the order on a tap). A signed-in customer's browser follows the account (every order); a guest's,
// this order.
import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '../../../config';
import { ApiFailure } from '../../../lib/api';
import { getPushKey, subscribePush, unsubscribePush, type BrowserPushSubscription } from '../api/order-push';

export type PushOfferState = 'unsupported' | 'offer' | 'working' | 'on' | 'denied' | 'dismissed';

const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** What this browser remembers it follows: an order's id, or `user:<id>` for a signed-in customer's account. */
function readFollowed(): string[] {
  try {
    return (localStorage.getItem(STORAGE_KEYS.pushOrders) ?? '').split(' ').filter(Boolean);
  } catch {
    return [];
  }
}
function writeFollowed(ids: string[]): void {
  try {
    // The latest 50 orders are plenty: the offer of an older one shows again at worst.
    localStorage.setItem(STORAGE_KEYS.pushOrders, ids.slice(-50).join(' '));
  } catch {
    // Private mode without storage: the page offers again next time, nothing else.
  }
}
function isDismissed(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.pushOfferDismissed) === '1';
  } catch {
    return false;
  }
}

/** The VAPID key as the push manager takes it (base64url → bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function pushRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

function initialState(followed: string): PushOfferState {
  if (!pushSupported()) return 'unsupported';
  if (readFollowed().includes(followed) && Notification.permission === 'granted') return 'on';
  if (isDismissed()) return 'dismissed';
  // Blocked earlier: the offer as usual, and the advice once the customer taps it (the browser then refuses at once),
  // not a warning nobody asked for.
  return 'offer';
}

/** `accountOf`: the signed-in customer's id (their browser follows the account), else null (a guest follows the order). */
export function usePushOffer(orderId: string, accountOf: string | null) {
  const followed = accountOf === null ? orderId : `user:${accountOf}`;
  const [state, setState] = useState<PushOfferState>(() => initialState(followed));
  const [failure, setFailure] = useState<Error | null>(null);
  const where = accountOf === null ? { orderId } : ('account' as const);

  const turnOn = useCallback(async () => {
    setFailure(null);
    setState('working');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'offer');
        return;
      }
      const registration = await pushRegistration();
      const key = await getPushKey();
      if (!key.ok) throw new ApiFailure(key);
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(key.public_key),
        }));
      const answer = await subscribePush(where, subscription.toJSON() as BrowserPushSubscription);
      if (!answer.ok) throw new ApiFailure(answer);
      writeFollowed([...readFollowed().filter((id) => id !== followed), followed]);
      setState('on');
    } catch (error) {
      setFailure(error instanceof Error ? error : new Error(String(error)));
      setState('offer');
    }
  }, [orderId, accountOf]); // eslint-disable-line react-hooks/exhaustive-deps -- `where` and `followed` are made from these two

  const turnOff = useCallback(async () => {
    setFailure(null);
    setState('working');
    try {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        const answer = await unsubscribePush(where, subscription.endpoint);
        if (!answer.ok) throw new ApiFailure(answer);
      }
      writeFollowed(readFollowed().filter((id) => id !== followed));
      setState('offer');
    } catch (error) {
      setFailure(error instanceof Error ? error : new Error(String(error)));
      setState('on');
    }
  }, [orderId, accountOf]); // eslint-disable-line react-hooks/exhaustive-deps -- `where` and `followed` are made from these two

  const dismiss = useCallback(() => {
    try {
      localStorage.setItem(STORAGE_KEYS.pushOfferDismissed, '1');
    } catch {
      // Without storage the offer comes back on the next visit; nothing else.
    }
    setState('dismissed');
  }, []);

  return { state, failure, turnOn, turnOff, dismiss };
}

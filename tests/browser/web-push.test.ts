// Web Push on the order page (decisions 275-276), with the browser's push manager stubbed (no push service is
// reachable from here): the page subscribes through the shop's service worker with the shop's VAPID key, the server
// pushes to the test's push service (tests/support/push-service.ts, which decrypts it), and the service worker shows
// that message as a notification whose link opens the order. A dismissal is remembered; a refusal says what to do.
import { describe, expect, it } from 'vitest';
import { placeOrder } from '../factories/orders.js';
import { loginAdmin } from '../factories/users.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { nameOf, usePushService, type BrowserSubscription } from '../support/push-service.js';
import { useTestServer } from '../support/server.js';

const WAIT = { timeout: 20_000 };

/** Replaces the push manager's subscribe/getSubscription with one that hands out `sub` and keeps the key it was given. */
function stubPushManager(sub: BrowserSubscription) {
  const state = window as unknown as { __pushKey?: string; __pushSub?: unknown };
  const made = {
    endpoint: sub.endpoint,
    expirationTime: null,
    toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    unsubscribe: () => Promise.resolve(true),
  };
  PushManager.prototype.subscribe = function subscribe(options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : key instanceof Uint8Array ? key : new Uint8Array();
    state.__pushKey = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    state.__pushSub = made;
    return Promise.resolve(made as unknown as PushSubscription);
  };
  PushManager.prototype.getSubscription = function getSubscription() {
    return Promise.resolve((state.__pushSub ?? null) as PushSubscription | null);
  };
}

describe.runIf(hasChromium())('Web Push on the order page', () => {
  const pushService = usePushService();
  const server = useTestServer(() => ({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } }));
  const browser = useBrowser();

  it('When a guest taps "Notify me" and the shop cancels the order, then the service worker shows the push with the order link', async () => {
    const id = await placeOrder(server);
    const sub = pushService.subscribe();
    const { context, page } = await openContext(browser, server.url);
    try {
      await context.grantPermissions(['notifications'], { origin: server.url });
      await context.addInitScript(stubPushManager, sub);
      await page.goto(`/orders/${id}`);
      const offer = page.getByTestId('push-offer');
      await offer.getByText('Notify me on this phone').waitFor(WAIT);
      await offer.getByRole('button', { name: 'Notify me' }).click();
      await page
        .getByTestId('push-on')
        .getByText('This phone gets a notification when this order moves.')
        .waitFor(WAIT);

      // Subscribed with the shop's key, for this order.
      const key = (await server.api.get<{ public_key: string }>('/push/key')).body.public_key;
      expect(await page.evaluate(() => (window as unknown as { __pushKey?: string }).__pushKey)).toBe(key);
      expect(
        await server.app.ctx.prisma.pushSubscription.count({ where: { orderId: id, endpoint: sub.endpoint } }),
      ).toBe(1);

      const admin = await loginAdmin(server);
      expect((await server.api.patch(`/orders/${id}`, { order: { status: 'cancelled' } }, admin.token)).status).toBe(
        200,
      );
      const [push] = await pushService.waitFor(nameOf(sub), 1);
      expect(push.problem).toBeNull();

      // The shop's service worker gets the decrypted message as the browser would hand it over, and shows it.
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', WAIT));
      expect(worker.url()).toBe(`${server.url}/sw.js`);
      const shown = await worker.evaluate(async (message) => {
        // The service worker's global, as far as this check uses it (the DOM typings have no worker scope).
        const scope = self as unknown as {
          PushEvent: new (type: string, init: { data: string }) => Event;
          dispatchEvent(event: Event): boolean;
          registration: { getNotifications(): Promise<{ title: string; body: string; tag: string; data: unknown }[]> };
        };
        scope.dispatchEvent(new scope.PushEvent('push', { data: JSON.stringify(message) }));
        for (let i = 0; i < 100; i += 1) {
          const list = await scope.registration.getNotifications();
          if (list.length > 0)
            return list.map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              url: (n.data as { url: string }).url,
            }));
          await new Promise((r) => setTimeout(r, 100));
        }
        return [];
      }, push.message);
      expect(shown).toEqual([
        {
          title: 'Order cancelled',
          body: `Order ${id} was cancelled. Open it to see why.`,
          tag: id,
          url: `/orders/${id}`,
        },
      ]);

      // The notification's link opens the order.
      await page.goto(shown[0].url);
      await page.getByText('Cancelled').first().waitFor(WAIT);
    } finally {
      await context.close();
    }
  });

  it('When the offer is dismissed, then it does not come back on the next order; when notifications are blocked, the page says how to allow them', async () => {
    const first = await placeOrder(server);
    const second = await placeOrder(server);
    const { context, page } = await openContext(browser, server.url);
    try {
      // Not asked yet (headless Chromium answers "denied" to every site that did not get the permission).
      await context.addInitScript(() => {
        Object.defineProperty(Notification, 'permission', { get: () => 'default', configurable: true });
      });
      await page.goto(`/orders/${first}`);
      const offer = page.getByTestId('push-offer');
      await offer.getByRole('button', { name: 'No, thanks' }).click();
      await offer.waitFor({ state: 'detached', ...WAIT });
      await page.goto(`/orders/${second}`);
      await page.getByText('Time left to complete').waitFor(WAIT);
      expect(await page.getByTestId('push-offer').count()).toBe(0);
    } finally {
      await context.close();
    }

    const blocked = await openContext(browser, server.url, { lang: 'BN' });
    try {
      // Not asked yet; then the customer refuses the browser's question.
      await blocked.context.addInitScript(() => {
        let permission: NotificationPermission = 'default';
        Object.defineProperty(Notification, 'permission', { get: () => permission, configurable: true });
        Notification.requestPermission = () => {
          permission = 'denied';
          return Promise.resolve(permission);
        };
      });
      await blocked.page.goto(`/orders/${second}`);
      await blocked.page.getByRole('button', { name: 'নোটিফিকেশন চালু করুন' }).click();
      await blocked.page
        .getByTestId('push-denied')
        .getByText('এই সাইটের নোটিফিকেশন বন্ধ করা আছে।', { exact: false })
        .waitFor(WAIT);
    } finally {
      await blocked.context.close();
    }
  });
});

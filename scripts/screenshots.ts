// Screenshots of pages in EN and BN at 1280 and 360 px, for looking at what we build:
//   npx tsx scripts/screenshots.ts /login /register ...   (writes tmp/screens/*.png; build the client first)
// SCREEN_AS=admin|user logs in first ('@me' in a page path stands for that user's id, e.g. /admin/users/@me).
// SCREEN_OUT changes the folder. SCREEN_PRODUCT picks the seeded orders' product.
// SCREEN_CLOSED=bkash closes that method now (business hours).
// SCREEN_HISTORY=1 (as admin): 30 days of orders (for /admin/stats) and a few admin actions (for /admin/audit).
// SCREEN_WEBHOOKS=1 (as admin): two webhooks to a local receiver (one answering 200, one 500) and a few deliveries.
// A page path may end in steps after '!', done before the shot: '!bell' opens the admin's bell list, '!all' the
// All orders tab, '!filters' unfolds the history's filters on a phone, e.g. /admin/orders!all!filters.
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer } from '../tests/support/server.js';
import { launchBrowser, openContext } from '../tests/support/browser.js';
import { createUser, loginAdmin } from '../tests/factories/users.js';
import { registerForwarder } from '../tests/support/sms-forwarder.js';
import { insertOrderRows, type OrderRow } from '../tests/factories/order-rows.js';
import { placePendingOrder } from '../tests/factories/orders.js';
import { startReceiver } from '../tests/support/webhook-receiver.js';

const out = process.env.SCREEN_OUT ?? 'tmp/screens';
const pages = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const server = await startTestServer(process.env.SCREEN_WEBHOOKS ? { env: { WEBHOOK_ALLOW_PRIVATE: '1' } } : {});
const receiver = process.env.SCREEN_WEBHOOKS ? await startReceiver() : undefined;
const browser = await launchBrowser();
try {
  const as = process.env.SCREEN_AS;
  const me = as === 'admin' ? await loginAdmin(server) : as === 'user' ? await createUser(server, { name: 'Rahim Uddin' }) : undefined;
  const token = me?.token;
  // SCREEN_ORDERS=N places N top-up orders first (as the logged-in user, if any), the first one paid;
  // '@order' in a page path stands for the last (waiting) one.
  let lastOrder = '';
  for (let i = 0; i < Number(process.env.SCREEN_ORDERS ?? 0); i += 1) {
    const product = process.env.SCREEN_PRODUCT ?? '1xbet_topup_bdt';
    const target = product.includes('withdraw') ? { wallet: '01712345678' } : { onex_id: '123456789' };
    const placed = await server.api.post<{ id: string }>(
      `/orders/${product}`,
      { order: { pm_method: ['bkash', 'nagad', 'rocket'][i % 3], amount: `${550 + i * 25}.50`, contact_email: 'rahim@example.com', ...target } },
      token,
    );
    lastOrder = placed.body.id;
    if (i === 0) await server.api.patch(`/orders/${placed.body.id}`, { order: { pm_id: `TX${Date.now()}A` } });
  }
  // SCREEN_SMS=1 (as admin): wallet phones and a few forwarded SMS, one verifying a paid order.
  if (process.env.SCREEN_SMS && as === 'admin' && token) {
    const bkash = await registerForwarder(server, token, 'bkash', 'Desk bKash');
    const nagad = await registerForwarder(server, token, 'nagad', 'Counter Nagad');
    const paid = await server.api.post<{ id: string }>('/orders/1xbet_topup_bdt', { order: { pm_method: 'bkash', amount: '1250', contact_email: 'rahim@example.com', onex_id: '123456789' } });
    const order = await server.api.get<{ order: { pm_amount: number } }>(`/orders/${paid.body.id}`);
    await server.api.patch(`/orders/${paid.body.id}`, { order: { pm_id: 'CJU0AB12C6' } });
    await bkash.payment({ amount: order.body.order.pm_amount, trxId: 'CJU0AB12C6' });
    await nagad.payment({ amount: 600.5, trxId: '7A1B2C3D' });
    await bkash.post({ text: 'Your bKash verification code is 123456. Never share it.' });
  }
  if (process.env.SCREEN_HISTORY && as === 'admin' && token) {
    const products = ['1xbet_topup_bdt', '1xbet_topup_usd', '1xbet_withdraw_bdt', '1xbet_topup_bdt'];
    const statuses = ['complete', 'complete', 'complete', 'timedout', 'admin_cancelled', 'complete', 'user_cancelled', 'complete'];
    const rows: OrderRow[] = [];
    for (let day = 1; day < 30; day += 1) {
      for (let i = 0; i < 3 + ((day * 7) % 6); i += 1) {
        const product = products[(day + i) % products.length];
        const status = statuses[(day * 3 + i) % statuses.length];
        const amount = product.includes('usd') ? `${10 + ((day + i) % 5) * 5}.00` : `${300 + ((day * 13 + i * 29) % 40) * 50}.00`;
        const pmAmount = product.includes('usd') ? `${Number(amount) * 125}.00` : amount;
        const seconds = 120 + ((day * 31 + i * 17) % 20) * 60;
        rows.push({
          product,
          method: ['bkash', 'nagad', 'rocket', 'bkash'][(day + i * 2) % 4],
          status,
          amount,
          pmAmount,
          createdAt: new Date(Date.now() - day * 86_400_000 - i * 3_600_000),
          moves: status === 'complete' ? [['pending', seconds / 2], ['complete', seconds]] : [[status, 900]],
        });
      }
    }
    await insertOrderRows(server, rows);
    for (let i = 0; i < 3; i += 1) {
      const id = await placePendingOrder(server);
      await server.api.patch(`/orders/${id}`, { order: { status: i === 2 ? 'cancelled' : 'complete' } }, token);
    }
    const customer = await createUser(server, { name: 'Karim Hossain' });
    await server.api.patch(`/users/${customer.id}`, { user: { role: 'blocked' } }, token);
    await server.api.patch('/admin', { admin: { online: true } }, token);
  }
  // SCREEN_CLOSED=bkash: that method's business hours (issue 23) exclude now, so checkout shows it closed.
  if (process.env.SCREEN_CLOSED) {
    const admin = await loginAdmin(server);
    const pms = await server.api.get<{ pms: { account: string; wallet: string; note: string; available: boolean }[] }>('/pms/all', admin.token);
    const pm = pms.body.pms.find((m) => m.account === process.env.SCREEN_CLOSED);
    const dhakaHour = (offset: number) => `${String((new Date().getUTCHours() + 6 + offset) % 24).padStart(2, '0')}:00`;
    if (pm) await server.api.patch(`/pms/${pm.account}`, { pm: { wallet: pm.wallet, note: pm.note, available: true, hours: { open: dhakaHour(2), close: dhakaHour(10) } } }, admin.token);
  }
  if (receiver && as === 'admin' && token) {
    receiver.on('/down', () => ({ status: 500 }));
    const ok = await server.api.post<{ webhook: { id: string } }>('/webhooks', { webhook: { url: `${receiver.url}/ok`, events: ['order.created', 'order.paid', 'order.completed'] } }, token);
    const down = await server.api.post<{ webhook: { id: string } }>('/webhooks', { webhook: { url: `${receiver.url}/down`, events: ['order.paid', 'sms.unmatched', 'device.silent'] } }, token);
    await server.api.post(`/webhooks/${down.body.webhook.id}/test`, {}, token);
    await placePendingOrder(server);
    await server.api.post(`/webhooks/${ok.body.webhook.id}/test`, {}, token);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
  for (const lang of ['EN', 'BN'] as const) {
    for (const width of [1280, 360]) {
      const { context, page } = await openContext(browser, server.url, { lang, width, height: width === 360 ? 780 : 900, as: me });
      for (const p of pages) {
        const [route, ...steps] = p.split('!');
        await page.goto(route.replace('@order', lastOrder).replace('@me', me?.id ?? ''));
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(600);
        for (const step of steps) {
          if (step === 'bell') await page.getByTestId('alerts-button').click();
          if (step === 'all') await page.getByRole('tab').nth(1).click();
          if (step === 'filters' && (await page.getByTestId('history-filters-toggle').count()) > 0) await page.getByTestId('history-filters-toggle').click();
          await page.waitForTimeout(400);
        }
        const file = path.join(out, `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${lang}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
  await receiver?.close();
}

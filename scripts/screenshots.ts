// Screenshots of pages in EN and BN at 1280 and 360 px, for looking at what we build:
//   npx tsx scripts/screenshots.ts /login /register ...   (writes tmp/screens/*.png; build the client first)
// SCREEN_AS=admin|user logs in first ('@me' in a page path stands for that user's id, e.g. /admin/users/@me).
// SCREEN_OUT changes the folder. SCREEN_PRODUCT picks the seeded orders' product.
// SCREEN_CLOSED=bkash closes that method now (business hours).
// SCREEN_HISTORY=1 (as admin): 30 days of orders (for /admin/stats) and a few admin actions (for /admin/audit).
// SCREEN_FLEET=1 (as admin): bKash gets two more numbers (one paused, one with limits and a top-up on it) and
// Rocket a daily cap of one order, used up ("Limit reached today" on /admin/pms, unavailable at checkout).
// SCREEN_OPEN=1: on each page, opens the first order of a list (the admin's order popup) before the shot.
// SCREEN_TICKET=1 (as admin): a customer's ticket with a payment screenshot and the shop's picture answer; '@ticket'
// in a page path stands for it. /admin/sms?tab=templates opens the templates panel.
// SCREEN_ACCEPT=1 (with SCREEN_SMS): one more held payment, accepted by the admin by hand.
// SCREEN_WEBHOOKS=1 (as admin): two webhooks to a local receiver (one answering 200, one 500) and a few deliveries.
// SCREEN_CASHDESK=1: a fake betting cash desk; the BDT desk connected through it, the USD one not; a
// top-up paid, proven by its SMS and deposited there by the shop ('@delivered' in a page path: the customer's page).
// SCREEN_PAYMENTS=1: two paid top-ups (of the logged-in user, if any) whose wallet SMS arrived, one with the order's
// amount ('@received' in a page path) and one with Tk 100 less ('@differs'): the customer's page.
// SCREEN_FILL='amount=50;email=a@b.c' fills the fields of those form paths (`data-path`) on each page;
// SCREEN_SUBMIT=1 then sends the page's form, to look at its errors.
// A page path may end in steps after '!', done before the shot: '!bell' opens the admin's bell list, '!all' the
// All orders tab, '!filters' unfolds the history's filters on a phone, e.g. /admin/orders!all!filters; '!anystate'
// sets the SMS inbox's State filter to its second option ("All"); '!timeline' opens the first order of the list
// shown and scrolls its popup to the order's history.
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer } from '../tests/support/server.js';
import { launchBrowser, openContext } from '../tests/support/browser.js';
import { createUser, loginAdmin } from '../tests/factories/users.js';
import { registerForwarder, sendMoneySms } from '../tests/support/sms-forwarder.js';
import { insertOrderRows, type OrderRow } from '../tests/factories/order-rows.js';
import { placePendingOrder } from '../tests/factories/orders.js';
import { startReceiver } from '../tests/support/webhook-receiver.js';
import { startFakeCashdesk } from '../tests/support/fake-cashdesk.js';

const out = process.env.SCREEN_OUT ?? 'tmp/screens';
const pages = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const desk = process.env.SCREEN_CASHDESK ? await startFakeCashdesk({ limit: 48_500, balance: 125_000 }) : undefined;
const server = await startTestServer({
  env: {
    ...(process.env.SCREEN_WEBHOOKS ? { WEBHOOK_ALLOW_PRIVATE: '1' } : {}),
    ...(desk ? { CASHDESK_API_ROOT: desk.root } : {}),
  },
});
const receiver = process.env.SCREEN_WEBHOOKS ? await startReceiver() : undefined;
const browser = await launchBrowser();
try {
  const as = process.env.SCREEN_AS;
  const me =
    as === 'admin'
      ? await loginAdmin(server)
      : as === 'user'
        ? await createUser(server, { name: 'Rahim Uddin' })
        : undefined;
  const token = me?.token;
  // SCREEN_ORDERS=N places N top-up orders first (as the logged-in user, if any), the first one paid;
  // '@order' in a page path stands for the last (waiting) one.
  let lastOrder = '';
  for (let i = 0; i < Number(process.env.SCREEN_ORDERS ?? 0); i += 1) {
    const product = process.env.SCREEN_PRODUCT ?? '1xbet_topup_bdt';
    const target = product.includes('withdraw') ? { wallet: '01712345678' } : { onex_id: '123456789' };
    const placed = await server.api.post<{ id: string }>(
      `/orders/${product}`,
      {
        order: {
          pm_method: ['bkash', 'nagad', 'rocket'][i % 3],
          amount: `${550 + i * 25}.50`,
          contact_email: 'rahim@example.com',
          ...target,
        },
      },
      token,
    );
    lastOrder = placed.body.id;
    if (i === 0) await server.api.patch(`/orders/${placed.body.id}`, { order: { pm_id: `TX${Date.now()}A` } });
  }
  const paidOrders = { received: '', differs: '' };
  if (process.env.SCREEN_PAYMENTS) {
    const admin = await loginAdmin(server);
    const phone = await registerForwarder(server, admin.token, 'bkash', 'Desk bKash');
    for (const [name, less] of [
      ['received', 0],
      ['differs', 100],
    ] as const) {
      const placed = await server.api.post<{ id: string }>(
        '/orders/1xbet_topup_bdt',
        { order: { pm_method: 'bkash', amount: '1250', contact_email: 'rahim@example.com', onex_id: '123456789' } },
        token,
      );
      const trxId = `TX${Date.now()}${name[0].toUpperCase()}`;
      await server.api.patch(`/orders/${placed.body.id}`, { order: { pm_id: trxId } });
      const order = await server.api.get<{ order: { pm_amount: number } }>(`/orders/${placed.body.id}`);
      await phone.payment({ amount: order.body.order.pm_amount - less, trxId });
      paidOrders[name] = placed.body.id;
    }
  }
  // SCREEN_SMS=1 (as admin): wallet phones and a few forwarded SMS, one verifying a paid order.
  if (process.env.SCREEN_SMS && as === 'admin' && token) {
    const bkash = await registerForwarder(server, token, 'bkash', 'Desk bKash');
    const nagad = await registerForwarder(server, token, 'nagad', 'Counter Nagad');
    // A phone added without its balance: its card says every payment on it waits until the balance is stated.
    await server.api.post('/devices', { device: { name: 'New Rocket', account: 'rocket' } }, token);
    // The messages before the held one came 8 minutes earlier (a payment's SMS may precede its order by 10): the
    // held popup says the missing one came between them.
    const earlier = new Date(Date.now() - 8 * 60_000);
    const paid = await server.api.post<{ id: string }>('/orders/1xbet_topup_bdt', {
      order: { pm_method: 'bkash', amount: '1250', contact_email: 'rahim@example.com', onex_id: '123456789' },
    });
    const order = await server.api.get<{ order: { pm_amount: number } }>(`/orders/${paid.body.id}`);
    await server.api.patch(`/orders/${paid.body.id}`, { order: { pm_id: 'CJU0AB12C6' } });
    await bkash.payment({ amount: order.body.order.pm_amount, trxId: 'CJU0AB12C6', at: earlier });
    await nagad.payment({ amount: 600.5, trxId: '7A1B2C3D', at: earlier });
    // A payment whose SMS says another amount: "Amount differs" on its order and in the inbox.
    const short = await server.api.post<{ id: string }>('/orders/1xbet_topup_bdt', {
      order: { pm_method: 'bkash', amount: '900', contact_email: 'rahim@example.com', onex_id: '987654321' },
    });
    await server.api.patch(`/orders/${short.body.id}`, { order: { pm_id: 'CJU0ZX98Y7' } });
    await bkash.payment({ amount: 850, trxId: 'CJU0ZX98Y7', at: earlier });
    await bkash.post({ text: 'Your bKash verification code is 123456. Never share it.' });
    // Money sent out: a Send Money that proves a pending withdrawal's payout, and one that no order matches.
    const withdrawal = await server.api.post<{ id: string }>('/orders/1xbet_withdraw_bdt', {
      order: { pm_method: 'bkash', amount: '2000', contact_email: 'rahim@example.com', wallet: '01812345678' },
    });
    await server.api.patch(`/orders/${withdrawal.body.id}`, { order: { onex_id: '123456789', w_code: 'Ab12' } });
    const payout = (await server.api.get<{ order: { pm_amount: number } }>(`/orders/${withdrawal.body.id}`)).body.order
      .pm_amount;
    for (const [amount, to, trxId] of [
      [payout, '01812345678', 'CJU0PAY001'],
      [1500, '01998765432', 'CJU0PAY002'],
    ] as const) {
      bkash.moveBalance(-amount - 10);
      await bkash.post({ text: sendMoneySms({ amount, to, trxId, fee: 10, balance: bkash.balance(), at: earlier }) });
    }
    // A Tk 700 message the bKash phone missed: the next payment does not chain on its balance and is held.
    const held = await server.api.post<{ id: string }>('/orders/1xbet_topup_bdt', {
      order: { pm_method: 'bkash', amount: '1500', contact_email: 'rahim@example.com', onex_id: '555666777' },
    });
    const heldOrder = await server.api.get<{ order: { pm_amount: number } }>(`/orders/${held.body.id}`);
    await server.api.patch(`/orders/${held.body.id}`, { order: { pm_id: 'CJU0HE1D00' } });
    bkash.moveBalance(700);
    await bkash.payment({ amount: heldOrder.body.order.pm_amount, trxId: 'CJU0HE1D00' });
    // SCREEN_ACCEPT=1: a second held payment the admin accepted by hand ("Accepted by <name>", decision 316).
    if (process.env.SCREEN_ACCEPT) {
      const accepted = await server.api.post<{ id: string }>('/orders/1xbet_topup_bdt', {
        order: { pm_method: 'bkash', amount: '800', contact_email: 'rahim@example.com', onex_id: '444555666' },
      });
      const acceptedOrder = await server.api.get<{ order: { pm_amount: number } }>(`/orders/${accepted.body.id}`);
      await server.api.patch(`/orders/${accepted.body.id}`, { order: { pm_id: 'CJU0ACC100' } });
      await bkash.payment({ amount: acceptedOrder.body.order.pm_amount, trxId: 'CJU0ACC100' });
      await server.api.post(
        `/orders/${accepted.body.id}/verification`,
        { decision: 'accept', reason: 'Seen in the bKash app' },
        token,
      );
    }
  }
  if (process.env.SCREEN_HISTORY && as === 'admin' && token) {
    const products = ['1xbet_topup_bdt', '1xbet_topup_usd', '1xbet_withdraw_bdt', '1xbet_topup_bdt'];
    const statuses = [
      'complete',
      'complete',
      'complete',
      'timedout',
      'admin_cancelled',
      'complete',
      'user_cancelled',
      'complete',
    ];
    const rows: OrderRow[] = [];
    for (let day = 1; day < 30; day += 1) {
      for (let i = 0; i < 3 + ((day * 7) % 6); i += 1) {
        const product = products[(day + i) % products.length];
        const status = statuses[(day * 3 + i) % statuses.length];
        const amount = product.includes('usd')
          ? `${10 + ((day + i) % 5) * 5}.00`
          : `${300 + ((day * 13 + i * 29) % 40) * 50}.00`;
        const pmAmount = product.includes('usd') ? `${Number(amount) * 125}.00` : amount;
        const seconds = 120 + ((day * 31 + i * 17) % 20) * 60;
        rows.push({
          product,
          method: ['bkash', 'nagad', 'rocket', 'bkash'][(day + i * 2) % 4],
          status,
          amount,
          pmAmount,
          createdAt: new Date(Date.now() - day * 86_400_000 - i * 3_600_000),
          moves:
            status === 'complete'
              ? [
                  ['pending', seconds / 2],
                  ['complete', seconds],
                ]
              : [[status, 900]],
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
  // SCREEN_CLOSED=bkash: that method's business hours exclude now, so checkout shows it closed.
  if (process.env.SCREEN_CLOSED) {
    const admin = await loginAdmin(server);
    const pms = await server.api.get<{ pms: { account: string; wallet: string; note: string; available: boolean }[] }>(
      '/pms/all',
      admin.token,
    );
    const pm = pms.body.pms.find((m) => m.account === process.env.SCREEN_CLOSED);
    const dhakaHour = (offset: number) => `${String((new Date().getUTCHours() + 6 + offset) % 24).padStart(2, '0')}:00`;
    if (pm)
      await server.api.patch(
        `/pms/${pm.account}`,
        {
          pm: {
            wallet: pm.wallet,
            note: pm.note,
            available: true,
            hours: { open: dhakaHour(2), close: dhakaHour(10) },
          },
        },
        admin.token,
      );
  }
  if (process.env.SCREEN_FLEET && as === 'admin' && token) {
    await server.api.post(
      '/pms/bkash/numbers',
      {
        number: {
          wallet: '01711222222',
          confirm_wallet: '01711222222',
          label: 'Agent Mirpur',
          daily_count_limit: 20,
          daily_amount_limit: '50000',
          monthly_amount_limit: '400000',
        },
      },
      token,
    );
    const paused = await server.api.post<{ number: { id: number } }>(
      '/pms/bkash/numbers',
      { number: { wallet: '01711333333', confirm_wallet: '01711333333', label: 'Frozen SIM' } },
      token,
    );
    await server.api.patch(`/pms/bkash/numbers/${paused.body.number.id}`, { number: { active: false } }, token);
    await server.api.patch(
      '/pms/bkash',
      {
        pm: {
          wallet: '01700000001',
          confirm_wallet: '01700000001',
          note: 'Send Money to this personal bKash number.',
          available: true,
        },
      },
      token,
    );
    const pms = await server.api.get<{ pms: { account: string; wallet: string; note: string }[] }>('/pms/all', token);
    const rocket = pms.body.pms.find((m) => m.account === 'rocket')!;
    await server.api.patch(
      '/pms/rocket',
      { pm: { wallet: rocket.wallet, note: rocket.note, available: true, daily_count_limit: 1 } },
      token,
    );
    await server.api.post('/orders/1xbet_topup_bdt', {
      order: { pm_method: 'rocket', amount: '700', contact_email: 'rahim@example.com', onex_id: '123456789' },
    });
    // One bKash top-up: its unlimited first number has the most room.
    await server.api.post('/orders/1xbet_topup_bdt', {
      order: { pm_method: 'bkash', amount: '2500', contact_email: 'rahim@example.com', onex_id: '123456789' },
    });
  }
  let delivered = '';
  if (desk) {
    // The desk is the admin's to connect, whoever the pages are looked at as.
    const deskToken = as === 'admin' && token ? token : (await loginAdmin(server)).token;
    const { cashdeskId, login, cashierPass, hash } = desk.credentials;
    desk.addPlayer('123456789', { name: 'Rahim Uddin', currencyId: 87 });
    await server.api.put(
      '/cashdesks/BDT',
      {
        cashdesk: {
          cashdesk_id: cashdeskId,
          login,
          cashier_pass: cashierPass,
          hash,
          topup_auto: true,
          auto_max: 10_000,
        },
      },
      deskToken,
    );
    const phone = await registerForwarder(server, deskToken, 'bkash', 'Desk bKash');
    const placed = await server.api.post<{ id: string }>('/orders/1xbet_topup_bdt', {
      order: { pm_method: 'bkash', amount: '1500', contact_email: 'rahim@example.com', onex_id: '123456789' },
    });
    const trxId = `TX${Date.now()}D`;
    await server.api.patch(`/orders/${placed.body.id}`, { order: { pm_id: trxId } });
    const order = await server.api.get<{ order: { pm_amount: number } }>(`/orders/${placed.body.id}`);
    await phone.payment({ amount: order.body.order.pm_amount, trxId });
    for (let tries = 0; tries < 100; tries += 1) {
      if (
        (await server.api.get<{ order: { status: string } }>(`/orders/${placed.body.id}`)).body.order.status ===
        'complete'
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    delivered = placed.body.id;
  }
  if (receiver && as === 'admin' && token) {
    receiver.on('/down', () => ({ status: 500 }));
    const ok = await server.api.post<{ webhook: { id: string } }>(
      '/webhooks',
      { webhook: { url: `${receiver.url}/ok`, events: ['order.created', 'order.paid', 'order.completed'] } },
      token,
    );
    const down = await server.api.post<{ webhook: { id: string } }>(
      '/webhooks',
      { webhook: { url: `${receiver.url}/down`, events: ['order.paid', 'sms.unmatched', 'device.silent'] } },
      token,
    );
    await server.api.post(`/webhooks/${down.body.webhook.id}/test`, {}, token);
    await placePendingOrder(server);
    await server.api.post(`/webhooks/${ok.body.webhook.id}/test`, {}, token);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
  let ticket = '';
  if (process.env.SCREEN_TICKET && as === 'admin' && token) {
    const sharp = (await import('sharp')).default;
    const customer = await createUser(server, { name: 'Rahim Uddin' });
    const opened = await server.api.post<{ id: string }>(
      '/supports',
      { support: { subject: '1xbet_topup_bdt', text: 'I paid 1,250 by bKash but my top-up has not arrived yet.' } },
      customer.token,
    );
    ticket = opened.body.id;
    const send = async (who: string, colour: string, width: number, height: number, text: string) => {
      const form = new FormData();
      form.append('text', text);
      const png = await sharp({ create: { width, height, channels: 3, background: colour } })
        .png()
        .toBuffer();
      form.append('pic', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
      await server.api.raw('POST', `/supports/${ticket}/pictures`, { body: form }, who);
    };
    await send(customer.token, '#e2136e', 720, 1280, 'Here is the payment screen');
    await server.api.patch(`/supports/${ticket}`, { support: { text: 'Thank you, we are checking it now.' } }, token);
    await send(token, '#2f9e44', 800, 450, '');
  }
  for (const lang of ['EN', 'BN'] as const) {
    for (const width of [1280, 360]) {
      const { context, page } = await openContext(browser, server.url, {
        lang,
        width,
        height: width === 360 ? 780 : 900,
        as: me,
      });
      for (const p of pages) {
        const [route, ...steps] = p.split('!');
        await page.goto(
          route
            .replace('@order', lastOrder)
            .replace('@me', me?.id ?? '')
            .replace('@received', paidOrders.received)
            .replace('@differs', paidOrders.differs)
            .replace('@ticket', ticket)
            .replace('@delivered', delivered),
        );
        await page.waitForLoadState('networkidle');
        for (const pair of (process.env.SCREEN_FILL ?? '').split(';').filter(Boolean)) {
          const [field, ...value] = pair.split('=');
          const input = page.locator(`[data-path="${field}"]`).filter({ visible: true }).first();
          if (await input.count()) await input.fill(value.join('='));
        }
        if (process.env.SCREEN_SUBMIT) {
          const send = page.locator('form button[type="submit"]').filter({ visible: true }).first();
          if (await send.count()) {
            await send.click();
            await page.waitForLoadState('networkidle');
          }
        }
        await page.waitForTimeout(600);
        if (process.env.SCREEN_OPEN) {
          await page
            .getByRole('button', { name: /^(Open order|অর্ডার .* খুলুন)/ })
            .filter({ visible: true })
            .first()
            .click();
          await page.getByRole('dialog').waitFor();
          await page.waitForTimeout(600);
        }
        for (const step of steps) {
          if (step === 'bell') await page.getByTestId('alerts-button').click();
          if (step === 'all') await page.getByRole('tab').nth(1).click();
          if (step === 'anystate') {
            await page
              .getByLabel(lang === 'EN' ? 'State' : 'অবস্থা', { exact: true })
              .first()
              .click();
            await page.getByRole('option').nth(1).click();
            await page.waitForLoadState('networkidle');
          }
          // '!timeline': opens the first order of the list shown and scrolls its popup to the order's history.
          if (step === 'timeline') {
            await page
              .getByRole('button', { name: /^(Open order|অর্ডার .* খুলুন)/ })
              .filter({ visible: true })
              .first()
              .click();
            const history = page.getByLabel(lang === 'EN' ? 'Order history' : 'অর্ডারের ইতিহাস');
            await history.scrollIntoViewIfNeeded();
          }
          if (step === 'filters' && (await page.getByTestId('history-filters-toggle').count()) > 0)
            await page.getByTestId('history-filters-toggle').click();
          await page.waitForTimeout(400);
        }
        const file = path.join(
          out,
          `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${lang}-${width}.png`,
        );
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
  await desk?.close();
}

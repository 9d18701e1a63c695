// The admin's order popup and SMS inbox (7, 8; decisions 197, 198): Complete asks first with the
// amount and 1xBet id, an unverified order needs the admin's own check; the popup leads with what staff act on and
// keeps its actions in view on a phone; the inbox opens on the work, each SMS in one state that agrees with its order.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { axeViolations } from '../support/axe.js';
import { COMPLETE_CONFIRM } from '../support/complete-confirm.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import {
  getOrder,
  placeOrder,
  topupPayload,
  uniquePmId,
  TOPUP_BDT,
  WITHDRAW_BDT,
  withdrawPayload,
} from '../factories/orders.js';
import { registerForwarder, sendMoneySms, type Forwarder } from '../support/sms-forwarder.js';

const WAIT = { timeout: 30_000 };
const words = COMPLETE_CONFIRM.EN;

describe.runIf(hasChromium())('order popup and SMS inbox in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let admin: TestUser;
  let phone: Forwarder;
  const orders = { verified: '', differs: '', withdrawal: '' };
  const sms = { verified: 0, differs: 0, stray: 0, payout: 0, strayPayout: 0 };

  /** The phone's Send Money SMS (money leaving its wallet): its id. */
  async function sendMoney(to: string, amount: number): Promise<number> {
    phone.moveBalance(-amount - 10);
    const posted = await phone.post({
      text: sendMoneySms({
        amount,
        to,
        trxId: `SM${uniquePmId().slice(2, 10).toUpperCase()}`,
        fee: 10,
        balance: phone.balance(),
      }),
    });
    return posted.body.sms.id;
  }

  /** A paid top-up whose SMS says `smsAmount` (the order's own amount when 'same'). */
  async function paidTopup(amount: string, onexId: string, smsAmount: number | 'same') {
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ amount, onex_id: onexId }));
    const trxId = `PP${uniquePmId().slice(2, 10).toUpperCase()}`;
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } })).status).toBe(200);
    const pmAmount = (await getOrder(server, id)).pm_amount;
    const posted = await phone.payment({ amount: smsAmount === 'same' ? pmAmount : smsAmount, trxId });
    return { id, smsId: posted.body.sms.id as number };
  }

  beforeAll(async () => {
    admin = await loginAdmin(server);
    phone = await registerForwarder(server, admin.token, 'bkash');
    ({ id: orders.verified, smsId: sms.verified } = await paidTopup('1250', '111222333', 'same'));
    ({ id: orders.differs, smsId: sms.differs } = await paidTopup('1300', '444555666', 777));
    sms.stray = (await phone.payment({ amount: 640, trxId: `ST${uniquePmId().slice(2, 10).toUpperCase()}` })).body.sms
      .id as number;
    // A pending withdrawal whose payout a Send Money proves, and a Send Money no order matches.
    orders.withdrawal = await placeOrder(
      server,
      WITHDRAW_BDT,
      withdrawPayload({ pm_method: 'bkash', wallet: '01812345678' }),
    );
    expect(
      (await server.api.patch(`/orders/${orders.withdrawal}`, { order: { onex_id: '123456789', w_code: 'Ab12' } }))
        .status,
    ).toBe(200);
    sms.payout = await sendMoney('01812345678', (await getOrder(server, orders.withdrawal)).pm_amount);
    sms.strayPayout = await sendMoney('01998765432', 1500);
  });

  it('When the admin opens the SMS inbox, then it shows what needs action, each SMS in the state its order agrees with', async () => {
    const { context, page } = await openContext(browser, server.url, { as: admin });
    try {
      await page.goto('/admin/sms');
      const stateFilter = page.getByLabel('State', { exact: true }).first();
      const row = (id: number) => page.locator(`[data-testid="sms-row"][data-sms-id="${id}"]`);
      // The first visit loads the admin bundle and the inbox's lazy chunk: on the shared 2-core machine under load
      // (load average near 30) that alone took over 30 s, while the list itself was right.
      await row(sms.differs).waitFor({ timeout: 90_000 });
      expect(await stateFilter.inputValue()).toBe('Needs action');
      // Attached to its order as "amount differs", never "unmatched"; the order it belongs to is named.
      expect(await row(sms.differs).locator('[data-sms-state]').getAttribute('data-sms-state')).toBe('amount_differs');
      expect(await row(sms.differs).getByText('Amount differs').isVisible()).toBe(true);
      expect(
        await row(sms.differs)
          .getByRole('link', { name: new RegExp(orders.differs.slice(0, 10)) })
          .isVisible(),
      ).toBe(true);
      expect(await row(sms.stray).getByText('Unmatched').isVisible()).toBe(true);
      expect(await row(sms.stray).getByRole('button', { name: 'Link to an order' }).isVisible()).toBe(true);
      expect(await row(sms.verified).count()).toBe(0);
      // Money sent out that no order's payout matches is work, saying so; the proven payout is not.
      expect(await row(sms.strayPayout).locator('[data-sms-state]').getAttribute('data-sms-state')).toBe(
        'payout_unmatched',
      );
      expect(
        await row(sms.strayPayout).getByText('Needs action: a payout no order matches', { exact: false }).isVisible(),
      ).toBe(true);
      expect(await row(sms.payout).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      await stateFilter.click();
      await page.getByRole('option', { name: 'All', exact: true }).click();
      await row(sms.verified).waitFor(WAIT);
      expect(await row(sms.verified).locator('[data-sms-state]').getAttribute('data-sms-state')).toBe('matched');
      // The Send Money that proves the withdrawal's payout says so, never "ignored", and links its order.
      expect(await row(sms.payout).locator('[data-sms-state]').getAttribute('data-sms-state')).toBe('payout');
      expect(
        await row(sms.payout)
          .getByText(`Proves the payout of order ${orders.withdrawal.slice(0, 10)}`)
          .isVisible(),
      ).toBe(true);
      expect(
        await row(sms.payout)
          .getByRole('link', { name: new RegExp(orders.withdrawal.slice(0, 10)) })
          .isVisible(),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('When the admin completes from the verified strip, then a confirmation shows amount, 1xBet id and verification, with no extra tap', async () => {
    const { context, page } = await openContext(browser, server.url, { as: admin });
    try {
      await page.goto('/admin/orders');
      const strip = page.getByTestId('verified-ready');
      const line = strip.getByTestId('verified-ready-row').filter({ hasText: '111222333' });
      await line.waitFor(WAIT);
      expect(await line.getByText('1,250.00 BDT').isVisible()).toBe(true);
      await line.getByRole('button', { name: /Complete/ }).click();
      const confirm = page.getByRole('dialog', { name: words.title });
      await confirm.waitFor(WAIT);
      expect(await confirm.getByText('1,250.00 BDT').first().isVisible()).toBe(true);
      expect(await confirm.getByText('111222333').isVisible()).toBe(true);
      expect(await confirm.getByText('Verified by SMS').isVisible()).toBe(true);
      expect(await confirm.getByRole('checkbox').count()).toBe(0);
      expect(await confirm.getByRole('button', { name: words.yes }).isEnabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: words.yes }).click();
      await page.getByText('Order Completed').waitFor(WAIT);
      await line.waitFor({ state: 'detached', ...WAIT });
      expect((await getOrder(server, orders.verified)).status).toBe('complete');
    } finally {
      await context.close();
    }
  });

  it('When an order is not verified, then its popup leads with amounts and copy buttons, keeps its actions in view on a phone, and Complete needs the check', async () => {
    const { context, page } = await openContext(browser, server.url, { as: admin, width: 360, height: 780 });
    try {
      await page.goto('/admin/orders');
      await page.getByRole('button', { name: `Open order ${orders.differs.slice(0, 10)}` }).click(WAIT);
      const popup = page.getByRole('dialog', { name: 'Order details' });
      await popup.getByText('Customer pays').waitFor(WAIT);
      for (const label of ['Customer pays', '1xBet top-up', '1xBet account ID']) {
        expect(await popup.getByRole('button', { name: `Copy ${label}` }).isVisible()).toBe(true);
      }
      // Rows that do not apply to a top-up are not there.
      expect(await popup.getByText('You pay').count()).toBe(0);
      expect(await popup.getByText('Withdraw code').count()).toBe(0);
      expect(await popup.getByTestId('order-verification').getByText('Amount differs').isVisible()).toBe(true);
      // The action bar is on screen without scrolling, the essentials above the details.
      const bar = await popup.getByTestId('order-actions').boundingBox();
      expect(bar !== null && bar.y + bar.height <= 780 && bar.y > 0).toBe(true);
      const essentials = await popup.getByTestId('order-essentials').boundingBox();
      const details = await popup.getByText('Order ID', { exact: true }).boundingBox();
      expect(essentials !== null && details !== null && essentials.y < details.y).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      await popup.getByRole('button', { name: 'Complete', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: words.title });
      await confirm.waitFor(WAIT);
      expect(await confirm.getByText('444555666').isVisible()).toBe(true);
      expect(await confirm.getByText('The SMS says 777.00 BDT').isVisible()).toBe(true);
      const yes = confirm.getByRole('button', { name: words.yes });
      // Where the button sits in the page's layout (its scrolling ancestors added back: checking may scroll the
      // modal), measured once the modal's opening transition has settled.
      const place = () =>
        yes.evaluate((el) => {
          let top = el.getBoundingClientRect().top;
          for (let node = el.parentElement; node; node = node.parentElement) top += node.scrollTop;
          return Math.round(top);
        });
      let before = await place();
      await expect
        .poll(async () => {
          const now = await place();
          const still = now === before;
          before = now;
          return still;
        }, WAIT)
        .toBe(true);
      expect(await yes.isDisabled()).toBe(true);
      await confirm.getByRole('checkbox', { name: words.check }).check();
      expect(await yes.isEnabled()).toBe(true);
      // The check did not move the button under the thumb.
      expect(await place()).toBe(before);
      expect(await axeViolations(page)).toEqual([]);
      await yes.click();
      await page.getByText('Order Completed').waitFor(WAIT);
      expect((await getOrder(server, orders.differs)).status).toBe('complete');
    } finally {
      await context.close();
    }
  });
});

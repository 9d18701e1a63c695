// Complete on a withdrawal asks the withdrawal's question (the code redeemed, Tk N sent to that number): with a Send
// Money SMS proving the payout it is one tap and the TrxID is filled in; without, the payout TrxID is required and
// the dialog says no proof was seen. EN and BN, axe at 0.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '#shared/api-types';
import { axeViolations } from '../support/axe.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { registerForwarder, sendMoneySms } from '../support/sms-forwarder.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { getOrder, placeOrder, uniquePmId, withdrawPayload, WITHDRAW_BDT } from '../factories/orders.js';

const WAIT = { timeout: 20_000 };

describe.runIf(hasChromium())('Completing a withdrawal', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });
  const pendingWithdrawal = async (wallet: string) => {
    const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ pm_method: 'nagad', wallet }));
    expect((await server.api.patch(`/orders/${id}`, { order: { onex_id: '123456789', w_code: 'Ab12' } })).status).toBe(
      200,
    );
    return id;
  };

  it('When no Send Money SMS proves the payout, then the dialog says so and asks the TrxID; with one, one tap fills it in', async () => {
    const unproved = await pendingWithdrawal('01755555501');
    const { context, page } = await openContext(browser, server.url, { as: admin, lang: 'EN' });
    try {
      await page.goto('/admin/orders');
      await page.getByRole('button', { name: `Open order ${unproved.slice(0, 10)}` }).click(WAIT);
      await page.getByRole('dialog').getByRole('button', { name: 'Complete', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Complete this order?' });
      const amount = (await getOrder(server, unproved)).pm_amount.toFixed(2);
      await dialog
        .getByText(`Did you redeem the withdrawal code on 1xBet and send ${amount} BDT to 01755-555501 (Nagad)?`)
        .waitFor(WAIT);
      await dialog.getByText('No Send Money SMS proving this payout was seen').waitFor(WAIT);
      // The question is not the top-up's.
      expect(await dialog.getByText('I checked the payment myself').count()).toBe(0);
      const yes = dialog.getByRole('button', { name: 'Yes, complete' });
      expect(await yes.isDisabled()).toBe(true);
      await dialog.getByRole('checkbox', { name: /^I redeemed the code and sent/ }).check();
      expect(await yes.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Payout TrxID' }).fill('bx7k2m9q');
      expect(await dialog.getByRole('textbox', { name: 'Payout TrxID' }).inputValue()).toBe('BX7K2M9Q');
      expect(await axeViolations(page)).toEqual([]);
      await yes.click();
      await page.getByText('Order Completed').waitFor(WAIT);
      expect((await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id: unproved } })).payoutTrxId).toBe(
        'BX7K2M9Q',
      );

      // The phone's Send Money SMS proves the next one: one tap.
      const phone = await registerForwarder(server, admin.token, 'nagad', 'Payout Nagad');
      const proved = await pendingWithdrawal('01755555502');
      const pmAmount = (await getOrder(server, proved)).pm_amount;
      const trxId = uniquePmId().toUpperCase().slice(0, 8);
      phone.moveBalance(-pmAmount - 5);
      await phone.post({
        text: sendMoneySms({
          account: 'nagad',
          amount: pmAmount,
          to: '01755555502',
          trxId,
          fee: 5,
          balance: phone.balance(),
        }),
      });
      await expect
        .poll(
          async () =>
            (await server.api.get<{ order: OrderDto }>(`/orders/${proved}`, admin.token)).body.order.payout?.trx_id,
          WAIT,
        )
        .toBe(trxId);
      await page.goto('/admin/orders');
      await page.getByRole('button', { name: `Open order ${proved.slice(0, 10)}` }).click(WAIT);
      await page.getByRole('dialog').getByRole('button', { name: 'Complete', exact: true }).click();
      const proof = page.getByRole('dialog', { name: 'Complete this order?' }).getByTestId('payout-proof');
      await proof.waitFor(WAIT);
      expect(await proof.textContent()).toContain(`TrxID ${trxId}`);
      await page
        .getByRole('dialog', { name: 'Complete this order?' })
        .getByRole('button', { name: 'Yes, complete' })
        .click();
      await page.getByText('Order Completed').waitFor(WAIT);
      expect((await getOrder(server, proved)).payout_trx_id).toBe(trxId);
    } finally {
      await context.close();
    }
  });

  it('When a Bengali admin completes a withdrawal, then the question reads in Bengali with axe at 0', async () => {
    const id = await pendingWithdrawal('01755555503');
    const { context, page } = await openContext(browser, server.url, { as: admin, lang: 'BN', width: 360 });
    try {
      await page.goto('/admin/orders');
      await page
        .getByRole('button', { name: new RegExp(id.slice(0, 10)) })
        .first()
        .click(WAIT);
      await page.getByRole('dialog').getByRole('button', { name: 'সম্পন্ন করুন', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'অর্ডারটি সম্পন্ন করবেন?' });
      await dialog.getByText('এই টাকা পাঠানোর কোনো সেন্ড মানি এসএমএস পাওয়া যায়নি', { exact: false }).waitFor(WAIT);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  registerFormSchema,
  registerBodySchema,
  recoveryCodeSchema,
  topupOrderSchema,
  withdrawOrderSchema,
  submitTopupPaymentSchema,
  submitWithdrawPaymentSchema,
  createTicketBodySchema,
  ticketPatchBodySchema,
  pageQuerySchema,
  productPatchBodySchema,
  pmPatchBodySchemaFor,
  submitTopupPaymentSchema as topupPayment,
  orderPatchBodySchema,
  orderCommandPayload,
  type OrderCommand,
  VALIDATION_KEYS as V,
} from './schemas.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('shared schemas (spec §5)', () => {
  it('When registering, then name 3-20, e-mail 3-50 and password 8-40 are enforced', () => {
    const ok = { name: 'Abc', email: 'A@B.co', password: '12345678' };
    expect(registerBodySchema.parse({ user: ok }).user.email).toBe('a@b.co');
    expect(firstMessage(registerBodySchema.safeParse({ user: { ...ok, name: 'ab' } }))).toBe(V.nameLength);
    expect(firstMessage(registerBodySchema.safeParse({ user: { ...ok, name: 'a'.repeat(21) } }))).toBe(V.nameLength);
    expect(firstMessage(registerBodySchema.safeParse({ user: { ...ok, password: '1234567' } }))).toBe(V.passwordLength);
    expect(firstMessage(registerBodySchema.safeParse({ user: { ...ok, email: `${'a'.repeat(45)}@b.com` } }))).toBe(
      V.emailLength,
    );
    expect(firstMessage(registerBodySchema.safeParse({ user: { ...ok, email: { not: '' } } }))).toBe(V.required);
  });
  it('When the confirmation differs, then passwordsMismatch is on confirm_password', () => {
    const r = registerFormSchema.safeParse({
      name: 'Abc',
      email: 'a@b.co',
      password: '12345678',
      confirm_password: '12345679',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['confirm_password'], message: V.passwordsMismatch });
  });
  it('When a recovery code has spaces and dashes, then they are stripped; letters are refused', () => {
    expect(recoveryCodeSchema.parse('123 456')).toBe('123456');
    expect(recoveryCodeSchema.parse('12-34-56')).toBe('123456');
    expect(firstMessage(recoveryCodeSchema.safeParse('12345a'))).toBe(V.codeFormat);
    expect(firstMessage(recoveryCodeSchema.safeParse('12345'))).toBe(V.codeFormat);
  });
  it('When ordering a top-up, then amount has up to 2 decimals, onex_id 9 digits, contact e-mail 5-50', () => {
    const ok = { pm_method: 'bkash', amount: '100.50', onex_id: '123456789', contact_email: 'me@x.io' };
    expect(topupOrderSchema.parse(ok).amount).toBe('100.50');
    expect(topupOrderSchema.parse({ ...ok, amount: 250 }).amount).toBe('250');
    expect(firstMessage(topupOrderSchema.safeParse({ ...ok, amount: '1.234' }))).toBe(V.amountInvalid);
    expect(firstMessage(topupOrderSchema.safeParse({ ...ok, amount: '-5' }))).toBe(V.amountInvalid);
    expect(firstMessage(topupOrderSchema.safeParse({ ...ok, amount: 1e21 }))).toBe(V.amountInvalid);
    expect(firstMessage(topupOrderSchema.safeParse({ ...ok, onex_id: '12345678' }))).toBe(V.onexIdInvalid);
    expect(firstMessage(topupOrderSchema.safeParse({ ...ok, contact_email: 'a@b' }))).toBe(V.contactEmailInvalid);
    expect(firstMessage(topupOrderSchema.safeParse({ ...ok, pm_method: 'paypal' }))).toBe(V.pmInvalid);
  });
  it('When ordering a withdrawal, then the wallet is 11 digits starting 01', () => {
    const ok = { pm_method: 'nagad', amount: '500', wallet: '01712345678', contact_email: 'me@x.io' };
    expect(withdrawOrderSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(withdrawOrderSchema.safeParse({ ...ok, wallet: '02712345678' }))).toBe(V.walletInvalid);
    expect(firstMessage(withdrawOrderSchema.safeParse({ ...ok, wallet: '0171234567' }))).toBe(V.walletInvalid);
  });
  it('When paying, then transaction ids are 5-70 of letters, digits, dash, underscore; w_code 4 letters or digits', () => {
    expect(submitTopupPaymentSchema.safeParse({ pm_id: 'TX_12-a' }).success).toBe(true);
    expect(firstMessage(submitTopupPaymentSchema.safeParse({ pm_id: 'abcd' }))).toBe(V.transactionIdInvalid);
    expect(firstMessage(submitTopupPaymentSchema.safeParse({ pm_id: 'a'.repeat(71) }))).toBe(V.transactionIdInvalid);
    expect(firstMessage(submitTopupPaymentSchema.safeParse({ pm_id: 'abc de' }))).toBe(V.transactionIdInvalid);
    expect(submitWithdrawPaymentSchema.safeParse({ onex_id: '123456789', w_code: 'A1b2' }).success).toBe(true);
    expect(firstMessage(submitWithdrawPaymentSchema.safeParse({ onex_id: '123456789', w_code: 'A1b' }))).toBe(
      V.withdrawCodeInvalid,
    );
    expect(firstMessage(submitWithdrawPaymentSchema.safeParse({ onex_id: '12345678', w_code: 'A1b2' }))).toBe(
      V.onexAccountInvalid,
    );
  });
  it('When writing tickets, then new text is 10-500 with the spec messages and replies 2-500', () => {
    expect(firstMessage(createTicketBodySchema.safeParse({ support: { subject: 'other', text: '' } }))).toBe(
      V.ticketRequired,
    );
    expect(firstMessage(createTicketBodySchema.safeParse({ support: { subject: 'other', text: 'too short' } }))).toBe(
      V.ticketShort,
    );
    expect(
      firstMessage(createTicketBodySchema.safeParse({ support: { subject: 'other', text: 'x'.repeat(2001) } })),
    ).toBe(V.ticketLong);
    expect(
      firstMessage(createTicketBodySchema.safeParse({ support: { subject: 'poker', text: 'long enough text' } })),
    ).toBe(V.subjectInvalid);
    expect(ticketPatchBodySchema.safeParse({ support: { status: 'close' } }).success).toBe(true);
    expect(ticketPatchBodySchema.safeParse({ support: { text: 'ok' } }).success).toBe(true);
    expect(ticketPatchBodySchema.safeParse({ support: { text: 'o' } }).success).toBe(false);
  });
  it('When a page is repeated or nested, then it is refused', () => {
    expect(pageQuerySchema.parse({}).page).toBe(1);
    expect(pageQuerySchema.parse({ page: '3' }).page).toBe(3);
    expect(pageQuerySchema.safeParse({ page: ['1', '2'] }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
  it('When an admin edits the catalogue, then description 5-500, min<=max and wallet >= 5 are enforced', () => {
    expect(firstMessage(productPatchBodySchema.safeParse({ product: { description: 'abc' } }))).toBe(
      V.descriptionShort,
    );
    expect(firstMessage(productPatchBodySchema.safeParse({ product: { description: 'x'.repeat(501) } }))).toBe(
      V.descriptionLong,
    );
    expect(
      firstMessage(
        productPatchBodySchema.safeParse({
          product: { pms: [{ account: 'bkash', available: true, rate: '1', min: '500', max: '100' }] },
        }),
      ),
    ).toBe(V.minMaxInvalid);
  });
  it('When an admin saves a shop wallet, then bKash and Nagad take 11 digits starting 01 and Rocket 12', () => {
    const wallet = (account: 'bkash' | 'nagad' | 'rocket', number: string) =>
      pmPatchBodySchemaFor(account).safeParse({ pm: { wallet: number, available: true } });
    expect(wallet('bkash', '01712345678').data?.pm.wallet).toBe('01712345678');
    expect(wallet('nagad', '+880 1812-345678').data?.pm.wallet).toBe('01812345678');
    expect(wallet('rocket', '০১৯১২৩৪৫৬৭৮৯').data?.pm.wallet).toBe('019123456789');
    expect(firstMessage(wallet('bkash', '0171'))).toBe(V.pmWalletMobile);
    expect(firstMessage(wallet('bkash', '019123456789'))).toBe(V.pmWalletMobile);
    expect(firstMessage(wallet('nagad', '02712345678'))).toBe(V.pmWalletMobile);
    expect(firstMessage(wallet('rocket', '01912345678'))).toBe(V.pmWalletRocket);
    expect(firstMessage(wallet('rocket', 'rocket-shop'))).toBe(V.pmWalletRocket);
  });
  it('When numbers are typed with Bengali digits, mixed or not, then every numeric field reads them as ASCII', () => {
    const ok = { pm_method: 'bkash', amount: '৫০০', onex_id: '১২৩৪৫৬৭৮৯', contact_email: 'me@x.io' };
    expect(topupOrderSchema.parse(ok)).toMatchObject({ amount: '500', onex_id: '123456789' });
    expect(firstMessage(topupOrderSchema.safeParse({ ...ok, amount: '১,৫০০' }))).toBe(V.amountInvalid);
    expect(topupOrderSchema.parse({ ...ok, amount: '৫0০.৫০' }).amount).toBe('500.50');
    expect(
      withdrawOrderSchema.parse({ pm_method: 'nagad', amount: '৬০০', wallet: '০১৭১২-৩৪৫৬৭৮', contact_email: 'me@x.io' })
        .wallet,
    ).toBe('01712345678');
    expect(topupPayment.parse({ pm_id: 'TX৯৮৭৬৫' }).pm_id).toBe('TX98765');
    expect(submitWithdrawPaymentSchema.parse({ onex_id: '৯৮৭৬৫৪৩২১', w_code: 'A১B২' })).toEqual({
      onex_id: '987654321',
      w_code: 'A1B2',
    });
    expect(recoveryCodeSchema.parse('১২৩ ৪৫৬')).toBe('123456');
    expect(pageQuerySchema.parse({ page: '৩' }).page).toBe(3);
    const pm = productPatchBodySchema.parse({
      product: { pms: [{ account: 'rocket', available: true, rate: '০.৯৮', min: '৫০০', max: '২৫০০০' }] },
    });
    expect(pm.product.pms?.[0]).toMatchObject({ rate: '0.98', min: '500', max: '25000' });
  });
  it('When a recovery code is typed, then at most 9 characters of digits, spaces and hyphens are taken before stripping', () => {
    expect(recoveryCodeSchema.parse(' 123 - 456 ')).toBe('123456');
    expect(firstMessage(recoveryCodeSchema.safeParse('12 - 34 - 56'))).toBe(V.codeFormat);
    expect(firstMessage(recoveryCodeSchema.safeParse('1 2 3 4 5 6'))).toBe(V.codeFormat);
    expect(firstMessage(recoveryCodeSchema.safeParse('12-345'))).toBe(V.codeFormat);
    expect(recoveryCodeSchema.parse('123456789')).toBe('123456789');
  });
  it('When an order PATCH arrives, then each wire payload of spec §7 becomes its one named command', () => {
    const command = (order: unknown) => orderPatchBodySchema.parse({ captcha: 'c', order }).order;
    expect(command({ status: 'complete' })).toEqual({ name: 'completeOrder' });
    expect(command({ status: 'cancelled' })).toEqual({ name: 'cancelOrderAsAdmin' });
    expect(command({ cancel: true })).toEqual({ name: 'cancelOrder' });
    expect(command({ pm_id: 'TX_12345' })).toEqual({
      name: 'submitPayment',
      payment: { kind: 'topup', pm_id: 'TX_12345' },
    });
    expect(command({ onex_id: '123456789', w_code: 'Ab12' })).toEqual({
      name: 'submitPayment',
      payment: { kind: 'withdraw', onex_id: '123456789', w_code: 'Ab12' },
    });
  });
  it('When an order PATCH is malformed, then the issue names the field and its key', () => {
    const issues = (order: unknown) =>
      orderPatchBodySchema.safeParse({ order }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ status: 'waiting' })).toEqual([['order.status', V.invalid]]);
    expect(issues({ cancel: 'yes' })).toEqual([['order.cancel', V.invalid]]);
    expect(issues({ pm_id: 'abcd' })).toEqual([['order.pm_id', V.transactionIdInvalid]]);
    expect(issues({ w_code: 'Ab12' })).toEqual([['order.onex_id', V.required]]);
    expect(issues({})).toEqual([['order', V.invalid]]);
    expect(issues('x')).toEqual([['order', V.invalid]]);
    // Strict: a field of another command is refused, not ignored.
    expect(orderPatchBodySchema.safeParse({ order: { cancel: true, pm_id: 'TX_12345' } }).success).toBe(false);
  });
  it('When the client builds a command, then its wire payload parses back to the same command', () => {
    const commands: OrderCommand[] = [
      { name: 'submitPayment', payment: { kind: 'topup', pm_id: 'TX_12345' } },
      { name: 'submitPayment', payment: { kind: 'withdraw', onex_id: '123456789', w_code: 'Ab12' } },
      { name: 'cancelOrder' },
      { name: 'completeOrder' },
      { name: 'cancelOrderAsAdmin' },
    ];
    for (const command of commands)
      expect(orderPatchBodySchema.parse({ order: orderCommandPayload(command) }).order).toEqual(command);
    expect(orderCommandPayload({ name: 'cancelOrderAsAdmin' })).toEqual({ status: 'cancelled' });
  });
});

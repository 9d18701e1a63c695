// The confirmation Complete opens (decision 198): its dialog, the check an unverified order needs,
// and its button, in either language.
import type { Page } from 'playwright-core';

export const COMPLETE_CONFIRM = {
  EN: {
    title: 'Complete this order?',
    check: 'I checked the payment myself',
    yes: 'Yes, complete',
    trxId: 'Payout TrxID',
    paid: /^I redeemed the code and sent/,
  },
  BN: {
    title: 'অর্ডারটি সম্পন্ন করবেন?',
    check: 'আমি নিজে পেমেন্ট যাচাই করেছি',
    yes: 'হ্যাঁ, সম্পন্ন করুন',
    trxId: 'পাঠানোর TrxID',
    paid: /^আমি কোডটি রিডিম করে/,
  },
} as const;

/**
 * Confirms the open confirmation; `checked` ticks "I checked the payment myself" first (an unverified top-up);
 * `payoutTrxId` types a withdrawal's payout TrxID and ticks "I redeemed the code and sent …" (no payout SMS seen).
 */
export async function confirmComplete(
  page: Page,
  { lang = 'EN', checked = false, payoutTrxId }: { lang?: 'EN' | 'BN'; checked?: boolean; payoutTrxId?: string } = {},
): Promise<void> {
  const words = COMPLETE_CONFIRM[lang];
  const dialog = page.getByRole('dialog', { name: words.title });
  await dialog.waitFor({ timeout: 20_000 });
  if (checked) await dialog.getByRole('checkbox', { name: words.check }).check();
  if (payoutTrxId !== undefined) {
    await dialog.getByRole('textbox', { name: words.trxId }).fill(payoutTrxId);
    await dialog.getByRole('checkbox', { name: words.paid }).check();
  }
  await dialog.getByRole('button', { name: words.yes }).click();
}

// The confirmation Complete opens (issue 22 point 3, decision 198): its dialog, the check an unverified order needs,
// and its button, in either language.
import type { Page } from 'playwright-core';

export const COMPLETE_CONFIRM = {
  EN: { title: 'Complete this order?', check: 'I checked the payment myself', yes: 'Yes, complete' },
  BN: { title: 'অর্ডারটি সম্পন্ন করবেন?', check: 'আমি নিজে পেমেন্ট যাচাই করেছি', yes: 'হ্যাঁ, সম্পন্ন করুন' },
} as const;

/** Confirms the open confirmation; `checked` ticks "I checked the payment myself" first (an unverified order). */
export async function confirmComplete(page: Page, { lang = 'EN', checked = false }: { lang?: 'EN' | 'BN'; checked?: boolean } = {}): Promise<void> {
  const words = COMPLETE_CONFIRM[lang];
  const dialog = page.getByRole('dialog', { name: words.title });
  await dialog.waitFor({ timeout: 20_000 });
  if (checked) await dialog.getByRole('checkbox', { name: words.check }).check();
  await dialog.getByRole('button', { name: words.yes }).click();
}

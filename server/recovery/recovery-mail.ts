// The bilingual (English + Bengali) recovery e-mail, as plain text and HTML.
import { TIMERS } from '#shared/constants';
import type { MailMessage } from '../mail/mailer.js';

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const bengaliDigits = (value: string | number) => String(value).replace(/\d/g, (d) => BN_DIGITS[Number(d)]);

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function recoveryMail(input: { to: string; name: string; code: string; link: string }): MailMessage {
  const minutes = TIMERS.recoveryCodeMinutes;
  const spaced = `${input.code.slice(0, 3)} ${input.code.slice(3)}`;
  const text = [
    `Hello ${input.name},`,
    '',
    `Your password reset code is: ${spaced}`,
    `It is valid for ${minutes} minutes and can be used once. Enter it at:`,
    input.link,
    'If you did not ask to reset your password, ignore this e-mail; your password stays unchanged.',
    '',
    '----',
    '',
    `প্রিয় ${input.name},`,
    '',
    `আপনার পাসওয়ার্ড রিসেট কোড: ${spaced}`,
    `কোডটি ${bengaliDigits(minutes)} মিনিটের জন্য বৈধ এবং একবারই ব্যবহার করা যাবে। এখানে কোডটি লিখুন:`,
    input.link,
    'আপনি পাসওয়ার্ড রিসেটের অনুরোধ না করে থাকলে এই ই-মেইলটি উপেক্ষা করুন; আপনার পাসওয়ার্ড অপরিবর্তিত থাকবে।',
  ].join('\n');

  const name = escapeHtml(input.name);
  const link = escapeHtml(input.link);
  const code = `<p style="font-size:28px;font-weight:bold;letter-spacing:4px;font-family:monospace">${escapeHtml(spaced)}</p>`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<div lang="en"><p>Hello ${name},</p><p>Your password reset code is:</p>${code}
<p>It is valid for ${minutes} minutes and can be used once. <a href="${link}">Reset your password</a></p>
<p>If you did not ask to reset your password, ignore this e-mail; your password stays unchanged.</p></div>
<hr>
<div lang="bn"><p>প্রিয় ${name},</p><p>আপনার পাসওয়ার্ড রিসেট কোড:</p>${code}
<p>কোডটি ${bengaliDigits(minutes)} মিনিটের জন্য বৈধ এবং একবারই ব্যবহার করা যাবে। <a href="${link}">পাসওয়ার্ড রিসেট করুন</a></p>
<p>আপনি পাসওয়ার্ড রিসেটের অনুরোধ না করে থাকলে এই ই-মেইলটি উপেক্ষা করুন; আপনার পাসওয়ার্ড অপরিবর্তিত থাকবে।</p></div>
</body></html>`;

  return { to: input.to, subject: 'Password reset code / পাসওয়ার্ড রিসেট কোড', text, html };
}

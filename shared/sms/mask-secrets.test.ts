// maskSecrets on the one-time-code texts the wallets send from their transaction sender ids (decision 148): no
// code may survive it; other numbers of a message stay as written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets } from './mask-secrets.js';
import { parseSms } from './parse-sms.js';
import { WALLET_FROM } from './sms-test-fixtures.js';
import type { SmsAccount } from './sms-template.js';

/** A run of 4-8 digits, ASCII or Bengali, as maskSecrets looks for it. */
const CODE = /(?<![0-9০-৯])[0-9০-৯]{4,8}(?![0-9০-৯])/u;

const OTP_TEXTS: { account: SmsAccount; text: string; code: string }[] = [
  { account: 'bkash', text: 'Your bKash verification code is 956586. Expires in 2 minutes.', code: '956586' },
  { account: 'bkash', text: 'আপনার বিকাশ ভেরিফিকেশন কোড ৪৭১৯২৩। কোডটি কাউকে দেবেন না।', code: '৪৭১৯২৩' },
  {
    account: 'nagad',
    text: 'Your One Time Password (OTP) for Nagad ECOM is 482913. Validity for OTP is 10 minutes. Helpline 16167.',
    code: '482913',
  },
  {
    account: 'nagad',
    text: 'Never Share Any Code.\nDevice registration request.\nUsername:01700000009\nOTP/Code: 381205\nExpiry time:09:51:32\nUID: AB12CD34EF5',
    code: '381205',
  },
  { account: 'nagad', text: 'Your Nagad OTP is 4821. Do not share it with anyone.', code: '4821' },
  {
    account: 'rocket',
    text: 'Dear Customer, 671016 is your OTP for e-com transaction of Debit Card no# 4840****7242 which will be valid for 5 minutes.',
    code: '671016',
  },
  // Invented: an eight-digit code after two secret words.
  { account: 'rocket', text: 'Your Rocket PIN reset code: 20931745', code: '20931745' },
];

describe('maskSecrets', () => {
  it.each(OTP_TEXTS)(
    'When the $account code text "$text" is masked, then no code is left and the parser says otp',
    ({ account, text, code }) => {
      const masked = maskSecrets(text);
      expect(masked).not.toContain(code);
      // The masked card number of the Rocket text ("4840****7242") is no code and stays.
      expect(masked.replace('4840****7242', '')).not.toMatch(CODE);
      expect(masked).toContain(MASK.repeat(code.length));
      expect(parseSms({ account, from: WALLET_FROM[account], text })).toEqual({
        kind: 'ignored',
        reason: 'otp',
        movement: null,
      });
    },
  );

  it('When a text keeps everything but the code, then the rest reads as before', () => {
    expect(maskSecrets('Your bKash verification code is 956586. Expires in 2 minutes.')).toBe(
      'Your bKash verification code is ••••••. Expires in 2 minutes.',
    );
    expect(maskSecrets('Dear Customer, 671016 is your OTP')).toBe('Dear Customer, •••••• is your OTP');
    expect(maskSecrets('কোড: ১২৩৪')).toBe('কোড: ••••');
  });

  it('When digits are far from any secret word, shorter than 4 or longer than 8, then they stay', () => {
    const notice = 'Your bKash account balance is Tk 1,234.56 as of 26/11/2026 10:15. Call 16247 for help.';
    expect(maskSecrets(notice)).toBe(notice);
    expect(maskSecrets('Your code is 123 and your account 017123456789')).toBe(
      'Your code is 123 and your account 017123456789',
    );
    const far = 'Never share your PIN with anyone who calls you or texts you asking for it, even from 16247.';
    expect(maskSecrets(far)).toBe(far);
  });

  it('When a code and its word are any number of spaces, lines or punctuation apart but within five words, then it is masked', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'OTP',
          'otp',
          'PIN',
          'Code',
          'code',
          'verification',
          'passcode',
          'Password',
          'কোড',
          'ওটিপি',
          'পিন',
        ),
        fc.array(fc.stringMatching(/^[A-Za-z]{1,8}$/), { maxLength: 5 }),
        fc.stringMatching(/^[0-9]{4,8}$/),
        fc.constantFrom(' ', '\n', ': ', ' - ', '  '),
        fc.boolean(),
        fc.boolean(),
        (word, between, code, gap, codeFirst, bengali) => {
          const written = bengali ? code.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d))) : code;
          const middle = between.length > 0 ? `${gap}${between.join(' ')}${gap}` : gap;
          const text = codeFirst
            ? `Dear customer, ${written}${middle}${word} valid 5 minutes.`
            : `Your ${word}${middle}${written}. Valid 5 minutes.`;
          const masked = maskSecrets(text);
          expect(masked).not.toMatch(CODE);
          expect(masked.length).toBe(text.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('When a 2,000-character text is full of secret words and numbers, then every code is masked', () => {
    expect(maskSecrets('code 1234 '.repeat(200))).toBe('code •••• '.repeat(200));
  });
});

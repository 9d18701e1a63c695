// First-start data: the four products, the three payment methods and an admin (product.md §1.2, §6).
import crypto from 'node:crypto';
import type { Prisma } from './database.js';
import { hashPassword } from '../security/passwords.js';

const SEED_LOCK = 727_274_002;

type PmSeed = { account: string; rate: string; min: string; max: string };
const bdtTopup: PmSeed[] = ['bkash', 'nagad', 'rocket'].map((account) => ({
  account,
  rate: '1.0000',
  min: '100.00',
  max: '25000.00',
}));
const usdTopup: PmSeed[] = ['bkash', 'nagad', 'rocket'].map((account) => ({
  account,
  rate: '125.0000',
  min: '5.00',
  max: '500.00',
}));
const bdtWithdraw: PmSeed[] = ['bkash', 'nagad', 'rocket'].map((account) => ({
  account,
  rate: '0.9800',
  min: '500.00',
  max: '25000.00',
}));
const usdWithdraw: PmSeed[] = ['bkash', 'nagad', 'rocket'].map((account) => ({
  account,
  rate: '120.0000',
  min: '5.00',
  max: '200.00',
}));

export const SEED_PRODUCTS = [
  {
    id: '1xbet_topup_bdt',
    sort: 1,
    description: 'Add Taka to your 1xBet account in minutes, paid from your mobile wallet.',
    descriptionBn: 'মিনিটের মধ্যে আপনার 1xBet অ্যাকাউন্টে টাকা যোগ করুন, পেমেন্ট করুন মোবাইল ওয়ালেট থেকে।',
    pms: bdtTopup,
  },
  {
    id: '1xbet_topup_usd',
    sort: 2,
    description: 'Add US dollars to your 1xBet account, paid in Taka from your mobile wallet.',
    descriptionBn: 'আপনার 1xBet অ্যাকাউন্টে ডলার যোগ করুন, মোবাইল ওয়ালেট থেকে টাকায় পেমেন্ট করুন।',
    pms: usdTopup,
  },
  {
    id: '1xbet_withdraw_bdt',
    sort: 3,
    description: 'Withdraw Taka from your 1xBet account straight to your mobile wallet.',
    descriptionBn: 'আপনার 1xBet অ্যাকাউন্ট থেকে টাকা সরাসরি মোবাইল ওয়ালেটে উইথড্র করুন।',
    pms: bdtWithdraw,
  },
  {
    id: '1xbet_withdraw_usd',
    sort: 4,
    description: 'Withdraw US dollars from your 1xBet account, paid out in Taka to your wallet.',
    descriptionBn: 'আপনার 1xBet অ্যাকাউন্ট থেকে ডলার উইথড্র করুন, টাকায় পাবেন আপনার ওয়ালেটে।',
    pms: usdWithdraw,
  },
];

export const SEED_PAYMENT_METHODS = [
  {
    account: 'bkash',
    sort: 1,
    wallet: '01700000001',
    note: 'Send Money to this personal bKash number.',
    noteBn: 'এই পার্সোনাল বিকাশ নম্বরে সেন্ড মানি করুন।',
  },
  {
    account: 'nagad',
    sort: 2,
    wallet: '01800000002',
    note: 'Send Money to this personal Nagad number.',
    noteBn: 'এই পার্সোনাল নগদ নম্বরে সেন্ড মানি করুন।',
  },
  {
    account: 'rocket',
    sort: 3,
    wallet: '019000000033',
    note: 'Send Money to this personal Rocket number.',
    noteBn: 'এই পার্সোনাল রকেট নম্বরে সেন্ড মানি করুন।',
  },
];

export interface SeedResult {
  createdAdmin?: { email: string; password?: string };
}

/** Idempotent; several instances may run it at once (an advisory lock serialises them). */
export async function seedDatabase(
  prisma: Prisma,
  opts: { adminEmail?: string; adminPassword?: string },
): Promise<SeedResult> {
  const generatedPassword = opts.adminPassword ? undefined : crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(opts.adminPassword ?? generatedPassword!);
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
      for (const p of SEED_PRODUCTS) {
        const exists = await tx.product.findUnique({ where: { id: p.id } });
        if (exists) continue;
        await tx.product.create({
          data: {
            id: p.id,
            sort: p.sort,
            description: p.description,
            descriptionBn: p.descriptionBn,
            pms: { create: p.pms },
          },
        });
      }
      await tx.paymentMethod.createMany({ data: SEED_PAYMENT_METHODS, skipDuplicates: true });
      // Each method's wallet is its first number (the fleet, decision 193).
      await tx.$executeRaw`
        INSERT INTO payment_numbers (account, wallet) SELECT account, wallet FROM payment_methods pm
        WHERE NOT EXISTS (SELECT 1 FROM payment_numbers n WHERE n.account = pm.account) ORDER BY sort, account`;
      await tx.setting.createMany({ data: [{ key: 'adminOnline', value: 'auto' }], skipDuplicates: true });

      const admins = await tx.user.count({ where: { role: 'admin' } });
      if (admins > 0) return {};
      const email = (opts.adminEmail ?? 'admin@shop.local').toLowerCase();
      const existing = await tx.user.findUnique({ where: { email } });
      if (existing) {
        // The configured admin e-mail belongs to an account already: promote it, keep its password.
        await tx.user.update({ where: { email }, data: { role: 'admin', tokenVersion: { increment: 1 } } });
        return { createdAdmin: { email } };
      }
      await tx.user.create({
        data: { id: crypto.randomBytes(12).toString('base64url'), name: 'Admin', email, passwordHash, role: 'admin' },
      });
      return { createdAdmin: { email, password: generatedPassword } };
    },
    { timeout: 30_000 },
  );
}

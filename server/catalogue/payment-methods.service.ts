// The shop's receiving wallets: the admin's list and edit (product.md §6.2 /pms).
import type { PaymentMethodDto } from '#shared/api-types';
import type { Wallet } from '#shared/constants';
import type { PaymentMethodPatch } from '#shared/schemas';
import type { NumberInput, NumberPatch, PaymentNumberDto } from '#shared/wallet-fleet';
import { toMoneyNumber } from '#shared/money';
import type { AuditRecorder } from '../audit/index.js';
import type { UserRecord } from '../security/user-record.js';
import type { Publisher } from '../event-bus.js';
import type { CatalogueEvents } from './products.service.js';
import type { PaymentMethodRecord, PaymentMethodsRepository } from './payment-methods.repository.js';
import type {
  PaymentNumberRecord,
  PaymentNumbersRepository,
  PaymentNumberWrite,
} from './payment-numbers.repository.js';
import { isUniqueViolation } from '../db/errors.js';
import { catalogueErrors } from './catalogue-errors.js';

const toDto = (pm: PaymentMethodRecord): PaymentMethodDto => ({
  account: pm.account as Wallet,
  wallet: pm.wallet,
  note: pm.note,
  note_bn: pm.noteBn,
  available: pm.available,
  daily_count_limit: pm.dailyCountLimit,
  daily_amount_limit: pm.dailyAmountLimit === null ? null : toMoneyNumber(pm.dailyAmountLimit),
  hours: pm.hours,
});

/** Today's top-ups per method (the orders domain counts them; the composition root hands the lookup in). */
export type TopupUsageToday = () => Promise<Map<string, { count: number; amount: string }>>;

/** Today's and this month's counters of these numbers (the orders domain keeps them, decision 194). */
export type NumberUsageNow = (
  ids: number[],
) => Promise<Map<number, { today: { count: number; amount: string }; month: { count: number; amount: string } }>>;

/**
 * A staff member's proof for a sensitive step (decision 280): their current two-factor code when they have
 * two-factor (the accounts domain checks it; the composition root hands it in).
 */
export type ConfirmSensitiveStep = (staff: UserRecord, otp: string | undefined) => Promise<void>;

/**
 * A receiving wallet is set or changed only when typed twice, the same, and proven by the staff member's code
 * (decision 280): one typo would send every customer's money to a stranger.
 */
async function confirmWalletChange(
  confirmStep: ConfirmSensitiveStep,
  staff: UserRecord,
  wallet: string,
  confirm: string | undefined,
  otp: string | undefined,
) {
  if (confirm !== wallet) throw catalogueErrors.walletConfirmMismatch();
  await confirmStep(staff, otp);
}

const money = (v: string | null) => (v === null ? null : toMoneyNumber(v));
const NONE = { count: 0, amount: '0' };
const audited = (n: PaymentNumberRecord) => ({ ...n });

export function createPaymentMethodsService(
  pms: PaymentMethodsRepository,
  audit: AuditRecorder,
  usageToday: TopupUsageToday,
  events: Publisher<CatalogueEvents>,
  fleet: { numbers: PaymentNumbersRepository; usageNow: NumberUsageNow },
  confirmStep: ConfirmSensitiveStep,
) {
  const { numbers } = fleet;
  async function numberDtos(list: PaymentNumberRecord[]): Promise<PaymentNumberDto[]> {
    const usage = await fleet.usageNow(list.map((n) => n.id));
    return list.map((n) => {
      const u = usage.get(n.id) ?? { today: NONE, month: NONE };
      return {
        id: n.id,
        wallet: n.wallet,
        label: n.label,
        active: n.active,
        daily_count_limit: n.dailyCountLimit,
        daily_amount_limit: money(n.dailyAmountLimit),
        monthly_amount_limit: money(n.monthlyAmountLimit),
        today: { count: u.today.count, amount: toMoneyNumber(u.today.amount) },
        month: { count: u.month.count, amount: toMoneyNumber(u.month.amount) },
      };
    });
  }
  async function methodOrThrow(account: Wallet): Promise<PaymentMethodRecord> {
    const pm = await pms.findByAccount(account);
    if (!pm) throw catalogueErrors.pmNotFound();
    return pm;
  }

  return {
    /** GET /pms/{account}/numbers: the method's numbers, first first, with today's and this month's figures. */
    async listNumbers(account: Wallet): Promise<PaymentNumberDto[]> {
      await methodOrThrow(account);
      return numberDtos(await numbers.list(account));
    },
    async addNumber(admin: UserRecord, account: Wallet, input: NumberInput, otp?: string): Promise<PaymentNumberDto> {
      await methodOrThrow(account);
      await confirmWalletChange(confirmStep, admin, input.wallet, input.confirm_wallet, otp);
      const made = await numbers.add(
        account,
        {
          wallet: input.wallet,
          label: input.label,
          dailyCountLimit: input.daily_count_limit,
          dailyAmountLimit: input.daily_amount_limit,
          monthlyAmountLimit: input.monthly_amount_limit,
        },
        (tx, _before, after) =>
          audit(tx, {
            actorId: admin.id,
            action: 'pm.number_add',
            targetType: 'pm',
            targetId: account,
            before: null,
            after: audited(after),
          }),
      );
      if (made === 'exists') throw catalogueErrors.numberExists();
      await events.publish('catalogue.changed', { account });
      return (await numberDtos([made]))[0];
    },
    /** Pause (`active: false`), resume or edit a number; a paused number receives no new order. */
    async editNumber(
      admin: UserRecord,
      account: Wallet,
      id: number,
      patch: NumberPatch,
      otp?: string,
    ): Promise<PaymentNumberDto> {
      await methodOrThrow(account);
      const current = patch.wallet === undefined ? null : await numbers.find(account, id);
      const walletChanges = current !== null && current.wallet !== patch.wallet;
      if (walletChanges) await confirmWalletChange(confirmStep, admin, patch.wallet!, patch.confirm_wallet, otp);
      const write: PaymentNumberWrite = {
        ...(patch.active !== undefined ? { active: patch.active } : {}),
        ...(patch.wallet !== undefined ? { wallet: patch.wallet } : {}),
        ...(patch.label !== undefined ? { label: patch.label } : {}),
        ...(patch.daily_count_limit !== undefined ? { dailyCountLimit: patch.daily_count_limit } : {}),
        ...(patch.daily_amount_limit !== undefined ? { dailyAmountLimit: patch.daily_amount_limit } : {}),
        ...(patch.monthly_amount_limit !== undefined ? { monthlyAmountLimit: patch.monthly_amount_limit } : {}),
      };
      const saved = await numbers.update(account, id, write, async (tx, before, after) => {
        // Another admin's change since the read above made this save a change of the wallet it did not confirm.
        if (before && before.wallet !== after.wallet && !walletChanges) throw catalogueErrors.walletConfirmMismatch();
        await audit(tx, {
          actorId: admin.id,
          action: 'pm.number_edit',
          targetType: 'pm',
          targetId: account,
          before: before ? audited(before) : null,
          after: audited(after),
        });
      });
      if (saved === null) throw catalogueErrors.numberNotFound();
      if (saved === 'exists') throw catalogueErrors.numberExists();
      await events.publish('catalogue.changed', { account });
      return (await numberDtos([saved]))[0];
    },

    async listPaymentMethods(): Promise<PaymentMethodDto[]> {
      const [all, usage] = await Promise.all([pms.findAll(), usageToday()]);
      return all.map((pm) => {
        const today = usage.get(pm.account) ?? { count: 0, amount: '0' };
        return { ...toDto(pm), today: { count: today.count, amount: toMoneyNumber(today.amount) } };
      });
    },
    /** Creates the method when it was never saved (the admin page adds missing accounts this way). */
    async savePaymentMethod(
      admin: UserRecord,
      account: Wallet,
      patch: PaymentMethodPatch,
      otp?: string,
    ): Promise<PaymentMethodDto> {
      const { daily_count_limit, daily_amount_limit, hours, confirm_wallet, note_bn, ...terms } = patch;
      const current = await pms.findByAccount(account);
      const walletChanges = current?.wallet !== patch.wallet;
      if (walletChanges) await confirmWalletChange(confirmStep, admin, patch.wallet, confirm_wallet, otp);
      const write = {
        account,
        ...terms,
        ...(note_bn !== undefined ? { noteBn: note_bn } : {}),
        ...(daily_count_limit !== undefined ? { dailyCountLimit: daily_count_limit } : {}),
        ...(daily_amount_limit !== undefined ? { dailyAmountLimit: daily_amount_limit } : {}),
        ...(hours !== undefined ? { hours } : {}),
      };
      const saved = await pms
        .save(write, async (tx, before, after) => {
          if (before?.wallet !== after.wallet && !walletChanges) throw catalogueErrors.walletConfirmMismatch();
          await audit(tx, {
            actorId: admin.id,
            action: 'pm.edit',
            targetType: 'pm',
            targetId: account,
            before: before ? { ...before } : null,
            after: { ...after },
          });
        })
        // The method's wallet is its first number: another of its numbers has it already.
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? catalogueErrors.numberExists() : error;
        });
      await events.publish('catalogue.changed', { account });
      return toDto(saved);
    },
  };
}
export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;

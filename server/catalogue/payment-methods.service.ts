// The shop's receiving wallets: the admin's list and edit (spec §7 /pms).
import type { PaymentMethodDto } from '#shared/api-types';
import type { Wallet } from '#shared/constants';
import type { PaymentMethodPatch } from '#shared/schemas';
import { toMoneyNumber } from '#shared/money';
import type { AuditRecorder } from '../audit/index.js';
import type { Publisher } from '../event-bus.js';
import type { CatalogueEvents } from './products.service.js';
import type { PaymentMethodRecord, PaymentMethodsRepository } from './payment-methods.repository.js';

const toDto = (pm: PaymentMethodRecord): PaymentMethodDto => ({
  account: pm.account as Wallet,
  wallet: pm.wallet,
  note: pm.note,
  available: pm.available,
  daily_count_limit: pm.dailyCountLimit,
  daily_amount_limit: pm.dailyAmountLimit === null ? null : toMoneyNumber(pm.dailyAmountLimit),
  hours: pm.hours,
});

/** Today's top-ups per method (the orders domain counts them; the composition root hands the lookup in). */
export type TopupUsageToday = () => Promise<Map<string, { count: number; amount: string }>>;

export function createPaymentMethodsService(pms: PaymentMethodsRepository, audit: AuditRecorder, usageToday: TopupUsageToday, events: Publisher<CatalogueEvents>) {
  return {
    async listPaymentMethods(): Promise<PaymentMethodDto[]> {
      const [all, usage] = await Promise.all([pms.findAll(), usageToday()]);
      return all.map((pm) => {
        const today = usage.get(pm.account) ?? { count: 0, amount: '0' };
        return { ...toDto(pm), today: { count: today.count, amount: toMoneyNumber(today.amount) } };
      });
    },
    /** Creates the method when it was never saved (the admin page adds missing accounts this way). */
    async savePaymentMethod(admin: { id: string }, account: Wallet, patch: PaymentMethodPatch): Promise<PaymentMethodDto> {
      const { daily_count_limit, daily_amount_limit, hours, ...terms } = patch;
      const write = {
        account,
        ...terms,
        ...(daily_count_limit !== undefined ? { dailyCountLimit: daily_count_limit } : {}),
        ...(daily_amount_limit !== undefined ? { dailyAmountLimit: daily_amount_limit } : {}),
        ...(hours !== undefined ? { hours } : {}),
      };
      const saved = await pms.save(write, (tx, before, after) =>
        audit(tx, { actorId: admin.id, action: 'pm.edit', targetType: 'pm', targetId: account, before: before ? { ...before } : null, after: { ...after } }),
      );
      await events.publish('catalogue.changed', { account });
      return toDto(saved);
    },
  };
}
export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;

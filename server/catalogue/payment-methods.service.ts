// The shop's receiving wallets: the admin's list and edit (spec §7 /pms).
import type { PaymentMethodDto } from '#shared/api-types';
import type { Wallet } from '#shared/constants';
import type { PaymentMethodPatch } from '#shared/schemas';
import type { AuditRecorder } from '../audit/index.js';
import type { PaymentMethodRecord, PaymentMethodsRepository } from './payment-methods.repository.js';

const toDto = (pm: PaymentMethodRecord): PaymentMethodDto => ({ ...pm, account: pm.account as Wallet });

export function createPaymentMethodsService(pms: PaymentMethodsRepository, audit: AuditRecorder) {
  return {
    async listPaymentMethods(): Promise<PaymentMethodDto[]> {
      return (await pms.findAll()).map(toDto);
    },
    /** Creates the method when it was never saved (the admin page adds missing accounts this way). */
    async savePaymentMethod(admin: { id: string }, account: Wallet, patch: PaymentMethodPatch): Promise<PaymentMethodDto> {
      const saved = await pms.save({ account, ...patch }, (tx, before, after) =>
        audit(tx, { actorId: admin.id, action: 'pm.edit', targetType: 'pm', targetId: account, before: before ? { ...before } : null, after: { ...after } }),
      );
      return toDto(saved);
    },
  };
}
export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;

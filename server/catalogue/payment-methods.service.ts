// The shop's receiving wallets: the admin's list and edit (spec §7 /pms).
import type { PaymentMethodDto } from '#shared/api-types';
import type { Wallet } from '#shared/constants';
import type { PaymentMethodPatch } from '#shared/schemas';
import type { PaymentMethodRecord, PaymentMethodsRepository } from './payment-methods.repository.js';

const toDto = (pm: PaymentMethodRecord): PaymentMethodDto => ({ ...pm, account: pm.account as Wallet });

export function createPaymentMethodsService(pms: PaymentMethodsRepository) {
  return {
    async listPaymentMethods(): Promise<PaymentMethodDto[]> {
      return (await pms.findAll()).map(toDto);
    },
    /** Creates the method when it was never saved (the admin page adds missing accounts this way). */
    async savePaymentMethod(account: Wallet, patch: PaymentMethodPatch): Promise<PaymentMethodDto> {
      return toDto(await pms.save({ account, ...patch }));
    },
  };
}
export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;

// Calls of the cash desks: the desks per currency, connecting, changing, disconnecting, their operations.
import type { CashdeskCurrency, CashdeskDto } from '#shared/cashdesk';
import type { DeskOperationDto } from '#shared/fulfilment';
import { api, okOrThrow } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';
import { queryOptions } from '../../../lib/query';

/** Query keys of the cash desks (decision 180): a desk's alert push refreshes everything under `all`. */
export const cashdeskKeys = {
  all: ['cashdesk'] as const,
  desks: () => [...cashdeskKeys.all, 'desks'] as const,
  operations: (currency: CashdeskCurrency, page: number) =>
    [...cashdeskKeys.all, 'operations', currency, page] as const,
};

export interface CashdeskConnectInput {
  cashdesk_id: string;
  login: string;
  cashier_pass?: string;
  hash?: string;
  lng?: string;
  balance_variant?: 'cashierpass' | 'cashdeskid';
  currency_id?: number | null;
  topup_auto?: boolean;
  withdraw_auto?: boolean;
  auto_max?: number | null;
}

export const listCashdesks = () => api.get<{ cashdesks: CashdeskDto[] }>('/cashdesks');
/** The desks (one query for the cash desk page and the staff's desk alerts). */
export const cashdesksQuery = () =>
  queryOptions({ queryKey: cashdeskKeys.desks(), queryFn: () => okOrThrow(listCashdesks()) });
export async function connectCashdesk(currency: CashdeskCurrency, cashdesk: CashdeskConnectInput) {
  const captcha = await getCaptcha();
  return api.put<{ cashdesk: CashdeskDto }>(`/cashdesks/${currency}`, { captcha, cashdesk });
}
export async function changeCashdesk(
  currency: CashdeskCurrency,
  cashdesk: { topup_auto?: boolean; withdraw_auto?: boolean; auto_max?: number | null; paused?: boolean },
) {
  const captcha = await getCaptcha();
  return api.patch<{ cashdesk: CashdeskDto }>(`/cashdesks/${currency}`, { captcha, cashdesk });
}
export async function disconnectCashdesk(currency: CashdeskCurrency) {
  const captcha = await getCaptcha();
  return api.delete<object>(`/cashdesks/${currency}`, { captcha });
}
/** The engine's list (deposits, payouts, drift); a shop without it answers 404, shown as no operations. */
export const listOperations = (currency: CashdeskCurrency, page: number) =>
  api.get<{ operations: DeskOperationDto[]; page: number; pages: number }>(`/cashdesks/${currency}/operations`, {
    page,
  });
export const operationsQuery = (currency: CashdeskCurrency, page: number) =>
  queryOptions({
    queryKey: cashdeskKeys.operations(currency, page),
    queryFn: async () => {
      const answer = await listOperations(currency, page);
      return answer.ok
        ? { operations: answer.operations, pages: answer.pages }
        : { operations: [] as DeskOperationDto[], pages: 0 };
    },
  });

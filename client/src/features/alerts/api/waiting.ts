// What waits for the shop (decision 119): the count in the admin's tab title and favicon, and the bell's
// list (queued orders, held payments among them, open tickets, ledger gaps). One query, kept fresh by the pushes.
import type { WaitingItemsDto } from '#shared/admin-alerts';
import { api, okOrThrow } from '../../../lib/api';
import { queryOptions, useQuery } from '../../../lib/query';

/** Query keys of the alerts feature (decision 180). */
export const alertKeys = {
  all: ['alerts'] as const,
  waiting: () => [...alertKeys.all, 'waiting'] as const,
};

export const getWaitingItems = () => api.get<{ waiting: WaitingItemsDto }>('/admin/waiting');
export const waitingQuery = () =>
  queryOptions({ queryKey: alertKeys.waiting(), queryFn: async () => (await okOrThrow(getWaitingItems())).waiting });

/** What waits now; null until the first answer. */
export function useWaitingItems(): WaitingItemsDto | null {
  return useQuery(waitingQuery()).data ?? null;
}

/** Everything the bell counts: the queue's orders (held payments are among them), the tickets and the ledger gaps. */
export const waitingTotal = (waiting: WaitingItemsDto | null): number =>
  waiting ? waiting.orders + waiting.tickets + waiting.gaps : 0;

import { useCallback, useEffect, useState } from 'react';
import type { PublicOrderDto } from '#shared/api-types';
import { showError } from '../../../lib/notify';
import { queryClient, refreshQueries, updateQueries, useQuery } from '../../../lib/query';
import { useOrderWatch, useSocketEvent } from '../../../lib/socket';
import { orderKeys, orderQuery } from '../api/orders-api';

export type OrderLoad = { state: 'loading' } | { state: 'ready'; order: PublicOrderDto } | { state: 'failed' };

/**
 * One order, kept live: its room is watched and `order:updated` replaces the cached order. A failed re-fetch keeps
 * the order shown (with a toast); only a first load that fails shows the error.
 */
export function useLiveOrder(id: string) {
  const query = useQuery(orderQuery(id));
  const failed = query.isError;
  useEffect(() => {
    if (failed) showError(null, 'errors.orderLoad');
  }, [failed, query.errorUpdatedAt]);

  useOrderWatch(id);
  useSocketEvent('order:updated', (order) => {
    if (order.id === id) void replaceOrder(order);
  });

  const load: OrderLoad = query.data
    ? { state: 'ready', order: query.data }
    : failed
      ? { state: 'failed' }
      : { state: 'loading' };
  const refetch = useCallback(() => refreshQueries(orderKeys.detail(id)), [id]);
  return { load, refetch, replace: replaceOrder };
}

/** An order from a command's answer or a push onto its cached entry (a fetch still out is dropped and redone). */
function replaceOrder(order: PublicOrderDto): Promise<void> {
  return updateQueries<PublicOrderDto>(orderKeys.detail(order.id), () => order).then(() => {
    // No cached entry yet (the first load still out was dropped): the push is the order.
    if (queryClient.getQueryData(orderKeys.detail(order.id)) === undefined)
      queryClient.setQueryData(orderKeys.detail(order.id), order);
  });
}

/** Seconds until `unixSeconds`, refreshed every second (never negative). */
export function useSecondsLeft(unixSeconds: number | null): number {
  const compute = useCallback(
    () => (unixSeconds === null ? 0 : Math.max(0, Math.floor(unixSeconds - Date.now() / 1000))),
    [unixSeconds],
  );
  const [left, setLeft] = useState(compute);
  useEffect(() => {
    setLeft(compute());
    if (unixSeconds === null) return;
    const timer = window.setInterval(() => setLeft(compute()), 1000);
    return () => window.clearInterval(timer);
  }, [compute, unixSeconds]);
  return left;
}

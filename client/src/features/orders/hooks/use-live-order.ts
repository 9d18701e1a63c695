import { useCallback, useEffect, useState } from 'react';
import type { PublicOrderDto } from '#shared/api-types';
import { showError } from '../../../lib/notify';
import { useOnReconnect, useOrderWatch, useSocketEvent } from '../../../lib/socket';
import { getOrder } from '../api/orders-api';

export type OrderLoad = { state: 'loading' } | { state: 'ready'; order: PublicOrderDto } | { state: 'failed' };

/** One order, kept live: its room is watched, `order:updated` replaces it, a reconnect re-fetches. */
export function useLiveOrder(id: string) {
  const [load, setLoad] = useState<OrderLoad>({ state: 'loading' });

  const refetch = useCallback(async () => {
    const answer = await getOrder(id);
    if (answer.ok && answer.order) setLoad({ state: 'ready', order: answer.order });
    else {
      setLoad((current) => (current.state === 'ready' ? current : { state: 'failed' }));
      showError(null, 'errors.orderLoad');
    }
  }, [id]);

  useEffect(() => {
    setLoad({ state: 'loading' });
    void refetch();
  }, [refetch]);

  useOrderWatch(id);
  useSocketEvent('order:updated', (order) => {
    if (order.id === id) setLoad({ state: 'ready', order });
  });
  useOnReconnect(() => void refetch());

  const replace = useCallback((order: PublicOrderDto) => setLoad({ state: 'ready', order }), []);
  return { load, refetch, replace };
}

/** Seconds until `unixSeconds`, refreshed every second (never negative). */
export function useSecondsLeft(unixSeconds: number | null): number {
  const compute = useCallback(() => (unixSeconds === null ? 0 : Math.max(0, Math.floor(unixSeconds - Date.now() / 1000))), [unixSeconds]);
  const [left, setLeft] = useState(compute);
  useEffect(() => {
    setLeft(compute());
    if (unixSeconds === null) return;
    const timer = window.setInterval(() => setLeft(compute()), 1000);
    return () => window.clearInterval(timer);
  }, [compute, unixSeconds]);
  return left;
}

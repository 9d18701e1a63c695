// The home page's parts that show /home's answer (decision 180): a chunk of its own that brings the query layer,
// fetched while GET /home is under way; the page paints their placeholders until it is there.
import { Skeleton } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useEffect, useRef, useState } from 'react';
import type { HomeOrderDto } from '#shared/api-types';
import { TIMERS } from '#shared/constants';
import { lazyComponent } from '../../../lib/lazy';
import { updateQueries, useErrorToast, useQuery } from '../../../lib/query';
import { adminOnlineAtom, userAtom } from '../../../lib/session';
import { useSocketEvent } from '../../../lib/socket';
import { homeKeys, type HomeAnswer } from '../api/get-home';
import { useHome } from '../api/home-query';
import { typicalWaitQuery } from '../api/typical-wait';
import { AdminOnlineBadge } from './admin-online-badge';
import { ProductsGrid } from './products-grid';

// The table (and the scroll area and table code under it) is far below the first screen: it loads beside the data.
const RecentOrdersTable = lazyComponent(async () => (await import('./recent-orders-table')).RecentOrdersTable);

/** About the table's empty state: one line of text with its padding. */
const RECENT_PLACEHOLDER_HEIGHT = 64;

/** The products (skeletons until the answer); also hands the answer's user and admin flag to the session. */
export function LiveProducts() {
  const { data, error } = useHome();
  const setUser = useSetAtom(userAtom);
  const setAdminOnline = useSetAtom(adminOnlineAtom);
  useErrorToast(error);
  useEffect(() => {
    if (!data) return;
    setAdminOnline(data.adminOnline);
    // Session restore skips '/', so this answer is what ends the user's loading state here.
    setUser(data.user);
  }, [data, setAdminOnline, setUser]);
  useSocketEvent(
    'home:orders',
    (orders: HomeOrderDto[]) => void updateQueries<HomeAnswer>(homeKeys.all, (home) => ({ ...home, orders })),
  );
  return <ProductsGrid products={data?.products ?? (error ? [] : null)} />;
}

/** The recent orders, kept live by `home:orders`. */
export function LiveRecentOrders() {
  const { data } = useHome();
  return (
    <Suspense fallback={<Skeleton h={RECENT_PLACEHOLDER_HEIGHT} radius="lg" />}>
      <RecentOrdersTable orders={data?.orders ?? []} />
    </Suspense>
  );
}

/** The admin badge with the refresh control of product.md §2.3 (shown 2 s after a load, hidden a while after a click). */
export function LiveAdminBadge() {
  const { isFetched, refetch } = useHome();
  const online = useAtomValue(adminOnlineAtom);
  const [showRefresh, setShowRefresh] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const timers = useRef<number[]>([]);
  const later = (ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms));
  };
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);
  const loaded = isFetched;
  useEffect(() => {
    if (loaded) timers.current.push(window.setTimeout(() => setShowRefresh(true), TIMERS.homeRefreshShowMs));
  }, [loaded]);

  const refresh = () => {
    setRefreshing(true);
    later(TIMERS.homeRefreshHideMs, () => setShowRefresh(false));
    void refetch().then(() => {
      setRefreshing(false);
      later(TIMERS.homeRefreshShowMs, () => setShowRefresh(true));
    });
  };
  const wait = useQuery(typicalWaitQuery());
  return (
    <AdminOnlineBadge
      online={online}
      showRefresh={showRefresh}
      refreshing={refreshing}
      onRefresh={refresh}
      minutes={wait.data?.minutes ?? null}
    />
  );
}

// The client's one query layer (decision 180): every server read is a TanStack Query
// query. Each feature's api file exports its query keys, its query options and a hook; socket pushes update the
// cached answer (`updateQueries`) or have it fetched again (`refreshQueries`). A query's answer lands under its own
// key, and an answer of a fetch that a newer one replaced is dropped, so a slow earlier answer can no longer
// overwrite a fresh one. This module is not part of the first page's JavaScript: it is imported by lazy chunks only
// (the home page's live parts, every other screen), so the hooks take the one client explicitly, without a provider.
import {
  QueryClient,
  keepPreviousData,
  useQuery as useTanstackQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TranslationKey } from '../i18n/keys';
import { showError } from './notify';
import { store, tokenAtom } from './session';
import { onReconnect } from './socket';

export { queryOptions } from '@tanstack/react-query';

/**
 * The settings every query shares: no automatic retries (an API answer is final; a network failure shows its
 * error like before) and no re-fetch on window focus (pushes and the reconnect keep data fresh).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one client. */
export const queryClient = createQueryClient();

if (typeof window !== 'undefined') {
  // Pushes may have been missed while the socket was away: every shown query is fetched again.
  onReconnect(() => void queryClient.invalidateQueries());
  // A new session (sign-in, sign-out, another account) must not see the last one's answers.
  store.sub(tokenAtom, () => void queryClient.resetQueries());
}

/** TanStack's useQuery on the app's client (no provider: see the top of this file). */
export function useQuery<Q, D = Q, K extends QueryKey = QueryKey>(options: UseQueryOptions<Q, Error, D, K>) {
  return useTanstackQuery(options, queryClient);
}

/**
 * A push said the data under `key` changed: a fetch still out (it may have read before the change) is dropped, and
 * every shown query under the key is fetched anew, so the last answer shown is one read after the change.
 */
export async function refreshQueries(key: QueryKey, client: QueryClient = queryClient): Promise<void> {
  await client.cancelQueries({ queryKey: key });
  await client.invalidateQueries({ queryKey: key });
}

/**
 * A push carries the changed data itself: `update` applies it to every cached answer under `key`. A fetch still out
 * may have read before the change, so it is dropped and started again rather than let land over the push.
 */
export async function updateQueries<A>(
  key: QueryKey,
  update: (answer: A) => A,
  client: QueryClient = queryClient,
): Promise<void> {
  const fetching = client.isFetching({ queryKey: key }) > 0;
  if (fetching) await client.cancelQueries({ queryKey: key });
  client.setQueriesData<A>({ queryKey: key }, (answer) => (answer === undefined ? answer : update(answer)));
  if (fetching) await client.invalidateQueries({ queryKey: key });
}

/**
 * A paged list: the page is state of the caller, each page is its own query (its own key), and the previous page
 * stays on screen while the next one loads. `options(page)` gives the page's query options.
 */
export function usePagedQuery<A extends { pages: number }, K extends QueryKey>(
  options: (page: number) => UseQueryOptions<A, Error, A, K>,
) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...options(page), placeholderData: keepPreviousData });
  const pages = Math.max(1, query.data?.pages ?? 1);
  return { page, setPage, pages, query };
}

/** Shows a query's failure once as a toast (pages that showed a toast rather than an inline alert). */
export function useErrorToast(error: Error | null, fallbackKey?: TranslationKey): void {
  useEffect(() => {
    if (error) showError(error, fallbackKey);
  }, [error, fallbackKey]);
}

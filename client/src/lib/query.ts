// The client's one query layer (issue 18 point 7, decision 180): every server read is a TanStack Query query.
// Each feature's api file exports its query keys, its query options and a hook; socket pushes update the cached
// answer (setQueryData) or invalidate it. A query's answer lands under its own key and an answer of a fetch that
// a newer one replaced is dropped by the library, so a slow earlier answer can no longer overwrite a fresh one.
import { QueryClient, keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TranslationKey } from '../i18n/keys';
import { showError } from './notify';

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

/** The app's client; RealtimeBridge invalidates it after a socket reconnect and resets it when the session changes. */
export const queryClient = createQueryClient();

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
export async function updateQueries<A>(key: QueryKey, update: (answer: A) => A, client: QueryClient = queryClient): Promise<void> {
  const fetching = client.isFetching({ queryKey: key }) > 0;
  if (fetching) await client.cancelQueries({ queryKey: key });
  client.setQueriesData<A>({ queryKey: key }, (answer) => (answer === undefined ? answer : update(answer)));
  if (fetching) await client.invalidateQueries({ queryKey: key });
}

/**
 * A paged list: the page is state of the caller, each page is its own query (its own key), and the previous page
 * stays on screen while the next one loads. `options(page)` gives the page's query options.
 */
export function usePagedQuery<A extends { pages: number }, K extends QueryKey>(options: (page: number) => UseQueryOptions<A, Error, A, K>) {
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

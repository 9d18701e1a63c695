// A paged list loaded from the API, refetched on page change and after a socket reconnect.
import { useCallback, useEffect, useState } from 'react';
import type { ApiAnswer } from './api';
import { showError } from './notify';
import { useOnReconnect } from './socket';

/** `load` must be stable (module-level or memoised); `select` picks the rows out of a successful answer. */
export function usePagedList<A extends { pages: number }, T>(load: (page: number) => Promise<ApiAnswer<A>>, select: (answer: A) => T[]) {
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(1);
  const [items, setItems] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(false);

  const refresh = useCallback(async () => {
    setLoading(true);
    const answer = await load(page);
    setLoading(false);
    if (!answer.ok) {
      showError(answer);
      setItems((current) => current ?? []);
      return;
    }
    setItems(select(answer));
    setPages(Math.max(1, answer.pages));
    // `select` is a pure picker; only the loader and the page decide what to fetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, page]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useOnReconnect(() => void refresh());

  return { page, setPage, pages, items, setItems, loading, refresh };
}

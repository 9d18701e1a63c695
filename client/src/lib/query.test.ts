// The query layer's promise: a slow earlier answer never overwrites a newer one.
import { QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, refreshQueries, updateQueries } from './query';

/** Answers that the test releases by hand, in the order it chooses. */
function controlledFetches<T>() {
  const pending: { resolve: (value: T) => void }[] = [];
  const fetcher = () =>
    new Promise<T>((resolve) => {
      pending.push({ resolve });
    });
  return { fetcher, pending };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('query layer', () => {
  const client = createQueryClient();
  const unsubscribes: (() => void)[] = [];
  afterEach(() => {
    unsubscribes.splice(0).forEach((stop) => stop());
    client.clear();
  });

  function watch<T>(queryKey: QueryKey, queryFn: () => Promise<T>) {
    const observer = new QueryObserver<T, Error, T, T, QueryKey>(client, { queryKey, queryFn });
    unsubscribes.push(observer.subscribe(() => undefined));
    return observer;
  }

  it('When a push asks for a refresh while the first load is still out, then the first (slow) answer arriving last does not replace the fresh one', async () => {
    const { fetcher, pending } = controlledFetches<{ rows: string[] }>();
    const observer = watch(['tickets', 'list', 1], fetcher);
    await tick();
    expect(pending).toHaveLength(1);

    void refreshQueries(['tickets'], client);
    await tick();
    expect(pending).toHaveLength(2);
    pending[1].resolve({ rows: ['fresh'] });
    await tick();
    pending[0].resolve({ rows: ['stale'] });
    await tick();

    expect(observer.getCurrentResult().data).toEqual({ rows: ['fresh'] });
  });

  it('When a push updates a row while a refetch is out, then the refetch that read before the push is dropped and the shown rows are read after it', async () => {
    let answer = 'v1';
    const { fetcher, pending } = controlledFetches<{ status: string }>();
    const observer = watch(['orders', 'own', 1], async () => {
      const read = answer;
      await fetcher();
      return { status: read };
    });
    await tick();
    pending[0].resolve({ status: '' });
    await tick();
    expect(observer.getCurrentResult().data).toEqual({ status: 'v1' });

    void observer.refetch();
    await tick();
    answer = 'v2';
    void updateQueries<{ status: string }>(['orders'], () => ({ status: 'v2' }), client);
    await tick();
    expect(pending).toHaveLength(3);
    expect(observer.getCurrentResult().data).toEqual({ status: 'v2' });
    pending[1].resolve({ status: '' });
    pending[2].resolve({ status: '' });
    await tick();

    expect(observer.getCurrentResult().data).toEqual({ status: 'v2' });
  });

  it('When the page changes while the earlier page is still loading, then the earlier page answering late does not replace the page shown', async () => {
    const answers = new Map<number, (rows: string[]) => void>();
    const pageQuery = (page: number) => ({
      queryKey: ['users', 'list', page] as QueryKey,
      queryFn: () => new Promise<string[]>((resolve) => answers.set(page, resolve)),
    });
    const observer = new QueryObserver<string[], Error, string[], string[], QueryKey>(client, pageQuery(1));
    unsubscribes.push(observer.subscribe(() => undefined));
    await tick();
    observer.setOptions(pageQuery(2));
    await tick();
    answers.get(2)?.(['page 2']);
    await tick();
    answers.get(1)?.(['page 1']);
    await tick();

    expect(observer.getCurrentResult().data).toEqual(['page 2']);
  });
});

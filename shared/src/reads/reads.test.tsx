import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type Key, SWRConfig, unstable_serialize } from 'swr';
import { apiKeys, useActiveBoard, useContest, useContestUser, useEquities } from '.';

// Each hook reads under the key apiKeys names, so a key one app refreshes (use-live-updates, a mutation's cache
// update) is the read another app shows. The cache is pre-filled under the factory's key; the hook must find it.
function withCache(key: Key, data: unknown) {
  const cache = new Map([[unstable_serialize(key), { data }]]);
  return ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => cache as never, revalidateOnMount: false, revalidateIfStale: false }}>
      {children}
    </SWRConfig>
  );
}

describe('one key and one hook per read', () => {
  const reads: [string, Key, () => { data: unknown }][] = [
    ['useContest', apiKeys.contest('c-1'), () => useContest('c-1')],
    ['useContestUser', apiKeys.contestUser('c-1'), () => useContestUser('c-1')],
    ['useActiveBoard', apiKeys.activeBoard('c-1'), () => useActiveBoard('c-1')],
    ['useEquities', apiKeys.equities, () => useEquities()],
  ];
  it.each(reads)('%s reads the key apiKeys names', (_name, key, hook) => {
    const data = { marker: unstable_serialize(key) };
    const { result } = renderHook(hook, { wrapper: withCache(key, data) });
    expect(result.current.data).toBe(data);
  });

  it('reads nothing without a contest id', () => {
    const { result } = renderHook(() => useContest(undefined), { wrapper: withCache(apiKeys.contest(''), {}) });
    expect(result.current.data).toBeUndefined();
  });
});

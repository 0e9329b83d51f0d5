import { cache } from 'swr/_internal';
import { API_PATHS } from '@bullpen/contract/paths';
import {
  forgetPersistedReads,
  lastFetchedAt,
  rememberRead,
  restorePersistedReads,
  tokenSubject,
} from './persisted-reads';

const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;
const lists = { contests: [{ _id: 'c-1', name: 'Kept' }] };

describe('persisted reads', () => {
  afterEach(() => {
    forgetPersistedReads();
    localStorage.clear();
    for (const key of [...cache.keys()]) cache.delete(key);
  });

  it('reads the subject of an ID token, and nothing of a malformed one', () => {
    expect(tokenSubject(token({ sub: 'sub-1' }))).toBe('sub-1');
    expect(tokenSubject('not-a-jwt')).toBeNull();
    expect(tokenSubject(undefined)).toBeNull();
  });

  it("keeps the home lists per user and restores them into the cache, never another user's", async () => {
    restorePersistedReads('sub-1');
    rememberRead(API_PATHS.activeContests, lists);
    rememberRead('/user/get-user', { user: 'not kept' });
    expect(Object.keys(JSON.parse(localStorage.getItem('bullpen.reads.sub-1') ?? '{}'))).toEqual([
      API_PATHS.activeContests,
    ]);

    restorePersistedReads('sub-2');
    await Promise.resolve();
    expect(cache.get(API_PATHS.activeContests)?.data).toBeUndefined();

    restorePersistedReads('sub-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.get(API_PATHS.activeContests)?.data).toEqual(lists);
  });

  it('knows when each kept read was fetched, across visits, and ignores entries kept without their time', async () => {
    const tenMinutesAgo = Date.now() - 10 * 60_000;
    restorePersistedReads('sub-1');
    rememberRead(API_PATHS.completedContests, lists, tenMinutesAgo);
    expect(lastFetchedAt(API_PATHS.completedContests)).toBe(tenMinutesAgo);
    forgetPersistedReads();
    expect(lastFetchedAt(API_PATHS.completedContests)).toBeNull();

    localStorage.setItem(
      'bullpen.reads.sub-1',
      JSON.stringify({
        [API_PATHS.completedContests]: { data: lists, savedAt: tenMinutesAgo },
        [API_PATHS.activeContests]: lists,
      }),
    );
    restorePersistedReads('sub-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lastFetchedAt(API_PATHS.completedContests)).toBe(tenMinutesAgo);
    expect(cache.get(API_PATHS.completedContests)?.data).toEqual(lists);
    expect(lastFetchedAt(API_PATHS.activeContests)).toBeNull();
    expect(cache.get(API_PATHS.activeContests)?.data).toBeUndefined();
  });

  it('forgets every kept read on sign-out', () => {
    restorePersistedReads('sub-1');
    rememberRead(API_PATHS.upcomingContests, lists);
    forgetPersistedReads();
    expect(localStorage.getItem('bullpen.reads.sub-1')).toBeNull();
    rememberRead(API_PATHS.upcomingContests, lists);
    expect(localStorage.length).toBe(0);
  });
});

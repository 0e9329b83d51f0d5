import { API_PATHS } from '@bullpen/contract/paths';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { preload, SWRConfig } from 'swr';
import { setRuntimeConfig } from '../config/runtime-config';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import {
  CURRENT_USER_KEY,
  defaultSwrConfig,
  fetcher,
  invalidate,
  MAX_RETRY_INTERVAL_MS,
  preloadApiRead,
  useApiGet,
  useApiPost,
  useCurrentUser,
} from './swr';

jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: jest.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token' } } })),
}));

const API = 'http://api.test';
const server = setupServer();
const calls: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls.length = 0;
  setRuntimeConfig({
    apiHost: API,
    auth: { region: 'us-east-1', userPoolId: 'us-east-1_Test', userPoolClientId: 'client' },
    remotes: { auth: '', contests: '', trading: '', profile: '' },
  });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// A fresh cache per test, like a fresh page.
const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ ...defaultSwrConfig, provider: () => new Map() }}>{children}</SWRConfig>
);

describe('key convention', () => {
  it('fetches a GET read by its path and a POST read by [path, body]', async () => {
    server.use(
      http.get(`${API}/contest/upcoming`, () => HttpResponse.json({ contests: ['u'] })),
      http.post(`${API}/contest/get-contest`, async ({ request }) =>
        HttpResponse.json({ asked: await request.json() }),
      ),
    );
    await expect(fetcher('/contest/upcoming')).resolves.toEqual({ contests: ['u'] });
    await expect(fetcher(['/contest/get-contest', { contestId: 'c1' }])).resolves.toEqual({
      asked: { contestId: 'c1' },
    });
  });

  it('useApiGet and useApiPost read through those keys; a null path does not fetch', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/contest/active`, () => {
        calls.push('active');
        return HttpResponse.json({ contests: [] });
      }),
      http.post(`${API}/user-profile/get-user-profile`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ userProfile: { ticker: 'ACE' } });
      }),
    );
    // SWR re-renders only for the fields a render read: read them in the hook, as a component would.
    const read = ({ data, isLoading }: { data?: unknown; isLoading: boolean }) => ({ data, isLoading });
    const get = renderHook(() => read(useApiGet('/contest/active')), { wrapper });
    const post = renderHook(() => read(useApiPost('/user-profile/get-user-profile', { userId: 'u1' })), { wrapper });
    const idle = renderHook(() => read(useApiGet(null)), { wrapper });
    await waitFor(() => expect(get.result.current.data).toEqual({ contests: [] }));
    await waitFor(() => expect(post.result.current.data).toEqual({ userProfile: { ticker: 'ACE' } }));
    expect(sent).toEqual([{ userId: 'u1' }]);
    expect(idle.result.current.data).toBeUndefined();
    expect(idle.result.current.isLoading).toBe(false);
  });
});

describe('a read started before its screen (preloadApiRead)', () => {
  it("is in SWR's cache once answered: a screen mounted later draws it in its first render, fetched once", async () => {
    let served = 0;
    server.use(
      http.get(`${API}/contest/live-public`, () => {
        served += 1;
        return HttpResponse.json({ contests: ['done'] });
      }),
    );
    preloadApiRead('/contest/live-public');
    // The same request, not a second one: SWR hands back the preload until a screen takes it.
    await act(async () => {
      await preload('/contest/live-public', fetcher);
    });
    const drawn: unknown[] = [];
    function Screen() {
      const { data } = useApiGet('/contest/live-public');
      drawn.push(data);
      return <p>{data ? data.contests.join(', ') : 'Loading'}</p>;
    }
    // SWR's own global cache, where the host's preload writes.
    render(
      <SWRConfig value={defaultSwrConfig}>
        <Screen />
      </SWRConfig>,
    );
    expect(drawn[0]).toEqual({ contests: ['done'] });
    expect(screen.getByText('done')).toBeInTheDocument();
    // Its revalidation on mount takes the preloaded answer instead of asking again.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(served).toBe(1);
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('one that failed is not handed to a screen that mounts later: the screen asks again', async () => {
    // The live page's board, preloaded during the countdown (refused) and shown after the start (served).
    let started = false;
    server.use(
      http.get(`${API}/contest/active/c-late`, () =>
        started
          ? HttpResponse.json({ standings: ['ACE'] })
          : HttpResponse.json({ errMessage: 'The contest is not live (it is upcoming)' }, { status: 409 }),
      ),
    );
    preloadApiRead('/contest/active/c-late');
    await act(async () => {
      await preload('/contest/active/c-late', fetcher).then(
        () => undefined,
        () => undefined,
      );
    });
    started = true;
    function Board() {
      const { data, error } = useApiGet(API_PATHS.activeContest('c-late'));
      if (error) return <p>{error.message}</p>;
      return <p>{data ? data.standings.join(', ') : 'Loading'}</p>;
    }
    render(
      <SWRConfig value={defaultSwrConfig}>
        <Board />
      </SWRConfig>,
    );
    expect(await screen.findByText('ACE')).toBeInTheDocument();
    expect(screen.queryByText('The contest is not live (it is upcoming)')).not.toBeInTheDocument();
  });
});

describe('the current user (SPEC §7)', () => {
  it('is read once: no retry after a failure, no refetch on focus', async () => {
    server.use(
      http.post(`${API}/user/get-user`, () => {
        calls.push('get-user');
        return HttpResponse.json({ errMessage: 'Down for maintenance' }, { status: 503 });
      }),
    );
    const { result } = renderHook(
      () => {
        const { data, error } = useCurrentUser();
        return { data, error };
      },
      {
        // An app-wide config that would retry at once and refetch on every focus: the current user must opt out.
        wrapper: ({ children }: { children: ReactNode }) => (
          <SWRConfig
            value={{
              ...defaultSwrConfig,
              provider: () => new Map(),
              focusThrottleInterval: 0,
              onErrorRetry: (_error, _key, _config, revalidate, options) => void revalidate(options),
            }}
          >
            {children}
          </SWRConfig>
        ),
      },
    );
    await waitFor(() => expect(result.current.error?.message).toBe('Down for maintenance'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toEqual(['get-user']);
    expect(CURRENT_USER_KEY).toEqual(['/user/get-user', {}]);
  });
});

describe('invalidate', () => {
  it('refetches the cached reads whose path matches, and only those', async () => {
    let upcoming = 0;
    let completed = 0;
    server.use(
      http.get(`${API}/contest/upcoming`, () => HttpResponse.json({ n: ++upcoming })),
      http.get(`${API}/contest/completed`, () => HttpResponse.json({ n: ++completed })),
    );
    function Reads() {
      // The answers here are counters, not the contract's shapes: read as what the test serves.
      const a = useApiGet('/contest/upcoming') as unknown as { data?: { n: number } };
      const b = useApiGet('/contest/completed') as unknown as { data?: { n: number } };
      return (
        <p>
          upcoming {a.data?.n ?? '-'} completed {b.data?.n ?? '-'}
        </p>
      );
    }
    // invalidate() works on SWR's global cache, the one every remote shares.
    render(
      <SWRConfig value={{ ...defaultSwrConfig, dedupingInterval: 0 }}>
        <Reads />
      </SWRConfig>,
    );
    await screen.findByText('upcoming 1 completed 1');
    await act(async () => {
      await invalidate('/contest/up');
    });
    await screen.findByText('upcoming 2 completed 1');
    await act(async () => {
      await invalidate((path) => path === '/contest/completed');
    });
    await screen.findByText('upcoming 2 completed 2');
    await act(async () => {
      await invalidate(/^\/contest\//);
    });
    await screen.findByText('upcoming 3 completed 3');
  });
});

describe('retrying failed reads', () => {
  // The policy alone, with a fake clock: which failures are tried again, and when.
  const retry = (error: unknown, retryCount: number) => {
    const revalidate = jest.fn();
    defaultSwrConfig.onErrorRetry?.(error as never, 'key', {} as never, revalidate, { retryCount, dedupe: true });
    return revalidate;
  };
  const firedAfter = (revalidate: jest.Mock) => {
    for (let ms = 0; ms <= 60_000; ms += 500) {
      jest.advanceTimersByTime(500);
      if (revalidate.mock.calls.length > 0) return ms + 500;
    }
    return null;
  };

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('never retries an answered client error (4xx)', () => {
    expect(firedAfter(retry(new ApiError({ message: 'Not yours', statusCode: 403 }), 1))).toBeNull();
  });

  it('retries a server error (5xx) three times, backing off', () => {
    const error = new ApiError({ message: 'boom', statusCode: 503 });
    expect(firedAfter(retry(error, 1))).toBe(2_000);
    expect(firedAfter(retry(error, 3))).toBe(8_000);
    expect(firedAfter(retry(error, 4))).toBeNull();
  });

  it('retries an unexpected error (not an ApiError) like a server error, not for ever', () => {
    const error = new TypeError('Cannot read properties of undefined');
    expect(firedAfter(retry(error, 1))).toBe(2_000);
    expect(firedAfter(retry(error, 4))).toBeNull();
  });

  it('keeps retrying while the API cannot be reached, at most 30 s apart', () => {
    const error = new ApiError({ message: NETWORK_ERROR_MESSAGE, unanswered: true });
    expect(firedAfter(retry(error, 1))).toBe(2_000);
    expect(firedAfter(retry(error, 4))).toBe(16_000);
    expect(firedAfter(retry(error, 40))).toBe(MAX_RETRY_INTERVAL_MS);
  });
});

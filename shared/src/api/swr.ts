import useSWR, { mutate, preload, type SWRConfiguration } from 'swr';
import { API_PATHS } from '@bullpen/contract/paths';
import type { ApiBody, ApiPath, ApiResponse } from '@bullpen/contract/api-types';
import type { UserResponse } from '@bullpen/contract';
import { ApiError } from './api-error';
import type { ApiKey } from './api-key';
import { apiPost } from './client';
import { request } from './request';
import { rememberRead } from './persisted-reads';

export type { ApiKey } from './api-key';

export function fetcher<T>(key: ApiKey): Promise<T> {
  if (typeof key !== 'string') return request<T>('POST', key[0], key[1] ?? {}, {});
  return request<T>('GET', key, undefined, {}).then((data) => {
    rememberRead(key, data);
    return data;
  });
}

/** Starts a read before the screen that shows it is even loaded (the host, once the token is known, in parallel with
 *  the route's remote): the first useSWR of the same key takes this request instead of sending its own. The answer
 *  also goes into SWR's cache as it arrives, so a screen that mounts after it draws the data in its first render
 *  rather than its loading state first and the data one render and one layout later (on a phone's CPU that second
 *  pass costs about 100 ms before /home's first contest row). Its revalidation on mount still takes this same
 *  answer, so nothing is fetched twice.
 *
 *  SWR hands a preload to the first screen of its key however late that screen mounts. A preload that failed is not
 *  handed over: that screen asks again. The live page preloads its board during a contest's countdown, which the API
 *  refuses until the start, and shows the board only after the start: it must not show that old refusal. */
export function preloadApiRead(key: ApiKey): void {
  preload(key, () => {
    const first = fetcher(key);
    let failed = false;
    first.catch(() => {
      failed = true;
    });
    let again: Promise<unknown> | null = null;
    // A thenable rather than the promise itself: SWR awaits it when a screen takes it, and that is when to decide.
    const handedOver: PromiseLike<unknown> = {
      // biome-ignore lint/suspicious/noThenProperty: SWR awaits this object; deciding at `then` is the point.
      then: (onFulfilled, onRejected) => {
        if (failed) again ??= fetcher(key);
        return (again ?? first).then(onFulfilled, onRejected);
      },
    };
    return handedOver;
  }).then(
    (data) => void mutate(key, data, { revalidate: false }),
    () => undefined,
  );
}

const MAX_SERVER_ERROR_RETRIES = 3;
/** While the API cannot be reached, reads keep trying at most this far apart, so a screen heals by itself. */
export const MAX_RETRY_INTERVAL_MS = 30_000;

/**
 * Client errors (4xx) are answers, not glitches: never retried. A server error (5xx) is retried a few times. No
 * answer at all (API down, network gone) is retried for as long as the screen is open, backing off to 30 s, so the
 * app recovers by itself when the API returns.
 */
export const defaultSwrConfig: SWRConfiguration = {
  fetcher,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    // Anything but an ApiError is a fault of the app itself: retried a few times like a 5xx, never for ever.
    const unanswered = error instanceof ApiError && error.unanswered;
    if (error instanceof ApiError && !unanswered && error.statusCode < 500) return;
    if (!unanswered && retryCount > MAX_SERVER_ERROR_RETRIES) return;
    setTimeout(() => revalidate({ retryCount }), Math.min(1_000 * 2 ** retryCount, MAX_RETRY_INTERVAL_MS));
  },
};

/** A GET read of a path of API_PATHS, typed by that path's response schema. */
export function useApiGet<Path extends ApiPath<'get'>>(
  path: Path | null,
  config?: SWRConfiguration<ApiResponse<Path, 'get'>, ApiError>,
) {
  type Data = ApiResponse<Path, 'get'>;
  return useSWR<Data, ApiError>(path, (key: string) => fetcher<Data>(key), { ...defaultSwrConfig, ...config });
}

/** A POST read of a path of API_PATHS with the body its schema takes, typed by its response schema. */
export function useApiPost<Path extends ApiPath<'post'>>(
  path: Path | null,
  body: ApiBody<Path>,
  config?: SWRConfiguration<ApiResponse<Path, 'post'>, ApiError>,
) {
  type Data = ApiResponse<Path, 'post'>;
  return useSWR<Data, ApiError>(
    path ? ([path, body] as const) : null,
    ([key, payload]: readonly [string, unknown]) => request<Data>('POST', key, payload, {}),
    { ...defaultSwrConfig, ...config },
  );
}

export const CURRENT_USER_KEY = [API_PATHS.getUser, {}] as const;

/** SPEC §7: the current-user fetch is cached without retry, never goes stale, and does not refetch on mount or focus. */
export const currentUserSwrConfig: SWRConfiguration<UserResponse, ApiError> = {
  shouldRetryOnError: false,
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
};

export function useCurrentUser(enabled = true) {
  return useSWR<UserResponse, ApiError>(
    enabled ? CURRENT_USER_KEY : null,
    () => apiPost(API_PATHS.getUser, {}),
    currentUserSwrConfig,
  );
}

export type KeyMatcher = string | RegExp | ((path: string, body: unknown) => boolean);

const keyPath = (key: unknown): [string, unknown] | null => {
  if (typeof key === 'string') return [key, undefined];
  if (Array.isArray(key) && typeof key[0] === 'string') return [key[0], key[1]];
  return null;
};

/** Revalidates every cached read whose path matches: a string matches as a path prefix. */
export function invalidate(matcher: KeyMatcher): Promise<unknown[]> {
  return mutate((key) => {
    const parsed = keyPath(key);
    if (!parsed) return false;
    const [path, body] = parsed;
    if (typeof matcher === 'string') return path.startsWith(matcher);
    if (matcher instanceof RegExp) return matcher.test(path);
    return matcher(path, body);
  });
}

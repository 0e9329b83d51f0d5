import { ApiError, apiPost, defaultSwrConfig, useApiGet } from '@bullpen/shared';
import {
  API_PATHS,
  type ContestUserResponse,
  isPendingAnswer,
  type MarketOrderResponse,
  type TradeBody,
} from '@bullpen/contract';
import { mutate } from 'swr';
import {
  apiKeys,
  useActiveBoard,
  useContestUser as useSharedContestUser,
  useEquities as useSharedEquities,
  useEquitiesOf,
} from '@bullpen/shared/reads';

/** How often screens re-read when the live stream is unavailable: one market tick. */
export const POLL_INTERVAL_MS = 5_000;

/** How often, and how many times, a board refused because the contest has not started yet is asked again. */
const NOT_STARTED_RETRY_MS = 1_000;
const NOT_STARTED_RETRIES = 60;

/** The API's answer to a board read that raced the start: the clock starts a contest on its first tick after the
 *  start time, and the page may already know of the start (its countdown, another read) by then. */
function isNotLiveYet(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 409 && /\(it is upcoming\)/.test(error.message);
}

type ErrorRetry = NonNullable<typeof defaultSwrConfig.onErrorRetry>;

/** A refusal because the contest has not started yet is a moment, not an answer: asked again until it has. */
const retryUntilStarted: ErrorRetry = (error, key, config, revalidate, options) => {
  if (!isNotLiveYet(error)) return defaultSwrConfig.onErrorRetry?.(error, key, config, revalidate, options);
  if (options.retryCount > NOT_STARTED_RETRIES) return;
  setTimeout(() => revalidate(options), NOT_STARTED_RETRY_MS);
};

// The reads of @bullpen/shared/reads, polled while the live stream is unavailable.
export function useBoard(contestId: string, enabled: boolean, polling: boolean) {
  return useActiveBoard(enabled ? contestId : undefined, {
    refreshInterval: polling ? POLL_INTERVAL_MS : 0,
    onErrorRetry: retryUntilStarted,
  });
}

export function useContestUser(contestId: string, polling: boolean) {
  return useSharedContestUser(contestId, { refreshInterval: polling ? POLL_INTERVAL_MS : 0 });
}

export function useEquities(polling: boolean) {
  return useSharedEquities({ refreshInterval: polling ? POLL_INTERVAL_MS : 0 });
}

/**
 * The default list and the symbols the screen needs beyond it (the ticket's, a position's): a symbol found by a search
 * is among every listed stock, not only the shipped table. The stream updates only the default list, so the others are
 * read again every tick.
 */
export function useTradableEquities(polling: boolean, symbols: readonly string[]) {
  return useEquitiesOf(
    symbols,
    { refreshInterval: polling ? POLL_INTERVAL_MS : 0 },
    { refreshInterval: POLL_INTERVAL_MS },
  );
}

export function usePortfolioHistory(contestId: string, enabled: boolean) {
  return useApiGet(enabled ? apiKeys.portfolioHistory(contestId) : null, {
    refreshInterval: POLL_INTERVAL_MS,
  });
}

export function useEquityHistory(symbol: string | null) {
  return useApiGet(symbol ? API_PATHS.equityHistory(symbol) : null, {
    refreshInterval: POLL_INTERVAL_MS,
  });
}

/** A market order. The key makes a retried or double-clicked order execute once (API.md). The answer holds the
 *  new portfolio: it goes straight into the caller's contest state, and the board is re-read. A 202 answer is an order
 *  that waits for its price (API.md "Market orders that wait"): no trade yet, only what it holds back. */
export async function placeOrder(body: TradeBody, idempotencyKey: string): Promise<MarketOrderResponse> {
  const response = await apiPost(API_PATHS.trading, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if (isPendingAnswer(response)) {
    const { portfolio } = response.data;
    await mutate<ContestUserResponse>(
      apiKeys.contestUser(body.contestId),
      (current) => (current ? { data: { ...current.data, portfolio } } : current),
      { revalidate: false },
    );
    return response;
  }
  const { trade, portfolio } = response.data;
  await mutate<ContestUserResponse>(
    apiKeys.contestUser(body.contestId),
    (current) =>
      current ? { data: { ...current.data, portfolio, trades: [trade, ...current.data.trades] } } : current,
    { revalidate: true },
  );
  void mutate(apiKeys.activeBoard(body.contestId));
  void mutate(apiKeys.portfolioHistory(body.contestId));
  return response;
}

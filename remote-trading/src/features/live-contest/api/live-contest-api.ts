import { apiPost, useApiGet } from '@bullpen/shared';
import {
  API_PATHS,
  type ContestUserResponse,
  type EquityHistoryResponse,
  type PortfolioHistoryResponse,
  type TradeBody,
  type TradeResponse,
} from '@bullpen/shared/schemas';
import { mutate } from 'swr';
import {
  apiKeys,
  useActiveBoard,
  useContestUser as useSharedContestUser,
  useEquities as useSharedEquities,
} from '@bullpen/shared/reads';

/** How often screens re-read when the live stream is unavailable: one market tick. */
export const POLL_INTERVAL_MS = 5_000;

// The reads of @bullpen/shared/reads, polled while the live stream is unavailable.
export function useBoard(contestId: string, enabled: boolean, polling: boolean) {
  return useActiveBoard(enabled ? contestId : undefined, { refreshInterval: polling ? POLL_INTERVAL_MS : 0 });
}

export function useContestUser(contestId: string, polling: boolean) {
  return useSharedContestUser(contestId, { refreshInterval: polling ? POLL_INTERVAL_MS : 0 });
}

export function useEquities(polling: boolean) {
  return useSharedEquities({ refreshInterval: polling ? POLL_INTERVAL_MS : 0 });
}

export function usePortfolioHistory(contestId: string, enabled: boolean) {
  return useApiGet<PortfolioHistoryResponse>(enabled ? apiKeys.portfolioHistory(contestId) : null, {
    refreshInterval: POLL_INTERVAL_MS,
  });
}

export function useEquityHistory(symbol: string | null) {
  return useApiGet<EquityHistoryResponse>(symbol ? API_PATHS.equityHistory(symbol) : null, {
    refreshInterval: POLL_INTERVAL_MS,
  });
}

/** A market order. The key makes a retried or double-clicked order execute once (API.md). The answer holds the
 *  new portfolio: it goes straight into the caller's contest state, and the board is re-read. */
export async function placeOrder(body: TradeBody, idempotencyKey: string): Promise<TradeResponse> {
  const response = await apiPost<TradeResponse>(API_PATHS.trading, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
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

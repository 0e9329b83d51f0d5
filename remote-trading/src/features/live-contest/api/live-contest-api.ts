import { apiPost, useApiGet, useApiPost } from '@bullpen/shared';
import {
  API_PATHS,
  type ContestBoardResponse,
  type ContestUserResponse,
  type EquitiesResponse,
  type EquityHistoryResponse,
  type GetContestResponse,
  type PortfolioHistoryResponse,
  type TradeBody,
  type TradeResponse,
} from '@bullpen/shared/schemas';
import { mutate } from 'swr';

/** How often screens re-read when the live stream is unavailable: one market tick. */
export const POLL_INTERVAL_MS = 5_000;

export const boardKey = (contestId: string) => API_PATHS.activeContest(contestId);
export const contestUserKey = (contestId: string) => API_PATHS.contestUser(contestId);
export const equitiesKey = [API_PATHS.getEquities, {}] as const;

export function useContest(contestId: string) {
  return useApiPost<GetContestResponse>(API_PATHS.getContest, { contestId });
}

export function useBoard(contestId: string, enabled: boolean, polling: boolean) {
  return useApiGet<ContestBoardResponse>(enabled ? boardKey(contestId) : null, {
    refreshInterval: polling ? POLL_INTERVAL_MS : 0,
  });
}

export function useContestUser(contestId: string, polling: boolean) {
  return useApiGet<ContestUserResponse>(contestUserKey(contestId), { refreshInterval: polling ? POLL_INTERVAL_MS : 0 });
}

export function useEquities(polling: boolean) {
  return useApiPost<EquitiesResponse>(API_PATHS.getEquities, {}, { refreshInterval: polling ? POLL_INTERVAL_MS : 0 });
}

export function usePortfolioHistory(contestId: string, enabled: boolean) {
  return useApiGet<PortfolioHistoryResponse>(enabled ? API_PATHS.portfolioHistory(contestId) : null, {
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
  const response = await apiPost<TradeResponse>(API_PATHS.trading, body, { headers: { 'Idempotency-Key': idempotencyKey } });
  const { trade, portfolio } = response.data;
  await mutate<ContestUserResponse>(
    contestUserKey(body.contestId),
    (current) => (current ? { data: { ...current.data, portfolio, trades: [trade, ...current.data.trades] } } : current),
    { revalidate: true },
  );
  void mutate(boardKey(body.contestId));
  void mutate(API_PATHS.portfolioHistory(body.contestId));
  return response;
}

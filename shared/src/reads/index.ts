// The API's reads, once for every app: one SWR cache key per endpoint and one hook per read. Pure code outside the
// @bullpen/shared singleton, bundled into the apps that import it; the hooks read through the singleton's API client
// and SWR cache (normal imports of '@bullpen/shared'), so a key one remote refreshes is the key another one shows.
// Convention (shared/src/api/swr.ts): a GET read's key is its path, a POST read's key is [path, body].
import { type ApiError, useApiGet, useApiPost } from '@bullpen/shared';
import type {
  ContestBoardResponse,
  ContestUserResponse,
  EquitiesResponse,
  GetContestResponse,
  Equity,
  MarketStatusResponse,
} from '@bullpen/contract';
// Values from the contract's zod-free modules only: the host's footer reads the market's status on every page.
import { API_PATHS } from '@bullpen/contract/paths';
import { marketStateLabel } from '@bullpen/contract/market-hours';
import { EQUITY_SEARCH } from '@bullpen/contract/limits';
import { useEffect, useState } from 'react';
import type { SWRConfiguration } from 'swr';

export const apiKeys = {
  upcoming: API_PATHS.upcomingContests,
  active: API_PATHS.activeContests,
  completed: API_PATHS.completedContests,
  contest: (contestId: string) => [API_PATHS.getContest, { contestId }] as const,
  contestUser: (contestId: string) => API_PATHS.contestUser(contestId),
  /** A live contest's board (top rows, my row, teams). */
  activeBoard: (contestId: string) => API_PATHS.activeContest(contestId),
  completedBoard: (contestId: string) => API_PATHS.completedContest(contestId),
  portfolioHistory: (contestId: string) => API_PATHS.portfolioHistory(contestId),
  equities: [API_PATHS.getEquities, {}] as const,
  marketStatus: API_PATHS.marketStatus,
};

type Config<T> = SWRConfiguration<T, ApiError>;

/** The public contest view (sent without a token, per SPEC §6); no contest id reads nothing. */
export const useContest = (contestId: string | undefined, config?: Config<GetContestResponse>) =>
  useApiPost(contestId ? API_PATHS.getContest : null, { contestId: contestId ?? '' }, config);

export const useContestUser = (contestId: string | undefined, config?: Config<ContestUserResponse>) =>
  useApiGet(contestId ? apiKeys.contestUser(contestId) : null, config);

export const useActiveBoard = (contestId: string | undefined, config?: Config<ContestBoardResponse>) =>
  useApiGet(contestId ? apiKeys.activeBoard(contestId) : null, config);

export const useCompletedBoard = (contestId: string | undefined, config?: Config<ContestBoardResponse>) =>
  useApiGet(contestId ? apiKeys.completedBoard(contestId) : null, config);

/** The tradable universe with today's simulated prices (POST /equity/get-equities, body {}). */
export const useEquities = (config?: Config<EquitiesResponse>) => useApiPost(API_PATHS.getEquities, {}, config);

/** The market's status changes with its sessions, not its ticks: read at most once a minute (as the API reads it). */
export const MARKET_STATUS_MIN_INTERVAL_MS = 60_000;

/**
 * When the state the status tells next changes: an open session's close, else the next open; null for never. The API
 * has the provider's word a poll late: told "closed" inside the calendar's session (just after the open), or "open"
 * outside it (just after the close), the state may change at any moment, so `now`.
 */
function nextChange(status: MarketStatusResponse, now: number): number | null {
  const { open, session, nextOpenAt } = status;
  if (open && session) return Date.parse(session.closesAt);
  if (open) return nextOpenAt === null ? null : now;
  if (session && Date.parse(session.closesAt) > now) return now;
  return nextOpenAt ? Date.parse(nextOpenAt) : null;
}

/**
 * Where prices come from and whether the market is open (GET /market/status), for every screen that shows prices: one
 * read per page however many screens ask (deduplicated for a minute), read again when the state it tells changes
 * (never sooner than a minute), and, on the simulator's market without hours, never again.
 */
export const useMarketStatus = () =>
  useApiGet(API_PATHS.marketStatus, {
    dedupingInterval: MARKET_STATUS_MIN_INTERVAL_MS,
    focusThrottleInterval: MARKET_STATUS_MIN_INTERVAL_MS,
    refreshInterval: (status) => marketStatusRefreshMs(status, Date.now()),
  });

/** When to read the status again: just after its next change, at least a minute on; never (0) when it has none. */
export function marketStatusRefreshMs(status: MarketStatusResponse | undefined, now: number): number {
  const change = status ? nextChange(status, now) : null;
  if (change === null) return 0;
  return Math.max(MARKET_STATUS_MIN_INTERVAL_MS, change - now + 1000);
}

export interface MarketWords {
  /** Where prices come from, in the API's words: "Simulated prices", "Prices delayed 15 min · Massive". */
  label: string;
  simulated: boolean;
  /** The state of a market with hours ("Open · closes 4:00 PM ET", "Closed · opens Mon 9:30 AM ET"); null without. */
  state: string | null;
  /** The market is closed: prices do not move until it opens. */
  closed: boolean;
}

/** What a screen says about its prices, from useMarketStatus; null until the API has said (never a guess). */
export function useMarketWords(): MarketWords | null {
  const { data } = useMarketStatus();
  if (!data) return null;
  const hasHours = data.session !== null || data.nextOpenAt !== null || !data.open;
  return {
    label: data.label,
    simulated: data.feed === 'simulated',
    state: hasHours ? marketStateLabel(data) : null,
    closed: !data.open,
  };
}

/** How long typing pauses before a search goes to the server: one request per word, not per key. */
export const EQUITY_SEARCH_DEBOUNCE_MS = 250;
/** Matches shown under a search field: enough to choose from on a phone, never the thousands a market lists. */
export const EQUITY_SEARCH_SHOWN = 8;

/** What the server accepts as a search: no control characters (it refuses them), no longer than its bound. */
export function equitySearchText(typed: string): string {
  return typed
    .replace(/[\p{Cc}\p{Cs}]/gu, '')
    .trim()
    .slice(0, EQUITY_SEARCH.queryMax)
    .trim();
}

/** The server's rule, on what is already here: a symbol or a name starting with the search, whatever the case. */
const startsWith = (equity: Equity, needle: string) =>
  equity.symbol.toLowerCase().startsWith(needle) || equity.name.toLowerCase().startsWith(needle);

/**
 * Every listed stock, searched on the server as the user types (POST /equity/get-equities { query, limit }): debounced,
 * a few matches at a time. While the next answer is on its way the last one stays, narrowed to what is typed now, so
 * the list neither flickers nor shows a match the text no longer allows.
 */
export function useEquitySearch(typed: string, limit: number = EQUITY_SEARCH_SHOWN) {
  const query = equitySearchText(typed);
  const [sent, setSent] = useState(query);
  useEffect(() => {
    if (query === sent) return;
    const timer = setTimeout(() => setSent(query), EQUITY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, sent]);
  const read = useApiPost(sent ? API_PATHS.getEquities : null, sent ? { query: sent, limit } : {}, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    dedupingInterval: 30_000,
  });
  const needle = query.toLowerCase();
  const equities = query ? (read.data?.equities ?? []).filter((equity) => startsWith(equity, needle)) : [];
  const searching = query !== '' && (query !== sent || read.isValidating);
  return { query, equities, searching, error: query && !searching ? (read.error ?? null) : null };
}

/**
 * The equities of these symbols beside the default list (the shipped table's): a pick or a ticket's symbol found by a
 * search may be outside it. Only the missing ones are read, and nothing at all when none is.
 */
export function useEquitiesOf(
  symbols: readonly string[],
  config?: Config<EquitiesResponse>,
  /** For the others: they may need reading more often than the list, which a stream may keep fresh. */
  othersConfig: Config<EquitiesResponse> | undefined = config,
) {
  const list = useEquities(config);
  const known = new Set((list.data?.equities ?? []).map((equity) => equity.symbol));
  const missing = list.data ? [...new Set(symbols)].filter((symbol) => !known.has(symbol)).sort() : [];
  const extra = useApiPost(missing.length > 0 ? API_PATHS.getEquities : null, { symbols: missing }, othersConfig);
  const extras = missing.length > 0 ? extra.data?.equities : [];
  return {
    ...list,
    /** The default list and the others asked for, once both are here (the list alone until then). */
    equities: list.data ? [...list.data.equities, ...(extras ?? [])] : undefined,
    /** The symbols asked for that are still being read. */
    pending: missing.length > 0 && !extra.data && !extra.error,
    error: list.error ?? (missing.length > 0 ? extra.error : undefined),
  };
}

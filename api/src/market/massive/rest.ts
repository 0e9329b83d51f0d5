import type { DefaultApi, DefaultApiListTickersRequest, ListTickers200Response } from '@massive.com/client-js';
import type { UpcomingEntry } from '../nyse-calendar';
import type { CorporateAction, Listing } from '../price-feed';
import { providerError } from './provider-error';
import { massiveSdk } from './sdk';
import { type SnapshotTicker, snapshotPrice } from './snapshot';

/** Tickers per snapshot request: a URL stays well under what servers accept. */
const SNAPSHOT_CHUNK = 250;
/** Tickers per corporate-actions request (`ticker.any_of`). */
const ACTIONS_CHUNK = 100;
/** Rows per page of splits or dividends (the provider's largest page). */
const ACTIONS_PAGE = 5000;
/** Kinds of ticker that trade here: common stocks and ETFs. */
const TRADABLE_TYPES = new Set(['CS', 'ETF']);
/** ListTickersMarketEnum.Stocks, without loading the SDK to read it. */
const STOCKS = 'stocks' as DefaultApiListTickersRequest['market'];

export type ProviderSession = 'open' | 'closed' | 'extended-hours' | string;

/**
 * The provider's REST calls the feed makes, and nothing else, through the official SDK. Every failure is a
 * ProviderError: the SDK's own errors carry the key in their URL.
 */
export class MassiveRest {
  private readonly client: Promise<DefaultApi>;

  constructor(
    apiKey: string,
    restUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.client = massiveSdk().then((sdk) => sdk.restClient(apiKey, restUrl));
  }

  /** Every active US common stock and ETF: `/v3/reference/tickers`, following `next_url` page by page. */
  async universe(): Promise<Listing[]> {
    const listings: Listing[] = [];
    let cursor: Record<string, string> | null = null;
    for (let page = 0; page < 1000; page++) {
      const page: Record<string, string> | null = cursor;
      const response: ListTickers200Response = await this.call('tickers', (api) =>
        page
          ? api.listTickers({}, { timeout: this.timeoutMs, params: page })
          : api.listTickers({ market: STOCKS, active: true, limit: 1000 }, { timeout: this.timeoutMs }),
      );
      for (const row of response.results ?? []) {
        if (!row.ticker || (row.type && !TRADABLE_TYPES.has(row.type))) continue;
        listings.push({ symbol: row.ticker, name: row.name || row.ticker, exchange: row.primary_exchange ?? '' });
      }
      cursor = response.next_url ? nextPage(response.next_url) : null;
      if (!cursor) break;
    }
    return listings;
  }

  /** Prices of these symbols now, in chunks of SNAPSHOT_CHUNK; `readAt` stamps a price without a time of its own. */
  async snapshot(symbols: readonly string[], readAt: () => Date) {
    const prices = [];
    for (let start = 0; start < symbols.length; start += SNAPSHOT_CHUNK) {
      const chunk = symbols.slice(start, start + SNAPSHOT_CHUNK);
      // One comma-separated value: given an array, the SDK would repeat the parameter instead.
      const response = await this.call('snapshot', (api) =>
        api.getStocksSnapshotTickers({ tickers: [chunk.join(',')] }, { timeout: this.timeoutMs }),
      );
      for (const ticker of (response.tickers ?? []) as SnapshotTicker[]) {
        const price = snapshotPrice(ticker, readAt());
        if (price) prices.push(price);
      }
    }
    return prices;
  }

  /** `/v1/marketstatus/now`'s `market`: only `open` trades. */
  async session(): Promise<ProviderSession> {
    const response = await this.call('market status', (api) => api.getMarketStatus({ timeout: this.timeoutMs }));
    return String(response.market ?? 'closed');
  }

  /** `/v1/marketstatus/upcoming`: each exchange's coming holidays and early closes. */
  async closures(): Promise<UpcomingEntry[]> {
    const response = await this.call('upcoming', (api) => api.getMarketHolidays({ timeout: this.timeoutMs }));
    const entries: UpcomingEntry[] = [];
    for (const row of response ?? []) {
      if (!row.date || (row.status !== 'closed' && row.status !== 'early-close')) continue;
      entries.push({
        date: row.date,
        status: row.status,
        ...(row.close ? { close: row.close } : {}),
        ...(row.exchange ? { exchange: row.exchange } : {}),
      });
    }
    return entries;
  }

  /**
   * The splits (`/stocks/v1/splits`, SDK `getStocksV1Splits`) and cash dividends (`/stocks/v1/dividends`, SDK
   * `getStocksV1Dividends`) of `symbols` dated `since` or later, following `next_url`. A row the adjustment cannot use
   * (no id, no date, a ratio that is not positive, a dividend in another currency) is left out.
   */
  async corporateActions(symbols: readonly string[], since: string): Promise<CorporateAction[]> {
    const actions: CorporateAction[] = [];
    for (let start = 0; start < symbols.length; start += ACTIONS_CHUNK) {
      const tickerAnyOf = symbols.slice(start, start + ACTIONS_CHUNK).join(',');
      await this.pages('splits', (api, page) =>
        (page
          ? api.getStocksV1Splits({}, { timeout: this.timeoutMs, params: page })
          : api.getStocksV1Splits(
              { tickerAnyOf, executionDateGte: since, limit: ACTIONS_PAGE },
              { timeout: this.timeoutMs },
            )
        ).then((response) => {
          for (const row of response.results ?? []) {
            const { id, ticker, execution_date: date, split_from: splitFrom, split_to: splitTo } = row;
            if (!id || !ticker || !date || !(Number(splitFrom) > 0) || !(Number(splitTo) > 0)) continue;
            if (splitFrom === splitTo) continue;
            actions.push({
              id,
              type: 'split',
              symbol: ticker,
              date,
              splitFrom: Number(splitFrom),
              splitTo: Number(splitTo),
            });
          }
          return response.next_url;
        }),
      );
      await this.pages('dividends', (api, page) =>
        (page
          ? api.getStocksV1Dividends({}, { timeout: this.timeoutMs, params: page })
          : api.getStocksV1Dividends(
              { tickerAnyOf, exDividendDateGte: since, limit: ACTIONS_PAGE },
              { timeout: this.timeoutMs },
            )
        ).then((response) => {
          for (const row of response.results ?? []) {
            const { id, ticker, ex_dividend_date: date, cash_amount: cashAmount, currency } = row;
            if (!id || !ticker || !date || !(Number(cashAmount) > 0)) continue;
            if (currency && currency.toUpperCase() !== 'USD') continue;
            actions.push({ id, type: 'dividend', symbol: ticker, date, cashAmount: Number(cashAmount) });
          }
          return response.next_url;
        }),
      );
    }
    return actions;
  }

  /** Reads a listing page by page: `read` takes the page's cursor (null first) and answers the `next_url`. */
  private async pages(
    name: string,
    read: (api: DefaultApi, page: Record<string, string> | null) => Promise<string | undefined>,
  ): Promise<void> {
    let cursor: Record<string, string> | null = null;
    for (let count = 0; count < 1000; count++) {
      const page: Record<string, string> | null = cursor;
      const next: string | undefined = await this.call(name, (api) => read(api, page));
      cursor = next ? nextPage(next) : null;
      if (!cursor) break;
    }
  }

  private async call<T>(name: string, run: (api: DefaultApi) => Promise<T>): Promise<T> {
    const api = await this.client;
    try {
      return await run(api);
    } catch (error) {
      throw providerError(name, error);
    }
  }
}

/** The query of a `next_url` (its cursor), without any key the provider may have written into it. */
function nextPage(nextUrl: string): Record<string, string> | null {
  try {
    const params = Object.fromEntries(new URL(nextUrl).searchParams);
    delete params.apiKey;
    return Object.keys(params).length > 0 ? params : null;
  } catch {
    return null;
  }
}

// Live updates touch exactly the cache entry they mean and only with payloads the shared schemas
// accept.
import {
  API_PATHS,
  compactStandingsEventSchema,
  pricesEventSchema,
  standingOfCompactRow,
  standingsEventSchema,
} from '@bullpen/contract';
import type { Cache } from 'swr';
import { unstable_serialize } from 'swr';
import { apiKeys } from '@bullpen/shared/reads';
import { hasData, hasOnlyError, parseEvent } from '../src/features/live-contest/hooks/use-live-updates';

const cacheWith = (...keys: (string | readonly [string, unknown])[]) => {
  const map = new Map<string, { data?: unknown }>();
  for (const key of keys) map.set(unstable_serialize(key), { data: { any: true } });
  return map as unknown as Cache;
};

describe('hasData: exact SWR keys', () => {
  it('the board is not on screen just because its portfolio history is', () => {
    const cache = cacheWith(API_PATHS.portfolioHistory('c-1'));
    expect(hasData(cache, apiKeys.activeBoard('c-1'))).toBe(false);
  });

  it('nor because another contest whose id starts the same is', () => {
    expect(hasData(cacheWith(apiKeys.activeBoard('c-10')), apiKeys.activeBoard('c-1'))).toBe(false);
  });

  it('finds the board and the equities (an array key) when they hold data', () => {
    const cache = cacheWith(apiKeys.activeBoard('c-1'), apiKeys.equities);
    expect(hasData(cache, apiKeys.activeBoard('c-1'))).toBe(true);
    expect(hasData(cache, apiKeys.equities)).toBe(true);
  });

  it('an entry still loading (no data) does not count', () => {
    const map = new Map([[unstable_serialize(apiKeys.activeBoard('c-1')), { isLoading: true }]]);
    expect(hasData(map as unknown as Cache, apiKeys.activeBoard('c-1'))).toBe(false);
  });
});

describe('hasOnlyError: a read whose screen shows its error', () => {
  const key = apiKeys.activeBoard('c-1');
  const cacheOf = (entry: object) => new Map([[unstable_serialize(key), entry]]) as unknown as Cache;

  it('is a failed read without data (the board read while the contest was starting)', () => {
    expect(hasOnlyError(cacheOf({ error: new Error('not live') }), key)).toBe(true);
  });

  it('is not a read that still shows data, one that never ran, or one still loading', () => {
    expect(hasOnlyError(cacheOf({ error: new Error('blip'), data: { standings: [] } }), key)).toBe(false);
    expect(hasOnlyError(new Map() as unknown as Cache, key)).toBe(false);
    expect(hasOnlyError(cacheOf({ isLoading: true }), key)).toBe(false);
  });
});

describe('parseEvent: payloads checked against the shared schemas', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  afterEach(() => warn.mockClear());

  it('passes a valid prices event through', () => {
    const event = { prices: [{ symbol: 'AAPL', price: 101.5, changePct: 1.2 }], asOf: '2026-01-01T00:00:00Z' };
    expect(parseEvent(pricesEventSchema, 'prices', event)).toEqual(event);
    expect(warn).not.toHaveBeenCalled();
  });

  it('drops and logs an invalid standings or prices event', () => {
    expect(parseEvent(standingsEventSchema, 'standings', { standings: 'nope' })).toBeNull();
    expect(parseEvent(pricesEventSchema, 'prices', { prices: [{ symbol: 'AAPL', price: '101' }] })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toContain('dropped an invalid "standings" event');
  });

  it('passes a compact standings event through, its rows decoding to what the board draws', () => {
    const event = {
      contestId: 'c1',
      rows: [[1, 'u2', 'BOB', null, 1_050_012, 501, -123, -45]],
      teams: [],
      total: 1,
      asOf: '2026-01-01T00:00:00Z',
    };
    const parsed = parseEvent(compactStandingsEventSchema, 'standings', event);
    expect(parsed?.rows.map(standingOfCompactRow)).toEqual([
      {
        rank: 1,
        userId: 'u2',
        ticker: 'BOB',
        affiliation: null,
        value: 10_500.12,
        returnPct: 0.0501,
        sharpe: -1.23,
        maxDrawdownPct: -0.0045,
      },
    ]);
    // API.md's rows are not what this client asked for: dropped, not misread.
    expect(
      parseEvent(compactStandingsEventSchema, 'standings', { ...event, rows: undefined, standings: [] }),
    ).toBeNull();
  });
});

import type { Equity } from '@bullpen/contract';
import {
  EMPTY_FILTERS,
  filterEquities,
  isSelectionComplete,
  isSelectionFull,
  reconcileSelection,
  sectorsOf,
  toggleSelection,
} from './selection';

const equity = (symbol: string, name: string, sector: string, price: number, changePct: number): Equity => ({
  symbol,
  name,
  sector,
  exchange: 'NASDAQ',
  price,
  previousClose: price / (1 + changePct / 100),
  change: 0,
  changePct,
  updatedAt: '2030-01-01T00:00:00.000Z',
});

const universe = [
  equity('AAPL', 'Apple Inc.', 'Technology', 190, 1.2),
  equity('XOM', 'Exxon Mobil', 'Energy', 110, -0.8),
  equity('MSFT', 'Microsoft', 'Technology', 410, 0),
  equity('JPM', 'JPMorgan Chase', 'Financials', 195, -2.1),
];

describe('toggleSelection', () => {
  it('adds in the order chosen and removes on a second click', () => {
    let selected = toggleSelection([], 'MSFT', 3);
    selected = toggleSelection(selected, 'AAPL', 3);
    expect(selected).toEqual(['MSFT', 'AAPL']);
    expect(toggleSelection(selected, 'MSFT', 3)).toEqual(['AAPL']);
  });

  it('cannot over-select: a full selection ignores new symbols but still allows removing', () => {
    const full = ['AAPL', 'MSFT'];
    expect(toggleSelection(full, 'XOM', 2)).toEqual(['AAPL', 'MSFT']);
    expect(toggleSelection(full, 'AAPL', 2)).toEqual(['MSFT']);
    expect(isSelectionFull(full, 2)).toBe(true);
    expect(isSelectionFull(['AAPL'], 2)).toBe(false);
  });

  it('is complete only with exactly the required number of distinct symbols', () => {
    expect(isSelectionComplete(['AAPL', 'MSFT'], 2)).toBe(true);
    expect(isSelectionComplete(['AAPL'], 2)).toBe(false);
    expect(isSelectionComplete(['AAPL', 'AAPL'], 2)).toBe(false);
    expect(isSelectionComplete(['AAPL', 'MSFT', 'XOM'], 2)).toBe(false);
  });
});

describe('reconcileSelection', () => {
  it('drops unknown symbols, duplicates and anything beyond the limit', () => {
    const known = new Set(['AAPL', 'MSFT', 'XOM']);
    expect(reconcileSelection(['AAPL', 'GONE', 'AAPL', 'MSFT', 'XOM'], known, 2)).toEqual(['AAPL', 'MSFT']);
  });
});

describe('filterEquities', () => {
  const symbols = (list: Equity[]) => list.map((e) => e.symbol);

  it('matches the query against symbol or name, ignoring case', () => {
    expect(symbols(filterEquities(universe, { ...EMPTY_FILTERS, query: 'mob' }))).toEqual(['XOM']);
    expect(symbols(filterEquities(universe, { ...EMPTY_FILTERS, query: ' jpm ' }))).toEqual(['JPM']);
  });

  it('filters by sector, price range and daily change', () => {
    expect(symbols(filterEquities(universe, { ...EMPTY_FILTERS, sector: 'Technology' }))).toEqual(['AAPL', 'MSFT']);
    expect(symbols(filterEquities(universe, { ...EMPTY_FILTERS, minPrice: 150, maxPrice: 200 }))).toEqual([
      'AAPL',
      'JPM',
    ]);
    expect(symbols(filterEquities(universe, { ...EMPTY_FILTERS, change: 'gainers' }))).toEqual(['AAPL']);
    expect(symbols(filterEquities(universe, { ...EMPTY_FILTERS, change: 'losers' }))).toEqual(['XOM', 'JPM']);
  });

  it('combines filters and returns everything with none', () => {
    expect(filterEquities(universe, EMPTY_FILTERS)).toHaveLength(4);
    expect(symbols(filterEquities(universe, { ...EMPTY_FILTERS, sector: 'Technology', change: 'gainers' }))).toEqual([
      'AAPL',
    ]);
  });

  it('lists each sector once, sorted', () => {
    expect(sectorsOf(universe)).toEqual(['Energy', 'Financials', 'Technology']);
  });
});

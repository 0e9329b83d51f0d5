import type { Equity } from '@bullpen/contract';

// The picker's rules: exactly `limit` distinct symbols, never more; the order of choice is kept.

export function toggleSelection(selected: readonly string[], symbol: string, limit: number): string[] {
  if (selected.includes(symbol)) return selected.filter((s) => s !== symbol);
  if (selected.length >= limit) return [...selected];
  return [...selected, symbol];
}

export function isSelectionFull(selected: readonly string[], limit: number): boolean {
  return selected.length >= limit;
}

export function isSelectionComplete(selected: readonly string[], limit: number): boolean {
  return selected.length === limit && new Set(selected).size === limit;
}

/** Drops symbols that are no longer tradable and anything beyond the limit (a stale draft, a changed contest). */
export function reconcileSelection(selected: readonly string[], known: ReadonlySet<string>, limit: number): string[] {
  return [...new Set(selected)].filter((symbol) => known.has(symbol)).slice(0, limit);
}

export type ChangeFilter = 'all' | 'gainers' | 'losers';

export interface EquityFilters {
  query: string;
  sector: string; // '' = every sector
  minPrice: number | null;
  maxPrice: number | null;
  change: ChangeFilter;
}

export const EMPTY_FILTERS: EquityFilters = { query: '', sector: '', minPrice: null, maxPrice: null, change: 'all' };

export function filterEquities(equities: readonly Equity[], filters: EquityFilters): Equity[] {
  const query = filters.query.trim().toLowerCase();
  return equities.filter((equity) => {
    if (query && !equity.symbol.toLowerCase().includes(query) && !equity.name.toLowerCase().includes(query))
      return false;
    if (filters.sector && equity.sector !== filters.sector) return false;
    if (filters.minPrice !== null && equity.price < filters.minPrice) return false;
    if (filters.maxPrice !== null && equity.price > filters.maxPrice) return false;
    if (filters.change === 'gainers' && !(equity.changePct > 0)) return false;
    if (filters.change === 'losers' && !(equity.changePct < 0)) return false;
    return true;
  });
}

export function sectorsOf(equities: readonly Equity[]): string[] {
  return [...new Set(equities.map((equity) => equity.sector))].sort((a, b) => a.localeCompare(b));
}

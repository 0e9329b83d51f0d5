import type { Standing } from '@bullpen/contract';

/** What a board can be ordered by; the rank column always stays the rank by return. */
export type BoardSort = 'return' | 'sharpe' | 'drawdown';

export const BOARD_SORT_LABEL: Record<BoardSort, string> = {
  return: 'Return',
  sharpe: 'Sharpe ratio',
  drawdown: 'Max drawdown',
};

// Best first for each figure: the highest Sharpe, the smallest fall (a drawdown is ≤ 0, so the highest). A player
// with no Sharpe yet (less than a trading day of prices) goes last; ties keep the board's order by rank.
const key: Record<BoardSort, (row: Standing) => number | null> = {
  return: (row) => row.returnPct,
  sharpe: (row) => row.sharpe ?? null,
  drawdown: (row) => row.maxDrawdownPct ?? null,
};

/** The rows shown, ordered by `sort` (best first), without changing their ranks. */
export function sortRows(rows: readonly Standing[], sort: BoardSort): readonly Standing[] {
  if (sort === 'return') return rows;
  const of = key[sort];
  return [...rows].sort((a, b) => {
    const x = of(a);
    const y = of(b);
    if (x === null || y === null) return x === y ? a.rank - b.rank : x === null ? 1 : -1;
    return y - x || a.rank - b.rank;
  });
}

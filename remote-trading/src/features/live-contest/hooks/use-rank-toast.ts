import { toast } from '@bullpen/shared';
import { useEffect, useRef } from 'react';

/**
 * "You moved up to #3": a toast when my rank changes, at most one per tick (a board's `asOf`), and none while the tab
 * is hidden (the rank seen meanwhile becomes the baseline, so coming back does not replay what happened unseen).
 */
export function useRankToast(rank: number | null | undefined, asOf: string | undefined) {
  const seen = useRef<{ rank: number; asOf: string } | null>(null);
  useEffect(() => {
    if (rank === null || rank === undefined || asOf === undefined) return;
    const before = seen.current;
    if (before && before.asOf === asOf) return;
    seen.current = { rank, asOf };
    if (!before || before.rank === rank) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    if (rank < before.rank) toast.success(`You moved up to #${rank}`);
    else toast.warning(`You moved down to #${rank}`);
  }, [rank, asOf]);
}

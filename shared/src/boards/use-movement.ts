import type { Standing } from '@bullpen/contract';
import { useRef } from 'react';

/** Rank change since the previous update (the board's asOf before this one): positive means the player climbed.
 *  Recording is idempotent per asOf, so re-renders never shift the baseline. */
export function useMovement(standings: readonly Standing[], asOf: string): Map<string, number> {
  const updates = useRef<{ asOf: string; ranks: Map<string, number> }[]>([]);
  const seen = updates.current;
  if (seen.at(-1)?.asOf !== asOf) {
    seen.push({ asOf, ranks: new Map(standings.map((row) => [row.userId, row.rank])) });
    if (seen.length > 2) seen.shift();
  }
  const before = seen.length === 2 ? seen[0]?.ranks : undefined;
  return new Map(
    standings.map((row) => {
      const previous = before?.get(row.userId);
      return [row.userId, previous === undefined ? 0 : previous - row.rank];
    }),
  );
}

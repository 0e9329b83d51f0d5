import { formatMoney, formatPercent } from '@bullpen/shared';

/**
 * DESIGN §5 in a few lines, one click from the live board: how value, return and rank are computed, ties included,
 * and (for a player) their own row worked through to the cent.
 */
export function ScoringRules({
  startingCash,
  teams,
  example,
}: {
  startingCash: number;
  teams: boolean;
  example?: { value: number; returnPct: number; rank: number } | null;
}) {
  return (
    <details className="lc-scoring">
      <summary className="lc-link" style={{ fontWeight: 700 }}>
        How scoring works
      </summary>
      <ul style={{ margin: '8px 0 0', paddingLeft: '1.2em', display: 'grid', gap: 6 }}>
        <li>
          <strong>Value</strong> = cash + shares × price for every holding, at the latest price.
        </li>
        <li>
          <strong>Return</strong> = value ÷ starting cash ({formatMoney(startingCash)}) − 1.
        </li>
        <li>
          <strong>Rank</strong>: highest return first. Players with exactly the same value share the better rank (two players
          at #2, then #4) and are listed by who joined first.
        </li>
        {teams ? (
          <li>
            <strong>Teams</strong>: a team's return is the average of its members' returns; teams are ranked the same way.
          </li>
        ) : null}
        <li>Standings are recomputed on every market tick and frozen when the contest ends.</li>
      </ul>
      {example ? (
        <p style={{ margin: '8px 0 0' }}>
          Your row: {formatMoney(example.value)} ÷ {formatMoney(startingCash)} − 1 = {formatPercent(example.returnPct)}, rank #
          {example.rank}.
        </p>
      ) : null}
    </details>
  );
}

import './boards.css';
import { formatMoney, formatPercent } from '../format/format';

/**
 * DESIGN §5 in a few lines, one click from a board: how value, return and rank are computed, ties included, and (when
 * the viewer played) the viewer's own row worked through, to the cent.
 */
export function ScoringRules({
  startingCash,
  teams,
  example,
  final,
}: {
  startingCash: number;
  teams: boolean;
  example?: { value: number; returnPct: number; rank: number } | null;
  /** A completed contest's frozen standings, rather than a live board. */
  final: boolean;
}) {
  return (
    <details className="bp-scoring">
      <summary>How scoring works</summary>
      <ul>
        <li>
          <strong>Value</strong> = cash + shares × price for every holding, at{' '}
          {final ? 'the final price when the contest ended' : 'the latest price'}.
        </li>
        <li>
          <strong>Return</strong> = value ÷ starting cash ({formatMoney(startingCash)}) − 1.
        </li>
        <li>
          <strong>Rank</strong>: highest return first. Players with exactly the same value share the better rank (two
          players at #2, then #4) and are listed by who joined first.
        </li>
        {teams ? (
          <li>
            <strong>Teams</strong>: a team's return is the average of its members' returns; teams are ranked the same
            way.
          </li>
        ) : null}
        <li>
          {final
            ? 'The standings were frozen at the end and never change.'
            : 'Standings are recomputed on every market tick and frozen when the contest ends.'}
        </li>
      </ul>
      {example ? (
        <p>
          Your row: {formatMoney(example.value)} ÷ {formatMoney(startingCash)} − 1 = {formatPercent(example.returnPct)},
          rank #{example.rank}.
        </p>
      ) : null}
    </details>
  );
}

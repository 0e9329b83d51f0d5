import type { Standing } from '@bullpen/shared/schemas';
import { Link } from '@bullpen/shared';
import { contestPaths, formatReturn, Trend } from '../../contests';

const PODIUM_ORDER = [1, 0, 2]; // second, first, third: the winner stands in the middle
const STEP_HEIGHT = [120, 88, 64];
const STEP_COLOUR = ['#f5c451', '#c9d1d9', '#d08c5b'];
const PLACE = ['1st', '2nd', '3rd'];

export function Podium({ standings, myUserId }: { standings: readonly Standing[]; myUserId: string | null }) {
  const top = standings.slice(0, 3);
  if (top.length === 0) return null;
  return (
    <ol className="bpc-podium" aria-label="Podium" style={{ margin: 0, padding: 0 }}>
      {PODIUM_ORDER.map((index) => {
        const row = top[index];
        if (!row) return <li key={`empty-${index}`} aria-hidden="true" />;
        return (
          <li key={row.userId} aria-label={`${PLACE[index]}: ${row.ticker}, ${formatReturn(row.returnPct)}`}>
            <Link to={contestPaths.profile(row.userId)} style={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
              {row.ticker}
            </Link>
            {row.userId === myUserId ? <span className="bpc-small bpc-tone-primary">You</span> : null}
            <span>
              <Trend value={row.returnPct}>{formatReturn(row.returnPct)}</Trend>
            </span>
            <div className="bpc-step" style={{ height: STEP_HEIGHT[index], background: STEP_COLOUR[index] }}>
              {row.rank}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

import type { Standing } from '@bullpen/contract';
import { Link } from '@bullpen/shared';
import { formatPercent } from '@bullpen/shared/format';
import { Trend } from '@bullpen/shared/ui';
import { contestPaths } from '../../contests';
import './podium.css';

const PODIUM_ORDER = [1, 0, 2]; // second, first, third: the winner stands in the middle
const PLACE = ['1st', '2nd', '3rd'];

export function Podium({ standings, myUserId }: { standings: readonly Standing[]; myUserId: string | null }) {
  const top = standings.slice(0, 3);
  if (top.length === 0) return null;
  return (
    <ol className="podium" aria-label="Podium">
      {PODIUM_ORDER.map((index) => {
        const row = top[index];
        if (!row) return <li key={`empty-${index}`} aria-hidden="true" />;
        return (
          <li key={row.userId} aria-label={`${PLACE[index]}: ${row.ticker}, ${formatPercent(row.returnPct)}`}>
            <Link to={contestPaths.profile(row.userId)} className="podium__name">
              {row.ticker}
            </Link>
            {row.userId === myUserId ? <span className="bp-small bp-text-primary">You</span> : null}
            <span>
              <Trend value={row.returnPct} />
            </span>
            <div className={`podium__step podium__step--${index + 1}`}>{row.rank}</div>
          </li>
        );
      })}
    </ol>
  );
}

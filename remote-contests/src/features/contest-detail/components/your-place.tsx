import type { Contest, ContestUser } from '@bullpen/shared/schemas';
import { PageLoader } from '@bullpen/shared/ui';
import { Badge, Facts, formatDateTime, formatMoney, formatReturn, SimulatedPrices, Trend } from '../../contests';

/** The caller's place in the contest: joined or not, picks, team, and once live their value, return and rank. */
export function YourPlace({
  contest,
  contestUser,
  error,
}: {
  contest: Contest;
  contestUser: ContestUser | undefined;
  error: unknown;
}) {
  if (!contestUser) {
    if (error)
      return (
        <p className="bpc-tone-loss" role="alert">
          Your participation could not be loaded.
        </p>
      );
    return <PageLoader label="Loading your participation…" />;
  }
  if (!contestUser.joined) {
    return (
      <p className="bpc-muted" style={{ margin: 0 }}>
        {contest.status === 'upcoming'
          ? 'You have not joined this contest yet.'
          : 'You did not take part in this contest.'}
      </p>
    );
  }
  const portfolio = contestUser.portfolio;
  return (
    <div className="bpc-stack">
      <div className="bpc-row">
        <Badge tone="primary">Joined</Badge>
        {contestUser.affiliation ? <Badge tone="warning">Team {contestUser.affiliation}</Badge> : null}
        {contestUser.joinedAt ? (
          <span className="bpc-small bpc-muted">since {formatDateTime(contestUser.joinedAt)}</span>
        ) : null}
      </div>
      <div>
        <span className="bpc-label">Your picks</span>
        <ul
          className="bpc-row"
          style={{ listStyle: 'none', padding: 0, margin: '8px 0 0', gap: 8 }}
          aria-label="Your picks"
        >
          {contestUser.picks.map((symbol) => (
            <li key={symbol} className="bpc-chip" style={{ paddingRight: 12 }}>
              <span>{symbol}</span>
            </li>
          ))}
        </ul>
      </div>
      {portfolio ? (
        <>
          <Facts
            items={[
              { label: 'Rank', value: contestUser.rank !== null ? `#${contestUser.rank}` : '—' },
              { label: 'Value', value: formatMoney(portfolio.value) },
              {
                label: 'Return',
                value: <Trend value={portfolio.returnPct}>{formatReturn(portfolio.returnPct)}</Trend>,
              },
              { label: 'Cash', value: formatMoney(portfolio.cash) },
            ]}
          />
          <SimulatedPrices />
        </>
      ) : null}
    </div>
  );
}

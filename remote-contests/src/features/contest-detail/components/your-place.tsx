import type { Contest, ContestUser } from '@bullpen/contract';
import { formatDateTime, formatMoney } from '@bullpen/shared/format';
import { Badge, Chips, Facts, PageLoader, Trend } from '@bullpen/shared/ui';
import { PriceSource } from '../../contests';

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
        <p className="bp-text-loss" role="alert">
          Your participation could not be loaded.
        </p>
      );
    return <PageLoader label="Loading your participation…" />;
  }
  if (!contestUser.joined) {
    return (
      <p className="bp-muted">
        {contest.status === 'upcoming'
          ? 'You have not joined this contest yet.'
          : 'You did not take part in this contest.'}
      </p>
    );
  }
  const portfolio = contestUser.portfolio;
  return (
    <div className="bp-stack">
      <div className="bp-row">
        <Badge tone="success">Joined</Badge>
        {contestUser.affiliation ? <Badge tone="warning">Team {contestUser.affiliation}</Badge> : null}
        {contestUser.joinedAt ? (
          <span className="bp-small bp-muted">since {formatDateTime(contestUser.joinedAt)}</span>
        ) : null}
      </div>
      <div className="bp-stack bp-stack--tight">
        <span className="bp-field__label">Your picks</span>
        <Chips label="Your picks" items={contestUser.picks} />
      </div>
      {portfolio ? (
        <>
          <Facts
            items={[
              { label: 'Rank', value: contestUser.rank !== null ? `#${contestUser.rank}` : '—' },
              { label: 'Value', value: formatMoney(portfolio.value) },
              {
                label: 'Return',
                value: <Trend value={portfolio.returnPct} />,
              },
              { label: 'Cash', value: formatMoney(portfolio.cash) },
            ]}
          />
          <PriceSource />
        </>
      ) : null}
    </div>
  );
}

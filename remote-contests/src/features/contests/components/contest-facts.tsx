import type { Contest } from '@bullpen/shared/schemas';
import { formatDateTime, formatDuration, formatMoney, formatNumber } from '@bullpen/shared/format';
import { Facts } from '@bullpen/shared/ui';

export function ContestFacts({ contest }: { contest: Contest }) {
  return (
    <Facts
      items={[
        { label: 'Starts', value: formatDateTime(contest.startsAt) },
        { label: 'Ends', value: formatDateTime(contest.endsAt) },
        { label: 'Picks', value: `${contest.picksCount} stock${contest.picksCount === 1 ? '' : 's'}` },
        { label: 'Starting cash', value: formatMoney(contest.startingCash, { whole: true }) },
        {
          label: 'Participants',
          value: `${formatNumber(contest.participantsCount)} / ${formatNumber(contest.maxParticipants)}`,
        },
        { label: 'Format', value: contest.isTeamCollaboration ? `Teams (${contest.affiliations.length})` : 'Solo' },
        { label: 'Visibility', value: contest.visibility === 'public' ? 'Public' : 'Private (link only)' },
        { label: 'Created by', value: contest.createdBy.ticker },
      ]}
    />
  );
}

/** "Pick 1 stock", "Pick exactly 3 different stocks". */
export const picksRule = (count: number) => (count === 1 ? 'Pick 1 stock' : `Pick exactly ${count} different stocks`);

/** The rules of DESIGN §5 for this contest, in plain words. */
export function ContestRules({ contest }: { contest: Contest }) {
  return (
    <ol className="bp-stack">
      <li>
        {picksRule(contest.picksCount)} before the start ({formatDateTime(contest.startsAt)}). You can change your picks
        until then.
      </li>
      <li>
        At the start your {formatMoney(contest.startingCash, { whole: true })} of virtual cash is split equally across
        your picks and spent on whole shares; what is left stays as cash.
      </li>
      <li>
        While the contest is live ({formatDuration(contest.startsAt, contest.endsAt)}), buy and sell at the current
        simulated price — whole shares, no commission, no shorting, no margin.
      </li>
      <li>The best return wins. Standings are frozen at the end ({formatDateTime(contest.endsAt)}).</li>
      {contest.isTeamCollaboration ? (
        <li>
          Team contest: you join one of {contest.affiliations.map((team) => `“${team}”`).join(', ')}. A team's return is
          the average of its members'.
        </li>
      ) : (
        <li>Solo contest: everyone plays for themselves.</li>
      )}
      <li>
        Up to {formatNumber(contest.maxParticipants)} participants; {formatNumber(contest.participantsCount)} joined so
        far.
      </li>
    </ol>
  );
}

import { type Contest, pickBudget, rulesOf } from '@bullpen/contract';
import { formatDateTime, formatDuration, formatMoney, formatNumber } from '@bullpen/shared/format';
import { Facts } from '@bullpen/shared/ui';
import { commissionInWords, rulesInWords } from '../lib/rules-in-words';

const lines = (texts: readonly string[]) =>
  texts.flatMap((text, index) => (index === 0 ? [text] : [<br key={text} />, text]));

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
        // One rule a line: a tile is too narrow for the one-line form, whose dots would break anywhere.
        { label: 'Trading rules', value: lines(rulesInWords(rulesOf(contest))) },
      ]}
    />
  );
}

/** "Pick 1 stock", "Pick exactly 3 different stocks". */
export const picksRule = (count: number) => (count === 1 ? 'Pick 1 stock' : `Pick exactly ${count} different stocks`);

/**
 * The rules of DESIGN §5 for this contest, in plain words, in the tense of the moment: what to do while it is
 * upcoming, how it is being played while live, how it was played once over; a cancelled contest is not played at all.
 */
export function ContestRules({ contest }: { contest: Contest }) {
  const { status } = contest;
  const starts = formatDateTime(contest.startsAt);
  const cash = formatMoney(contest.startingCash, { whole: true });
  const players = formatNumber(contest.participantsCount);
  const one = contest.participantsCount === 1;
  const teams = contest.affiliations.map((team) => `“${team}”`).join(', ');
  if (status === 'cancelled') {
    return (
      <ol className="bp-stack">
        <li>This contest was cancelled by its organiser before it started ({starts}): it will not be played.</li>
        <li>Nobody can join it or choose picks any more, and there will be no standings.</li>
      </ol>
    );
  }
  const upcoming = status === 'upcoming';
  const over = status === 'completed';
  const stocks = `${contest.picksCount} stock${contest.picksCount === 1 ? '' : 's'}`;
  const start = pickBudget(contest.startingCash, contest.picksCount, rulesOf(contest).maxPositionPct);
  const capNote =
    start.cappedAtPct === null
      ? null
      : `The ${start.cappedAtPct}% position cap holds each pick to ${formatMoney(start.budget)} at the start.`;
  return (
    <ol className="bp-stack">
      <li>
        {upcoming
          ? `${picksRule(contest.picksCount)} before the start (${starts}). You can change your picks until then.`
          : `Each player picked ${stocks} before the start (${starts}); picks were locked then.`}
      </li>
      <li>
        {upcoming
          ? `At the start your ${cash} of virtual cash is split equally across your picks and spent on whole shares; what is left stays as cash.`
          : `At the start each player's ${cash} of virtual cash was split equally across their picks and spent on whole shares; what was left stayed as cash.`}
        {capNote ? ` ${capNote}` : null}
      </li>
      <li>
        {over
          ? `While the contest was live (${formatDuration(contest.startsAt, contest.endsAt)}), players bought and sold at the simulated price of the moment, in whole shares.`
          : `While the contest is live (${formatDuration(contest.startsAt, contest.endsAt)}), ${upcoming ? 'buy and sell' : 'players buy and sell'} at the current simulated price, in whole shares.`}{' '}
        {tradingRules(rulesOf(contest))}
      </li>
      <li>
        {over
          ? `The best return won. Standings were frozen at the end (${formatDateTime(contest.endsAt)}).`
          : `The best return wins. Standings are frozen at the end (${formatDateTime(contest.endsAt)}).`}
      </li>
      {contest.isTeamCollaboration ? (
        <li>
          {upcoming
            ? `Team contest: you join one of ${teams}. A team's return is the average of its members'.`
            : `Team contest: each player plays for one of ${teams}. A team's return is the average of its members'.`}
        </li>
      ) : (
        <li>Solo contest: everyone plays for themselves.</li>
      )}
      <li>
        {upcoming
          ? `Up to ${formatNumber(contest.maxParticipants)} participants; ${players} joined so far.`
          : `${players} player${one ? '' : 's'} ${over ? 'took' : one ? 'is taking' : 'are taking'} part (of ${formatNumber(contest.maxParticipants)} places).`}
      </li>
    </ol>
  );
}

/** The creator's trading rules as sentences for "How it works". */
function tradingRules(rules: ReturnType<typeof rulesOf>): string {
  const shorting = rules.shortSelling
    ? 'Short selling is allowed: you may sell shares you do not hold and buy them back later.'
    : 'No short selling: you can only sell shares you hold.';
  const commission = commissionInWords(rules.commission);
  const fees =
    commission === 'No commission' ? 'Trades cost no commission.' : `Every trade costs a commission of ${commission}.`;
  const cap =
    rules.maxPositionPct === null
      ? 'There is no cap on how much of your portfolio one stock may take.'
      : `A buy${rules.shortSelling ? ' or short' : ''} may not take one stock above ${rules.maxPositionPct}% of your portfolio.`;
  return `${shorting} ${fees} ${cap}`;
}

import { type Contest, type ContestUser, type Equity, rulesOf } from '@bullpen/contract';
import { Callout, PageError, PageHeader, PageLoader } from '@bullpen/shared/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@bullpen/shared';
import {
  ContestBlocked,
  ContestGate,
  contestPaths,
  isFull,
  picksRule,
  rulesLine,
  STATUS_LABEL,
  useContestUser,
  useErrorToast,
} from '../../contests';
import { useEquitiesOf } from '@bullpen/shared/reads';
import { loadDraft, type PicksMode, saveDraft } from '../lib/picks-draft';
import { reconcileSelection } from '../lib/selection';
import { EquityPicker } from './equity-picker';

function Blocked({ contest, title, children }: { contest: Contest; title: string; children: string }) {
  return (
    <ContestBlocked
      eyebrow="Picks"
      title={contest.name}
      notice={title}
      reason={children}
      action={{ to: contestPaths.detail(contest._id), label: 'Back to the contest' }}
    />
  );
}

function PickerForContest({
  contest,
  contestUser,
  equities,
  mode,
}: {
  contest: Contest;
  contestUser: ContestUser;
  equities: Equity[];
  mode: PicksMode;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const known = useMemo(() => new Set(equities.map((e) => e.symbol)), [equities]);
  // Coming back from the confirm screen keeps the draft; editing starts from the saved picks.
  const [initial] = useState(() => {
    const draft = loadDraft(contest._id, location.state);
    if (draft && draft.mode === mode) return { picks: draft.picks, team: draft.affiliation };
    return { picks: mode === 'change' ? contestUser.picks : [], team: contestUser.affiliation };
  });
  const [selected, setSelected] = useState(() => reconcileSelection(initial.picks, known, contest.picksCount));
  const [team, setTeam] = useState<string | null>(
    initial.team && contest.affiliations.includes(initial.team) ? initial.team : null,
  );

  const draft = useMemo(
    () => ({ contestId: contest._id, mode, picks: selected, affiliation: contest.isTeamCollaboration ? team : null }),
    [contest._id, contest.isTeamCollaboration, mode, selected, team],
  );
  // Kept as it changes, so a reload (or a look at another page in the same tab) does not lose an unsaved selection.
  useEffect(() => saveDraft(draft), [draft]);

  const review = () => navigate(contestPaths.confirmPicks(contest._id), { state: { draft } });

  return (
    <>
      <PageHeader
        eyebrow={mode === 'join' ? 'Join · step 1 of 2' : 'Edit picks · step 1 of 2'}
        title={contest.name}
        subtitle={`${picksRule(contest.picksCount)}. You can change ${contest.picksCount === 1 ? 'it' : 'them'} until the start.`}
      />
      <p className="bp-small bp-muted" data-testid="trading-rules">
        Trading rules: {rulesLine(rulesOf(contest))}
      </p>
      <EquityPicker
        equities={equities}
        picksCount={contest.picksCount}
        startingCash={contest.startingCash}
        maxPositionPct={rulesOf(contest).maxPositionPct}
        selected={selected}
        onSelectedChange={setSelected}
        // Changing picks keeps the team chosen at join time: the API's change-picks has no affiliation.
        teams={mode === 'join' ? contest.affiliations : []}
        team={team}
        onTeamChange={setTeam}
        reviewLabel="Review picks"
        onReview={review}
      />
    </>
  );
}

function PicksBody({ contest, mode }: { contest: Contest; mode: PicksMode }) {
  const contestUser = useContestUser(contest._id);
  const location = useLocation();
  // The picks a draft or the saved ones name may be any listed stock (found by a search), not only the default list's:
  // their prices are read by symbol beside it.
  // Taken once, as the picker starts from them: what is picked afterwards comes with its price from the search, and
  // the picker is never swapped for a loader while in use.
  const wanted = useRef<string[] | null>(null);
  if (wanted.current === null && contestUser.data) {
    const draftPicks = loadDraft(contest._id, location.state)?.picks ?? [];
    wanted.current = [...new Set([...draftPicks, ...contestUser.data.data.picks])];
  }
  const equities = useEquitiesOf(wanted.current ?? []);
  useErrorToast(contestUser.error, !contestUser.data);
  useErrorToast(equities.error, !equities.equities);
  if (contest.status !== 'upcoming') {
    return (
      <Blocked
        contest={contest}
        title={`Picks are locked: the contest is ${STATUS_LABEL[contest.status].toLowerCase()}`}
      >
        Picks can only be chosen or changed before the start.
      </Blocked>
    );
  }
  const error = contestUser.error ?? equities.error;
  if (error && (!contestUser.data || !equities.equities)) {
    return (
      <PageError
        title="The stock list could not be loaded"
        message={(error as Error).message}
        onRetry={() => {
          void contestUser.mutate();
          void equities.mutate();
        }}
      />
    );
  }
  if (!contestUser.data || !equities.equities || equities.pending) {
    return <PageLoader label="Loading stocks and prices…" />;
  }
  const me = contestUser.data.data;
  if (mode === 'join' && me.joined) {
    return (
      <Blocked contest={contest} title="You have already joined">
        Use “Edit picks” on the contest page to change your stocks.
      </Blocked>
    );
  }
  if (mode === 'change' && !me.joined) {
    return (
      <Blocked contest={contest} title="You have not joined this contest">
        Join it first by saving your picks.
      </Blocked>
    );
  }
  if (mode === 'join' && isFull(contest)) {
    return (
      <Blocked contest={contest} title="This contest is full">
        Every place is taken.
      </Blocked>
    );
  }
  if (equities.equities.length === 0) {
    return (
      <Callout tone="warning" title="No stocks are available right now">
        Please try again in a moment.
      </Callout>
    );
  }
  return <PickerForContest contest={contest} contestUser={me} equities={equities.equities} mode={mode} />;
}

export function PicksScreen({ contestId, mode }: { contestId: string; mode: PicksMode }) {
  return (
    <ContestGate contestId={contestId} label={mode === 'join' ? 'Save picks' : 'Edit picks'}>
      {(contest) => <PicksBody contest={contest} mode={mode} />}
    </ContestGate>
  );
}

import { formatMoney } from '@bullpen/shared/format';
import type { Contest, Equity } from '@bullpen/contract';
import { Badge, Button, ButtonLink, Callout, PageError, PageHeader, PageLoader } from '@bullpen/shared/ui';
import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@bullpen/shared';
import {
  changePicks,
  ContestBlocked,
  ContestGate,
  contestPaths,
  joinContest,
  notifyError,
  STATUS_LABEL,
  toast,
  useContestCache,
  useErrorToast,
} from '../../contests';
import { useContest, useEquitiesOf } from '@bullpen/shared/reads';
import { planAllocation, rulesOf } from '@bullpen/contract';
import { clearDraft, loadDraft, type PicksDraft } from '../lib/picks-draft';
import { type Refusal, refusalOf } from '../lib/refusal';
import { AllocationTable } from './allocation-table';
import { JoinRefused } from './join-refused';

function ConfirmBody({ contest, draft }: { contest: Contest; draft: PicksDraft }) {
  const navigate = useNavigate();
  // A pick found by a search may be outside the default list: its price is read by symbol.
  const equities = useEquitiesOf(draft.picks);
  useErrorToast(equities.error);
  const { putContestUser } = useContestCache();
  const contestRead = useContest(contest._id);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const bySymbol = useMemo(
    () => new Map<string, Equity>((equities.equities ?? []).map((e) => [e.symbol, e])),
    [equities.equities],
  );
  const backTo = draft.mode === 'join' ? contestPaths.savePicks(contest._id) : contestPaths.editPicks(contest._id);

  if (equities.error && (!equities.equities || equities.pending)) {
    return (
      <PageError
        title="Prices could not be loaded"
        message={(equities.error as Error).message}
        onRetry={() => void equities.mutate()}
      />
    );
  }
  if (!equities.equities || equities.pending) return <PageLoader label="Loading today’s prices…" />;

  const missing = draft.picks.filter((symbol) => !bySymbol.has(symbol));
  const allocation = planAllocation(
    contest.startingCash,
    draft.picks.filter((s) => bySymbol.has(s)).map((symbol) => ({ symbol, price: bySymbol.get(symbol)?.price ?? 0 })),
    rulesOf(contest).maxPositionPct,
  );

  // DESIGN §5: whole shares only, so a pick dearer than its share of the cash buys nothing: said before confirming.
  const noShares = allocation.rows.filter((row) => row.shares === 0);

  const confirm = async () => {
    setBusy(true);
    try {
      const { data } =
        draft.mode === 'join'
          ? await joinContest({
              contestId: contest._id,
              picks: draft.picks,
              ...(draft.affiliation ? { affiliation: draft.affiliation } : {}),
            })
          : await changePicks({ contestId: contest._id, picks: draft.picks });
      await putContestUser(data);
      clearDraft(contest._id);
      toast.success(draft.mode === 'join' ? `You joined “${contest.name}”` : 'Your picks were saved');
      navigate(contestPaths.detail(contest._id));
    } catch (error) {
      // A refusal for good (started, full…) is said in place of the button at once, then again with the contest as it
      // is now once re-read (its start may have moved); anything else may pass on a second try.
      const refused = refusalOf(error, contest, undefined);
      setBusy(false);
      if (!refused) {
        notifyError(error);
        return;
      }
      setRefusal(refused);
      const fresh = await contestRead.mutate().catch(() => undefined);
      setRefusal(refusalOf(error, contest, fresh?.contest) ?? refused);
    }
  };

  return (
    <>
      <PageHeader
        eyebrow={draft.mode === 'join' ? 'Join · step 2 of 2' : 'Edit picks · step 2 of 2'}
        title={contest.name}
        subtitle="Check your picks and how your starting cash would be spent."
      />
      {draft.affiliation ? (
        <div className="bp-row">
          <span className="bp-muted">Your team</span>
          <Badge tone="warning">{draft.affiliation}</Badge>
        </div>
      ) : null}
      {missing.length > 0 ? (
        <Callout tone="danger" title={`Unknown symbols: ${missing.join(', ')}`}>
          Go back and choose again.
        </Callout>
      ) : null}
      {noShares.length > 0 && !refusal ? (
        <Callout tone="warning" title={`${noShares.map((row) => row.symbol).join(', ')} would buy no shares`}>
          Each pick gets {formatMoney(noShares[0]?.budget ?? 0)} of your {formatMoney(contest.startingCash)}, and{' '}
          {noShares.map((row) => `${row.symbol} costs ${formatMoney(row.price)}`).join(', ')} a share: that cash would
          stay unspent for the whole contest.{' '}
          <ButtonLink to={backTo} state={{ draft }} size="small">
            Choose another stock
          </ButtonLink>
        </Callout>
      ) : null}
      <AllocationTable allocation={allocation} equities={bySymbol} startingCash={contest.startingCash} />
      {refusal ? (
        <JoinRefused refusal={refusal} contestId={contest._id} mode={draft.mode} />
      ) : (
        <div className="bp-row bp-row--end">
          <ButtonLink to={backTo} state={{ draft }} variant="ghost">
            ← Change selection
          </ButtonLink>
          <Button
            variant="primary"
            loading={busy}
            loadingText="Saving…"
            disabled={missing.length > 0}
            onClick={confirm}
          >
            {draft.mode === 'join' ? 'Confirm and join' : 'Confirm new picks'}
          </Button>
        </div>
      )}
    </>
  );
}

export function ConfirmPicksScreen({ contestId }: { contestId: string }) {
  const location = useLocation();
  const [draft] = useState(() => loadDraft(contestId, location.state));
  // Once the confirmation is on screen it stays there: a join refused because the contest started or filled meanwhile
  // is said in its place, with the way on (JoinRefused), rather than swapped for the locked notice below.
  const confirming = useRef(false);
  return (
    <ContestGate contestId={contestId} label="Confirm picks">
      {(contest) => {
        if (draft && draft.picks.length > 0 && (contest.status === 'upcoming' || confirming.current)) {
          confirming.current = true;
          return <ConfirmBody contest={contest} draft={draft} />;
        }
        // Picks are chosen before the start: once it has passed (or the contest is off) no step of the picks flow can
        // be taken, so the only way on is the contest itself.
        if (contest.status !== 'upcoming') {
          return (
            <ContestBlocked
              eyebrow="Confirm picks"
              title={contest.name}
              notice={`Picks are locked: the contest is ${STATUS_LABEL[contest.status].toLowerCase()}`}
              reason="Picks can only be chosen or changed before the start."
              action={
                contest.status === 'completed'
                  ? { to: contestPaths.completed(contest._id), label: 'See the final standings' }
                  : { to: contestPaths.detail(contest._id), label: 'Go to the contest' }
              }
            />
          );
        }
        return (
          <ContestBlocked
            eyebrow="Confirm picks"
            title={contest.name}
            notice="No picks to confirm"
            reason="Choose your stocks first."
            action={{ to: contestPaths.savePicks(contest._id), label: 'Choose picks' }}
          />
        );
      }}
    </ContestGate>
  );
}

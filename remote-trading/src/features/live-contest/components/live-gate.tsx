import { Navigate } from '@bullpen/shared';
import { ButtonLink, PageError, PageLoader, ReadError } from '@bullpen/shared/ui';
import { formatCountdown, formatDateTime } from '@bullpen/shared/format';
import type { Contest } from '@bullpen/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useContest } from '@bullpen/shared/reads';
import '@bullpen/shared/ui/parts.css';

function Waiting({ contest, onStart }: { contest: Contest; onStart: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const started = Date.parse(contest.startsAt) <= now;
  useEffect(() => {
    if (!started) return;
    // The clock starts the contest on its next tick: look again until it has.
    const timer = setInterval(onStart, 2_000);
    return () => clearInterval(timer);
  }, [started, onStart]);
  return (
    <section className="bp-state">
      <h1 className="bp-state__title">{contest.name}</h1>
      <p className="bp-state__text">
        {started ? 'Starting now…' : 'This contest is not live yet. Trading opens when it starts.'}
      </p>
      <p className="bp-countdown bp-countdown--large" aria-live="polite">
        {formatCountdown(contest.startsAt, now)}
      </p>
      <p className="bp-state__text">Starts {formatDateTime(contest.startsAt)}</p>
      <div className="bp-state__action">
        <ButtonLink to={`/contest-detail/${contest._id}`}>Contest details</ButtonLink>
      </div>
    </section>
  );
}

/** Only a live contest gets its children; every other state says what is going on, or moves on to the results. */
export function LiveGate({ contestId, children }: { contestId: string; children: (contest: Contest) => ReactNode }) {
  const { data, error, mutate } = useContest(contestId);
  if (error) {
    return (
      <ReadError
        error={error}
        title="Could not load this contest"
        notFound={{ title: 'Contest not found', message: 'The link may be wrong, or the contest was removed.' }}
        onRetry={() => void mutate()}
      />
    );
  }
  if (!data) {
    return <PageLoader label="Loading contest…" />;
  }
  const { contest } = data;
  if (contest.status === 'completed') return <Navigate to={`/contest-completed/${contest._id}`} replace />;
  if (contest.status === 'upcoming') return <Waiting contest={contest} onStart={() => void mutate()} />;
  if (contest.status === 'cancelled') {
    return <PageError tone="info" title={contest.name} message="This contest was cancelled before it started." />;
  }
  return <>{children(contest)}</>;
}

import { lastFetchedAt } from '@bullpen/shared';
import type { Contest, ContestWithResult } from '@bullpen/contract';
import { API_PATHS, RESULTS_PATHS } from '@bullpen/contract';
import { ButtonLink, Page, PageHeader } from '@bullpen/shared/ui';
import {
  contestPaths,
  statusAt,
  useActiveContests,
  useCompletedContests,
  useErrorToast,
  useUpcomingContests,
  useViewer,
} from '../../features/contests';
import {
  CompletedSection,
  CreateContestCallToAction,
  LiveSection,
  StaleNotice,
  UpcomingSection,
  useRememberLiveFetch,
} from '../../features/home';
import { LiveNowSection, OpenToJoinSection, useLivePublic } from '../../features/results';

type Read = { data?: unknown; error?: unknown; isLoading: boolean; mutate: () => unknown };

/** A contest of the upcoming list that has started since the list was fetched, shown with the live ones. */
const asLive = (contest: Contest): ContestWithResult => ({ ...contest, rank: null, returnPct: null });

export default function HomePage() {
  const viewer = useViewer();
  const live = useActiveContests();
  const upcoming = useUpcomingContests();
  const completed = useCompletedContests();
  const livePublic = useLivePublic();
  useRememberLiveFetch(live.data?.contests.length);
  // Each section shows its own failure in place; a toast only for a refresh that failed behind the kept list (the
  // toast store shows one for the one failure the lists share).
  useErrorToast(live.error, !live.data);
  useErrorToast(upcoming.error, !upcoming.data);
  useErrorToast(completed.error, !completed.data);
  useErrorToast(livePublic.error, !livePublic.data);

  // Lists still shown from an earlier fetch because their refresh failed: the page says how old they are.
  const reads: [Read, string][] = [
    [live, API_PATHS.activeContests],
    [upcoming, API_PATHS.upcomingContests],
    [completed, API_PATHS.completedContests],
    [livePublic, RESULTS_PATHS.livePublic],
  ];
  const stale = reads.filter(([read]) => read.error && read.data);
  const fetchTimes = stale.map(([, key]) => lastFetchedAt(key));
  const oldestFetch = fetchTimes.includes(null) ? null : Math.min(...(fetchTimes as number[]));
  const retryAll = () => {
    for (const [read] of reads) void read.mutate();
  };

  // GET /contest/upcoming lists public contests beside mine: mine are those I joined or created, the rest are open to
  // join. A kept list may hold contests that have started since: mine go with the live ones, the others are no longer
  // open to join (DESIGN §5: the status follows the clock).
  const now = Date.now();
  const upcomingContests = upcoming.data?.contests;
  const isMine = (c: Contest) => c.joined || c.createdBy._id === viewer.id;
  const mine = upcomingContests?.filter((c) => isMine(c) && statusAt(c, now) === 'upcoming');
  const open = upcomingContests?.filter(
    (c) => !isMine(c) && c.visibility === 'public' && statusAt(c, now) === 'upcoming',
  );
  const liveIds = new Set(live.data?.contests.map((c) => c._id));
  const startedMine = (upcomingContests ?? [])
    .filter((c) => isMine(c) && statusAt(c, now) === 'active' && !liveIds.has(c._id))
    .map(asLive);
  const liveContests = live.data ? [...live.data.contests, ...startedMine] : undefined;

  const allEmpty =
    reads.every(([read]) => !read.error) &&
    live.data?.contests.length === 0 &&
    upcoming.data?.contests.length === 0 &&
    completed.data?.contests.length === 0 &&
    livePublic.data?.contests.length === 0;
  const section = <T,>(swr: Read, data: T[] | undefined) => ({
    data,
    error: swr.error,
    isLoading: swr.isLoading,
    retry: () => void swr.mutate(),
  });

  return (
    <Page label="Home">
      <PageHeader
        eyebrow="Bullpen"
        title="Your contests"
        subtitle="Live games, contests about to start and your results."
        actions={
          <ButtonLink to={contestPaths.create} variant="primary">
            + Create contest
          </ButtonLink>
        }
      />
      {stale.length > 0 ? <StaleNotice fetchedAt={oldestFetch} onRetry={retryAll} /> : null}
      {allEmpty ? (
        <CreateContestCallToAction />
      ) : (
        <>
          <LiveSection section={section(live, liveContests)} />
          <UpcomingSection section={section(upcoming, mine)} />
          <OpenToJoinSection section={section(upcoming, open)} />
          <LiveNowSection section={section(livePublic, livePublic.data?.contests)} />
          <CompletedSection section={section(completed, completed.data?.contests)} />
        </>
      )}
    </Page>
  );
}

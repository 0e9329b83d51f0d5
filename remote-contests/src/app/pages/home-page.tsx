import { ButtonLink, Page, PageHeader } from '@bullpen/shared/ui';
import {
  contestPaths,
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
  UpcomingSection,
  useRememberLiveFetch,
} from '../../features/home';
import { LiveNowSection, OpenToJoinSection, useLivePublic } from '../../features/results';

export default function HomePage() {
  const viewer = useViewer();
  const live = useActiveContests();
  const upcoming = useUpcomingContests();
  const completed = useCompletedContests();
  const livePublic = useLivePublic();
  useRememberLiveFetch(live.data?.contests.length);
  // Each section shows its own failure in place; a toast only for a refresh that failed behind the kept list.
  useErrorToast(live.error, !live.data);
  useErrorToast(upcoming.error, !upcoming.data);
  useErrorToast(completed.error, !completed.data);
  useErrorToast(livePublic.error, !livePublic.data);

  // GET /contest/upcoming lists public contests beside mine: mine are those I joined or created, the rest are open to join.
  const upcomingContests = upcoming.data?.contests;
  const mine = upcomingContests?.filter((c) => c.joined || c.createdBy._id === viewer.id);
  const open = upcomingContests?.filter((c) => !c.joined && c.createdBy._id !== viewer.id && c.visibility === 'public');

  const allEmpty =
    live.data?.contests.length === 0 &&
    upcoming.data?.contests.length === 0 &&
    completed.data?.contests.length === 0 &&
    livePublic.data?.contests.length === 0;
  const section = <T,>(swr: { error?: unknown; isLoading: boolean; mutate: () => unknown }, data: T[] | undefined) => ({
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
      {allEmpty ? (
        <CreateContestCallToAction />
      ) : (
        <>
          <LiveSection section={section(live, live.data?.contests)} />
          <UpcomingSection section={section(upcoming, mine)} />
          <OpenToJoinSection section={section(upcoming, open)} />
          <LiveNowSection section={section(livePublic, livePublic.data?.contests)} />
          <CompletedSection section={section(completed, completed.data?.contests)} />
        </>
      )}
    </Page>
  );
}

import {
  ButtonLink,
  contestPaths,
  PageTitle,
  Screen,
  useActiveContests,
  useCompletedContests,
  useErrorToast,
  useUpcomingContests,
} from '../../features/contests';
import {
  CompletedSection,
  CreateContestCallToAction,
  LiveSection,
  UpcomingSection,
  useRememberLiveFetch,
} from '../../features/home';

export default function HomePage() {
  const live = useActiveContests();
  const upcoming = useUpcomingContests();
  const completed = useCompletedContests();
  useRememberLiveFetch(live.data?.contests.length);
  // Each section shows its own failure in place; a toast only for a refresh that failed behind the kept list.
  useErrorToast(live.error, !live.data);
  useErrorToast(upcoming.error, !upcoming.data);
  useErrorToast(completed.error, !completed.data);

  const allEmpty =
    live.data?.contests.length === 0 && upcoming.data?.contests.length === 0 && completed.data?.contests.length === 0;
  const section = <T,>(swr: { data?: { contests: T[] }; error?: unknown; isLoading: boolean; mutate: () => unknown }) => ({
    data: swr.data?.contests,
    error: swr.error,
    isLoading: swr.isLoading,
    retry: () => void swr.mutate(),
  });

  return (
    <Screen label="Home">
      <PageTitle
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
          <LiveSection section={section(live)} />
          <UpcomingSection section={section(upcoming)} />
          <CompletedSection section={section(completed)} />
        </>
      )}
    </Screen>
  );
}

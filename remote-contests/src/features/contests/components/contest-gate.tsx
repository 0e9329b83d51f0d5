import type { Contest } from '@bullpen/contract';
import { Page, PageError, PageLoader } from '@bullpen/shared/ui';
import type { ReactNode } from 'react';
import { useContest } from '../api/contests-api';
import { useErrorToast } from '../hooks/use-error-toast';

/** Loads one contest for a screen and shows the loading and error states, so each page only handles the data. */
export function ContestGate({
  contestId,
  label,
  children,
}: {
  contestId: string;
  label: string;
  children: (contest: Contest) => ReactNode;
}) {
  const { data, error, mutate } = useContest(contestId);
  useErrorToast(error, !data);
  if (error && !data) {
    const status = (error as { statusCode?: number }).statusCode;
    return (
      <Page label={label}>
        <PageError
          title={status === 404 ? 'This contest does not exist' : 'This contest could not be loaded'}
          message={status === 404 ? 'The link may be mistyped, or the contest was removed.' : (error as Error).message}
          onRetry={status === 404 ? undefined : () => void mutate()}
        />
      </Page>
    );
  }
  if (!data) {
    return (
      <Page label={label}>
        <PageLoader label="Loading the contest…" />
      </Page>
    );
  }
  return <Page label={label}>{children(data.contest)}</Page>;
}

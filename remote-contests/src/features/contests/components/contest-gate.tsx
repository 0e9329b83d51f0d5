import type { Contest } from '@bullpen/shared/schemas';
import { PageError, PageLoader } from '@bullpen/shared/ui';
import type { ReactNode } from 'react';
import { useContest } from '../api/contests-api';
import { useErrorToast } from '../hooks/use-error-toast';
import { Screen } from './ui';

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
      <Screen label={label}>
        <PageError
          title={status === 404 ? 'This contest does not exist' : 'This contest could not be loaded'}
          message={status === 404 ? 'The link may be mistyped, or the contest was removed.' : (error as Error).message}
          onRetry={status === 404 ? undefined : () => void mutate()}
        />
      </Screen>
    );
  }
  if (!data) {
    return (
      <Screen label={label}>
        <PageLoader label="Loading the contest…" />
      </Screen>
    );
  }
  return <Screen label={label}>{children(data.contest)}</Screen>;
}

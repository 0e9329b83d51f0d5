import { ApiError, errorMessage } from '@bullpen/shared';
import { PageError } from './states';

/**
 * The page a failed read leaves: a 404 in the page's own words, with no Try again (the link is wrong, retrying will
 * not help); any other failure with the API's message and Try again.
 */
export function ReadError({
  error,
  title,
  notFound,
  onRetry,
}: {
  error: unknown;
  /** The title of any failure but a 404 ("Could not load this contest"). */
  title: string;
  notFound: { title: string; message: string };
  onRetry: () => void;
}) {
  const missing = error instanceof ApiError && error.statusCode === 404;
  return missing ? (
    <PageError title={notFound.title} message={notFound.message} />
  ) : (
    <PageError title={title} message={errorMessage(error)} onRetry={onRetry} />
  );
}

import { Button, Callout } from '@bullpen/shared/ui';
import { formatAge } from '../lib/age';

/**
 * Said above lists that are shown from an earlier fetch (kept from a previous visit, or from before the API went
 * away) because refreshing them failed: how old they are, that they could not be refreshed, and a way to try now.
 * `fetchedAt` is the oldest of the lists' fetch times, null when unknown.
 */
export function StaleNotice({ fetchedAt, onRetry }: { fetchedAt: number | null; onRetry: () => void }) {
  const when = fetchedAt === null ? 'an earlier visit' : formatAge(Date.now() - fetchedAt);
  return (
    <Callout tone="warning" title={`Showing contests from ${when} — couldn’t refresh them.`}>
      Starts, ranks and places may have changed since. This page keeps trying by itself.{' '}
      <Button size="small" onClick={onRetry}>
        Retry now
      </Button>
    </Callout>
  );
}

import { formatQuoteTime } from '../format/format';
import { Badge } from './badge';

/**
 * Beside a price: its own time (`time`: a delayed feed's prices say when they were the price) and "Stale" when the feed
 * has had no new price for it in 5 minutes of an open market. Nothing at all for a fresh simulated price.
 */
export function PriceStamp({ asOf, stale, time }: { asOf?: string | null; stale?: boolean; time: boolean }) {
  const showTime = time && !!asOf;
  if (!showTime && !stale) return null;
  return (
    <span className="bp-small bp-muted">
      {showTime ? `as of ${formatQuoteTime(asOf)}` : null}
      {showTime && stale ? ' ' : null}
      {stale ? (
        <span title="No new price for 5 minutes of an open market: this is the last one the feed gave">
          <Badge tone="warning">Stale</Badge>
        </span>
      ) : null}
    </span>
  );
}

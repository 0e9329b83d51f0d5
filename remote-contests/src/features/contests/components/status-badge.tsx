import type { ContestStatus } from '@bullpen/contract';
import { useMarketWords } from '@bullpen/shared/reads';
import { Badge } from '@bullpen/shared/ui';
import { STATUS_LABEL, STATUS_TONE } from '../lib/contest-status';

export function StatusBadge({ status }: { status: ContestStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}

/**
 * Said wherever a price is shown: where prices come from, in the API's words ("Simulated prices", "Prices delayed 15
 * min · Massive"), and on a market with hours its state ("Closed · opens Mon 9:30 AM ET"). Nothing until the API has
 * said: never a guess.
 */
export function PriceSource() {
  const market = useMarketWords();
  if (!market) return null;
  return (
    <span
      title={
        market.simulated
          ? "Prices come from Bullpen's market simulator, not a live exchange"
          : 'Real market prices, delayed: each price shows its own time'
      }
    >
      <Badge tone={market.simulated ? 'warning' : 'neutral'}>{market.label}</Badge>
      {market.state ? (
        <>
          {' '}
          <Badge tone={market.closed ? 'warning' : 'neutral'}>{market.state}</Badge>
        </>
      ) : null}
    </span>
  );
}

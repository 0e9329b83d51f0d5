import type { ContestStatus } from '@bullpen/contract';
import { useMarketStatus } from '@bullpen/shared/reads';
import { Badge } from '@bullpen/shared/ui';
import { STATUS_LABEL, STATUS_TONE } from '../lib/contest-status';

export function StatusBadge({ status }: { status: ContestStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}

/**
 * Said wherever a price is shown: where the prices come from, in the API's own words ("Simulated prices", "Prices
 * delayed 15 min · Massive"). Nothing until the API has said: never a guess.
 */
export function SimulatedPrices() {
  const { data } = useMarketStatus();
  if (!data) return null;
  const simulated = data.feed === 'simulated';
  return (
    <span
      title={
        simulated
          ? "Prices come from Bullpen's market simulator, not a live exchange"
          : `Real prices, ${data.delayMinutes} minutes behind the market`
      }
    >
      <Badge tone={simulated ? 'warning' : 'neutral'}>{data.label}</Badge>
    </span>
  );
}

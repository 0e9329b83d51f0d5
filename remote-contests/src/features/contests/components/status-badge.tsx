import type { ContestStatus } from '@bullpen/contract';
import { Badge } from '@bullpen/shared/ui';
import { STATUS_LABEL, STATUS_TONE } from '../lib/contest-status';

export function StatusBadge({ status }: { status: ContestStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}

/** Said wherever a price is shown: they come from the simulator, not a market. */
export function SimulatedPrices() {
  return (
    <span title="Prices come from Bullpen's market simulator, not a live exchange">
      <Badge tone="warning">Simulated prices</Badge>
    </span>
  );
}

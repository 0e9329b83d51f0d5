import type { Equity } from '@bullpen/shared/schemas';
import { formatInteger, formatMoney, formatReturn, SimulatedPrices, Trend } from '../../contests';
import type { AllocationPlan } from '@bullpen/shared/schemas';

export function AllocationTable({
  allocation,
  equities,
  startingCash,
}: {
  allocation: AllocationPlan;
  equities: ReadonlyMap<string, Equity>;
  startingCash: number;
}) {
  return (
    <div className="bpc-stack">
      <div className="bpc-row bpc-between">
        <h2 style={{ margin: 0 }}>Planned allocation</h2>
        <SimulatedPrices />
      </div>
      <p className="bpc-muted bpc-small" style={{ margin: 0 }}>
        {formatMoney(startingCash)} split equally ({formatMoney(allocation.rows[0]?.budget ?? 0)} per pick), whole
        shares at today’s price. The real purchase happens at the start price, so the numbers may move a little.
      </p>
      <div className="bpc-table-wrap">
        <table className="bpc-table" aria-label="Planned allocation">
          <thead>
            <tr>
              <th scope="col">Symbol</th>
              <th scope="col" className="bpc-hide-narrow">
                Name
              </th>
              <th scope="col" className="bpc-num">
                Price
              </th>
              <th scope="col" className="bpc-num bpc-hide-narrow">
                Today
              </th>
              <th scope="col" className="bpc-num">
                Shares
              </th>
              <th scope="col" className="bpc-num">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {allocation.rows.map((row) => {
              const equity = equities.get(row.symbol);
              return (
                <tr key={row.symbol}>
                  <th scope="row" style={{ textAlign: 'left' }}>
                    {row.symbol}
                  </th>
                  <td className="bpc-hide-narrow bpc-muted">{equity?.name ?? ''}</td>
                  <td className="bpc-num">{formatMoney(row.price)}</td>
                  <td className="bpc-num bpc-hide-narrow">
                    {equity ? <Trend value={equity.changePct}>{formatReturn(equity.changePct)}</Trend> : '—'}
                  </td>
                  <td className="bpc-num">{formatInteger(row.shares)}</td>
                  <td className="bpc-num">{formatMoney(row.cost)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" style={{ textAlign: 'left' }} colSpan={1}>
                Invested
              </th>
              <td className="bpc-hide-narrow" />
              <td />
              <td className="bpc-hide-narrow" />
              <td />
              <td className="bpc-num" data-testid="invested">
                {formatMoney(allocation.invested)}
              </td>
            </tr>
            <tr>
              <th scope="row" style={{ textAlign: 'left' }}>
                Cash left
              </th>
              <td className="bpc-hide-narrow" />
              <td />
              <td className="bpc-hide-narrow" />
              <td />
              <td className="bpc-num" data-testid="cash-left">
                {formatMoney(allocation.cash)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

import { formatMoney } from '@bullpen/shared/format';
import type { ContestRules, TradeSide } from '@bullpen/contract';
import { commissionFor, estimatedAmount } from '../lib/order-math';
import type { CapRoom } from '../lib/ticket-form';

export const sharesText = (count: number) => `${count} ${count === 1 ? 'share' : 'shares'}`;

/**
 * The figures an order is decided on, before Review: its amount (or what it reserves), its commission, buying power,
 * the shares held and free, and how many shares fit under the contest's position cap at the order's price, after the
 * open orders of the same side.
 */
export function TicketFigures({
  side,
  conditional,
  quantity,
  price,
  reserve,
  buyingPower,
  holding,
  rules,
  room,
}: {
  side: TradeSide;
  conditional: boolean;
  quantity: number;
  price: number | null;
  reserve: number;
  buyingPower: number;
  holding: { held: number; available: number };
  rules: ContestRules;
  room: CapRoom | null;
}) {
  const shares = Number.isInteger(quantity) && quantity > 0 ? quantity : 0;
  const charges = rules.commission.perTrade > 0 || rules.commission.perShare > 0;
  const short = holding.held < 0;
  const reserved = Math.abs(holding.held) - holding.available;
  return (
    <dl className="bp-pairs">
      {conditional ? (
        <div className="bp-pairs__item">
          <dt>Reserves until it fills or you cancel</dt>
          <dd className="bp-num">{side === 'sell' ? sharesText(shares) : formatMoney(reserve)}</dd>
        </div>
      ) : (
        <div className="bp-pairs__item">
          <dt>Estimated amount</dt>
          <dd className="bp-num">{formatMoney(price === null ? 0 : estimatedAmount(shares, price))}</dd>
        </div>
      )}
      {charges ? (
        <div className="bp-pairs__item">
          <dt>Commission</dt>
          <dd className="bp-num">{formatMoney(commissionFor(rules.commission, shares))}</dd>
        </div>
      ) : null}
      <div className="bp-pairs__item">
        <dt>Buying power</dt>
        <dd className="bp-num">{formatMoney(buyingPower)}</dd>
      </div>
      {room !== null ? (
        <div className="bp-pairs__item">
          <dt>Fits under the {rules.maxPositionPct}% cap</dt>
          <dd className={`bp-num${shares > room.shares ? ' bp-warning-text' : ''}`}>
            {holding.held !== 0 || room.pending > 0 ? `${room.shares} more` : room.shares}{' '}
            {room.shares === 1 ? 'share' : 'shares'}
            {room.pending > 0 ? <small className="bp-muted"> ({room.pending} in open orders)</small> : null}
          </dd>
        </div>
      ) : null}
      <div className="bp-pairs__item">
        <dt>Shares held</dt>
        <dd className="bp-num">
          {holding.held}
          {short ? <small className="bp-muted"> (short)</small> : null}
        </dd>
      </div>
      <div>
        <dt>{short ? 'Available to cover' : 'Available to sell'}</dt>
        <dd className="bp-num">
          {holding.available}
          {reserved > 0 ? <small className="bp-muted"> ({reserved} reserved by open orders)</small> : null}
        </dd>
      </div>
    </dl>
  );
}

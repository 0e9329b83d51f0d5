import { formatDateTime, formatMoney } from '@bullpen/shared/format';
import { type ConditionalOrderType, type ContestRules, SIDE_WORDS } from '@bullpen/contract';
import { commissionFor, estimatedAmount } from '../lib/order-math';
import type { TicketOrder } from '../lib/ticket-form';
import { sharesText } from './ticket-figures';

const TYPE_WORD: Record<ConditionalOrderType, string> = {
  limit: 'limit',
  stop: 'stop',
  'stop-limit': 'stop-limit',
  'trailing-stop': 'trailing stop',
};

/** The order in one sentence, asked as a question before it is sent. */
export function ReviewText({
  id,
  order,
  price,
  reserve,
  rules,
  marketNote = 'Market orders fill at the price when they arrive.',
}: {
  id: string;
  order: TicketOrder;
  price: number | null;
  reserve: number;
  rules: ContestRules;
  /** How a market order fills here: at once, or (on a delayed feed) at the price when it was placed, shown later. */
  marketNote?: string;
}) {
  const { body } = order;
  const commission = commissionFor(rules.commission, body.quantity);
  const fee =
    commission > 0 ? (
      <>
        {' '}
        Commission: <strong className="bp-num">{formatMoney(commission)}</strong>.
      </>
    ) : null;
  if (order.kind === 'market') {
    const at = price ?? 0;
    return (
      <p id={id}>
        {SIDE_WORDS[body.side]} <strong>{body.quantity}</strong> {body.symbol} at about{' '}
        <strong className="bp-num">{formatMoney(at)}</strong> for about{' '}
        <strong className="bp-num">{formatMoney(estimatedAmount(body.quantity, at))}</strong>? {marketNote}
        {fee}
      </p>
    );
  }
  const conditional = order.body;
  const trail =
    conditional.trailAmount !== undefined
      ? formatMoney(conditional.trailAmount)
      : conditional.trailPercent !== undefined
        ? `${conditional.trailPercent}%`
        : null;
  const reserves = conditional.side === 'sell' ? sharesText(conditional.quantity) : formatMoney(reserve);
  return (
    <p id={id}>
      {SIDE_WORDS[conditional.side]} <strong>{conditional.quantity}</strong> {conditional.symbol} with a{' '}
      {TYPE_WORD[conditional.type]} order
      {conditional.stopPrice !== undefined ? (
        <>
          , stop <strong className="bp-num">{formatMoney(conditional.stopPrice)}</strong>
        </>
      ) : null}
      {conditional.limitPrice !== undefined ? (
        <>
          , limit <strong className="bp-num">{formatMoney(conditional.limitPrice)}</strong>
        </>
      ) : null}
      {trail ? (
        <>
          , trail <strong className="bp-num">{trail}</strong>
        </>
      ) : null}
      ? It reserves <strong className="bp-num">{reserves}</strong> until it fills or you cancel it, and expires{' '}
      {conditional.expiresAt ? `on ${formatDateTime(conditional.expiresAt)}` : 'when the contest ends'}.{fee}
    </p>
  );
}

import { formatMoney } from '@bullpen/shared/format';
import type { UseFormReturn } from 'react-hook-form';
import { currentTrailingStop, type TicketContext, type TicketOrder, type TicketValues } from '../lib/ticket-form';
import { TicketInput } from './ticket-input';

/**
 * A trailing stop's trail, in dollars or percent, and the stop it gives today: below the price for a sell or short
 * (it rises with the price, never falls), above it for a buy or cover (it falls with the price, never rises).
 */
export function TrailFields({
  id,
  form,
  values,
  price,
  error,
}: {
  id: string;
  form: UseFormReturn<TicketValues, TicketContext, TicketOrder>;
  values: TicketValues;
  price: number | null;
  error: string | null;
}) {
  const stop = currentTrailingStop(values, price);
  const below = values.side === 'sell' || values.side === 'short';
  const byAmount = values.trailBy === 'amount';
  return (
    <>
      <fieldset className="bp-segmented">
        <legend className="bp-field__label">Trail by</legend>
        {(['amount', 'percent'] as const).map((by) => (
          <label key={by} className="bp-segmented__option">
            <input
              type="radio"
              value={by}
              {...form.register('trailBy', { onChange: () => form.clearErrors('trail') })}
            />
            {by === 'amount' ? 'Amount ($)' : 'Percent (%)'}
          </label>
        ))}
      </fieldset>
      <TicketInput
        id={id}
        label={byAmount ? 'Trail amount ($)' : 'Trail percent (%)'}
        hint={
          below
            ? 'The stop stays this far below the highest price since you placed the order.'
            : 'The stop stays this far above the lowest price since you placed the order.'
        }
        error={error}
        inputMode="decimal"
        registration={form.register('trail')}
      />
      <dl className="bp-pairs">
        <div className="bp-pairs__item">
          <dt>Stop today</dt>
          <dd className="bp-num">{Number.isNaN(stop) ? '—' : formatMoney(stop)}</dd>
        </div>
      </dl>
    </>
  );
}

import type { TradeSide } from '@bullpen/shared/schemas';
import type { UseFormRegisterReturn } from 'react-hook-form';

const SIDES: { value: TradeSide; label: string; tone: 'up' | 'down' }[] = [
  { value: 'buy', label: 'Buy', tone: 'up' },
  { value: 'sell', label: 'Sell', tone: 'down' },
  { value: 'short', label: 'Short', tone: 'down' },
  { value: 'cover', label: 'Cover', tone: 'up' },
];

/**
 * Buy and Sell, and Short and Cover where the contest allows short selling. A side the position does not allow is
 * shown disabled: a sell needs shares held, a cover a short position, and a symbol is never long and short at once.
 */
export function SidePicker({
  shortSelling,
  allowed,
  registration,
}: {
  shortSelling: boolean;
  allowed: TradeSide[];
  registration: UseFormRegisterReturn<'side'>;
}) {
  const shown = SIDES.filter((side) => shortSelling || side.value === 'buy' || side.value === 'sell');
  return (
    <fieldset className="bp-segmented">
      <legend className="bp-field__label">Side</legend>
      {shown.map((side) => (
        <label key={side.value} className={`bp-segmented__option bp-segmented__option--${side.tone}`}>
          <input type="radio" {...registration} value={side.value} disabled={!allowed.includes(side.value)} />
          {side.label}
        </label>
      ))}
    </fieldset>
  );
}
